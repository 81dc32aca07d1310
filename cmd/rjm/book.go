package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"rjm/book"
	"rjm/generate"
	"rjm/internal/safefile"
	"rjm/maze"
)

func newBookCmd(e *env) *cobra.Command {
	var (
		f                 searchFlags
		s                 book.Settings
		energyName, bands string
		paper, out, tiles string
	)
	c := &cobra.Command{
		Use:  "book",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return badInput(fmt.Errorf("-o FILE is required: a book is a PDF"))
			}
			if err := safefile.Check(out); err != nil {
				return badInput(fmt.Errorf("-o: %w", err))
			}
			var err error
			if s.Paper, err = book.ParsePaper(paper); err != nil {
				return badInput(fmt.Errorf("--paper: %s", strings.TrimPrefix(err.Error(), "book: ")))
			}
			var buf bytes.Buffer
			if tiles != "" {
				m, _, err := generate.ReadFile(e.ctx, tiles, maze.ParseOptions{})
				if err != nil {
					return badInput(fmt.Errorf("--tiles: %w", err))
				}
				if err := book.Tiles(&buf, m, s.Paper); err != nil {
					return badInput(err)
				}
				return safefile.WriteBytes(out, buf.Bytes())
			}
			spec, err := f.spec(cmd)
			if err != nil {
				return badInput(err)
			}
			en, err := energyFlag(energyName)
			if err != nil {
				return badInput(err)
			}
			spec.Energy, s.Spec = en.Name(), spec
			if s.Bands, err = book.ParseBands(bands); err != nil {
				return badInput(fmt.Errorf("--bands: %s", strings.TrimPrefix(err.Error(), "book: ")))
			}
			if s.Count < 1 {
				return badInput(fmt.Errorf("--count %d out of range 1..%d", s.Count, book.MaxCount))
			}
			if err := s.Validate(); err != nil {
				return badInput(err)
			}
			var finish func()
			s.Progress, finish = workProgress(e, "finding puzzles")
			err = book.Write(e.ctx, &buf, s)
			finish()
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("seed") {
				fmt.Fprintf(e.stderr, "rjm: seed %d (make this book again with --seed %d)\n", spec.Seed, spec.Seed)
			}
			return safefile.WriteBytes(out, buf.Bytes())
		},
	}
	f.register(c)
	fl := c.Flags()
	fl.StringVar(&energyName, "energy", generate.Default().Energy, energyFlagHelp)
	fl.IntVar(&s.Count, "count", 12, fmt.Sprintf("puzzles `N` (1..%d)", book.MaxCount))
	fl.StringVar(&bands, "bands", "easy,medium,hard", "difficulty `bands`, comma-separated: easy, medium, hard")
	fl.StringVar(&paper, "paper", "a4", "`paper`: a4 or letter")
	fl.IntVar(&s.PerPage, "per-page", 4, "puzzles `P` per page: 1, 2, 4 or 6")
	fl.StringVar(&s.Title, "title", "Rook Jumping Mazes", "the book's `title`")
	fl.StringVar(&tiles, "tiles", "", "make the tiles of a floor maze from the maze in `FILE` instead")
	fl.StringVarP(&out, "output", "o", "", "write the PDF to `FILE`")
	return c
}
