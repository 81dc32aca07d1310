package main

import (
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"rjm/internal/cli"
	"rjm/store"
)

func newBackupCmd(e *cli.Env) *cobra.Command {
	var db string
	var keep int
	c := &cobra.Command{
		Use:  "backup FILE|DIR",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dest := args[0]
			if fi, err := os.Stat(dest); err == nil && fi.IsDir() {
				// A directory of backups: a new name each time, the
				// oldest beyond --keep removed.
				var err error
				if dest, err = store.BackupInto(e.Ctx, db, dest, keep, time.Now()); err != nil {
					return err // a bad input is a *fault.Error: exit 2
				}
			} else if cmd.Flags().Changed("keep") {
				return cli.FlagError(cmd, fmt.Errorf("--keep rotates the backups of a directory: give a directory, not %s", dest))
			} else if err := store.Backup(e.Ctx, db, dest); err != nil {
				return err
			}
			fmt.Fprintf(e.Stderr, "rjm: backed up %s to %s\n", store.Display(db), dest)
			return nil
		},
	}
	c.Flags().StringVar(&db, "db", store.DefaultPath(), "the SQLite database `PATH` to back up")
	c.Flags().IntVar(&keep, "keep", 0, "into a directory: keep the newest `N` backups there, removing the older (0 keeps all)")
	return c
}

func newRestoreCmd(e *cli.Env) *cobra.Command {
	var db string
	c := &cobra.Command{
		Use:  "restore BACKUP",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := store.Restore(e.Ctx, args[0], db); err != nil {
				return err // a bad input is a *fault.Error: exit 2
			}
			fmt.Fprintf(e.Stderr, "rjm: restored %s to %s\n", args[0], store.Display(db))
			return nil
		},
	}
	c.Flags().StringVar(&db, "db", store.DefaultPath(), "the SQLite database `PATH` to restore")
	return c
}
