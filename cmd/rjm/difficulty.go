package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"rjm/difficulty"
	"rjm/fault"
	"rjm/internal/cli"
	"rjm/store"
)

// defaultModelPlays is how many of the latest plays rjm difficulty reads
// from a store unless told: as many as the server fits.
const defaultModelPlays = 100_000

func newDifficultyCmd(e *cli.Env) *cobra.Command {
	var (
		db, playsFile, export string
		limit                 int
		asJSON                bool
	)
	c := &cobra.Command{
		Use:  "difficulty",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := cli.Exclusive(cmd, [2]string{"db", "plays"}); err != nil {
				return cli.FlagError(cmd, err)
			}
			if db == "" && playsFile == "" {
				return cli.FlagError(cmd, errors.New("give the plays: --db PATH (a store) or --plays FILE (a play log)"))
			}
			if limit < 1 {
				return cli.FlagError(cmd, fmt.Errorf("--limit %d: want 1 or more", limit))
			}
			plays, dates, err := readPlays(e, db, playsFile, limit)
			if err != nil {
				return err
			}
			if export != "" {
				if err := writePlayLog(export, plays); err != nil {
					return err
				}
			}
			m, err := difficulty.FitLog(e.Ctx, plays, dates)
			if err != nil {
				return err
			}
			return e.Show(asJSON, m, cli.Text(m.Text(func(id string) string { return dates[id] })))
		},
	}
	fl := c.Flags()
	fl.StringVar(&db, "db", "", "fit the plays of the store at `PATH` (an SQLite file, or a postgres:// URL), and rate its mazes of the day")
	fl.StringVar(&playsFile, "plays", "", "fit the plays of the play log `FILE` (JSON Lines, as --export writes; - for standard input)")
	fl.IntVar(&limit, "limit", defaultModelPlays, "fit the latest `N` plays of the store")
	fl.StringVar(&export, "export", "", "also write the plays read to `FILE` as a play log")
	fl.BoolVar(&asJSON, "json", false, "print the model as JSON")
	return c
}

// storeModel returns the difficulty model of the store at db's plays
// (the latest defaultModelPlays), or nil (the model of no plays) when db
// is "".
func storeModel(e *cli.Env, db string) (*difficulty.Model, error) {
	if db == "" {
		return nil, nil
	}
	plays, dates, err := readPlays(e, db, "", defaultModelPlays)
	if err != nil {
		return nil, err
	}
	return difficulty.FitLog(e.Ctx, plays, dates)
}

// readPlays reads the plays from the store at db or the play log file, and
// the store's mazes of the day (maze ID → date).
func readPlays(e *cli.Env, db, file string, limit int) ([]store.Play, map[string]string, error) {
	if file != "" {
		var r io.Reader = e.Stdin
		if file != "-" {
			f, err := os.Open(file)
			if err != nil {
				return nil, nil, fault.In("--plays", err)
			}
			defer f.Close()
			r = f
		}
		plays, err := store.ReadPlayLog(r)
		if err != nil {
			return nil, nil, fault.In("--plays "+file, err)
		}
		return plays, map[string]string{}, nil
	}
	if !store.IsPostgres(db) {
		// A store that is not there is a mistake, not one to create.
		if _, err := os.Stat(db); err != nil {
			return nil, nil, fault.In("--db", err)
		}
	}
	st, err := store.Open(e.Ctx, db)
	if err != nil {
		return nil, nil, err
	}
	defer st.Close()
	return difficulty.StoreLog(e.Ctx, st, limit)
}

func writePlayLog(name string, plays []store.Play) error {
	f, err := os.Create(name)
	if err != nil {
		return fault.In("--export", err)
	}
	if err := store.WritePlayLog(f, plays); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
