package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"rjm/internal/cli"
	"rjm/store"
)

func newBackupCmd(e *cli.Env) *cobra.Command {
	var db string
	c := &cobra.Command{
		Use:  "backup FILE",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := store.Backup(e.Ctx, db, args[0]); err != nil {
				return err // a bad input is a *fault.Error: exit 2
			}
			fmt.Fprintf(e.Stderr, "rjm: backed up %s to %s\n", store.Display(db), args[0])
			return nil
		},
	}
	c.Flags().StringVar(&db, "db", store.DefaultPath(), "the SQLite database `PATH` to back up")
	return c
}
