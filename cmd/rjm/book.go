package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"rjm/book"
	"rjm/fault"
	"rjm/generate"
	"rjm/internal/buildinfo"
	"rjm/internal/cli"
	"rjm/internal/safefile"
	"rjm/maze"
	"rjm/render"
)

func newBookCmd(e *cli.Env) *cobra.Command {
	var (
		f                 cli.SearchFlags
		s                 book.Settings
		energyName, bands string
		paper, out, tiles string
		bleed, fontFile   string
		list              string
		boards            []string
		asJSON            bool
		db                string
	)
	c := &cobra.Command{
		Use:  "book",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return fault.Invalid("", "-o FILE is required: a book is a PDF")
			}
			if err := safefile.Check(out); err != nil {
				return fault.In("-o", err)
			}
			var err error
			if s.Paper, err = book.ParsePaper(paper); err != nil {
				return fault.In("--paper", err)
			}
			if s.Bleed, err = render.ParseBleed(bleed); err != nil {
				return fault.In("--bleed", err)
			}
			if fontFile != "" {
				if s.Font, err = readFont(fontFile); err != nil {
					return fault.In("--font", err)
				}
			}
			var buf bytes.Buffer
			if tiles != "" {
				m, _, err := generate.ReadFile(e.Ctx, tiles, maze.ParseOptions{})
				if err != nil {
					return fault.In("--tiles", err)
				}
				if err := book.Tiles(&buf, m, s.Paper); err != nil {
					return err // a bad input is a *fault.Error: exit 2
				}
				return writeOut(out, buf.Bytes())
			}
			if list != "" {
				return listBook(e, cmd, s, list, db, out, asJSON)
			}
			spec, err := bookSpecs(cmd, &f, energyName, boards, &s)
			if err != nil {
				return err // a *fault.Error: exit 2
			}
			s.Spec = spec
			if s.Bands, err = book.ParseBands(bands); err != nil {
				return fault.In("--bands", err)
			}
			if s.Count < 1 {
				return fault.Invalid("--count", "%d out of range 1..%d", s.Count, book.MaxCount)
			}
			if err := s.Validate(); err != nil {
				return err // a bad input is a *fault.Error: exit 2
			}
			s.Version, s.Command = version(), commandLine(cmd, spec.Seed)
			if s.Model, err = storeModel(e, db); err != nil {
				return err
			}
			var finish func()
			s.Progress, finish = e.Progress("finding puzzles")
			puzzles, err := book.Mazes(e.Ctx, s)
			finish()
			if err != nil {
				return bookAdvice(cmd, err, s)
			}
			if !cmd.Flags().Changed("seed") {
				fmt.Fprintf(e.Stderr, "rjm: seed %d (make this book again with --seed %d)\n", spec.Seed, spec.Seed)
			}
			return writeBook(e, s, puzzles, out, asJSON)
		},
	}
	f.Register(c)
	fl := c.Flags()
	fl.StringVar(&energyName, "energy", generate.Default().Energy, cli.EnergyFlagHelp)
	fl.IntVar(&s.Count, "count", 12, fmt.Sprintf("puzzles `N` (1..%d)", book.MaxCount))
	fl.StringVar(&bands, "bands", "easy,medium,hard", "difficulty `bands`, comma-separated: easy, medium, hard")
	fl.StringVar(&paper, "paper", "a4", "`paper`: a4, letter, a5, b5, 6x9in, or WIDTHxHEIGHT in mm, cm or in (148x210mm)")
	fl.StringVar(&bleed, "bleed", "", "enlarge each page by `LENGTH` on every side for a printer's trim (3mm, 0.125in), with crop marks; up to 10mm")
	fl.StringVar(&fontFile, "font", "", "print all text in the TrueType font `FILE.ttf`, embedded as a subset (a title in any script it has)")
	fl.IntVar(&s.PerPage, "per-page", 4, "puzzles `P` per page: 1, 2, 4 or 6")
	fl.StringVar(&s.Title, "title", "Rook Jumping Mazes", "the book's `title` (UTF-8: Latin, Greek, Cyrillic, or any script of --font; up to 200 characters, wrapped)")
	fl.StringVar(&s.Subtitle, "subtitle", "", "a `subtitle` under the title")
	fl.StringVar(&s.Author, "author", "", "the `author`, on the title page and in the PDF")
	fl.StringVar(&db, "db", "", "choose and order each band's puzzles by the difficulty model fitted to the plays of the store at `PATH` (default: simulated novices)")
	fl.StringArrayVar(&boards, "board", nil, "make a volume with a part per `BOARD`, repeated: N or RxC, with -RULES (6x6-hex,exit), or @FILE (a layout); --count is the volume's, shared")
	fl.StringVar(&list, "mazes", "", "make the book of the mazes listed in `FILE` instead (one maze ID per line, # comments: the workbench's book list)")
	fl.StringVar(&tiles, "tiles", "", "make the tiles of a floor maze from the maze in `FILE` instead")
	fl.StringVarP(&out, "output", "o", "", "write the PDF to `FILE`")
	fl.BoolVar(&asJSON, "json", false, "also print the book's manifest as JSON: each puzzle's number, band, maze ID, seeded ID and shortest solution")
	return c
}

// bookSpecs returns the recipe of a book's puzzles from the search flags
// f, and with --board (boards) the recipes of a volume's parts in
// s.Boards, all from the one seed, and the first.
func bookSpecs(cmd *cobra.Command, f *cli.SearchFlags, energyName string, boards []string, s *book.Settings) (generate.Spec, error) {
	if len(boards) == 0 {
		return f.Spec(cmd, energyName)
	}
	for _, name := range []string{"size", "rows", "cols", "variant", "layout", "start", "goal"} {
		if cmd.Flags().Changed(name) {
			return generate.Spec{}, fault.Invalid("", "--board gives each board: --%s does not apply", name)
		}
	}
	var seed *uint64
	for _, v := range boards {
		b, err := cli.ParseBoard(v)
		if err != nil {
			return generate.Spec{}, fault.In("--board", err)
		}
		spec, err := f.SpecOn(cmd, energyName, b, seed)
		if err != nil {
			return generate.Spec{}, err
		}
		if seed == nil {
			seed = &spec.Seed
		}
		s.Boards = append(s.Boards, spec)
	}
	return s.Boards[0], nil
}

// bookAdvice adds to a band the board cannot fill the flags that change
// it: other bands, a larger board, or (when the search ran short) other
// seeds.
func bookAdvice(cmd *cobra.Command, err error, s book.Settings) error {
	var others []string
	for _, b := range s.Bands {
		var re *book.ReachError
		var fe *book.FillError
		if (errors.As(err, &re) && re.Band == b) || (errors.As(err, &fe) && fe.Band == b) {
			continue
		}
		others = append(others, b.String())
	}
	larger := fmt.Sprintf("a larger board (--size %d)", max(s.Spec.Rows, s.Spec.Cols)+1)
	switch {
	case cmd.Flags().Changed("layout"):
		larger = "a larger layout (--layout FILE)"
	case len(s.Boards) > 0:
		larger = "a larger board (--board)"
	}
	var se *book.ShortBoardError
	if errors.As(err, &se) {
		return fault.Invalid("", "%w", err)
	}
	var re *book.ReachError
	if errors.As(err, &re) {
		if len(others) == 0 {
			return fault.Invalid("", "%w: choose an easier band (--bands easy) or %s", err, larger)
		}
		return fault.Invalid("", "%w: leave it out (--bands %s) or choose %s", err, strings.Join(others, ","), larger)
	}
	var fe *book.FillError
	if errors.As(err, &fe) {
		return fmt.Errorf("%w: try another --seed, fewer puzzles (--count), other bands (--bands) or %s", err, larger)
	}
	return err
}

// listBook makes the book of the mazes listed in the file list (--mazes).
func listBook(e *cli.Env, cmd *cobra.Command, s book.Settings, list, db, out string, asJSON bool) error {
	for _, name := range []string{"count", "bands", "seed", "size", "rows", "cols", "variant", "layout", "board"} {
		if fl := cmd.Flags().Lookup(name); fl != nil && fl.Changed {
			return fault.Invalid("", "--mazes makes the book of the listed mazes: --%s does not apply", name)
		}
	}
	file, err := os.Open(list)
	if err != nil {
		return fault.In("--mazes", err)
	}
	listed, err := book.ReadList(file)
	file.Close()
	if err != nil {
		return fault.Invalid("--mazes", "%s: %w", list, err)
	}
	if s.Model, err = storeModel(e, db); err != nil {
		return err
	}
	s.Version, s.Command = version(), commandLine(cmd, 0)
	puzzles, s, err := book.FromList(e.Ctx, s, listed)
	if err != nil {
		return fault.Invalid("--mazes", "%s: %w", list, err)
	}
	return writeBook(e, s, puzzles, out, asJSON)
}

// writeBook writes the book of s with puzzles to the file out, and its
// manifest on standard output with --json.
func writeBook(e *cli.Env, s book.Settings, puzzles []book.Puzzle, out string, asJSON bool) error {
	var buf bytes.Buffer
	if err := book.WritePuzzles(e.Ctx, &buf, s, puzzles); err != nil {
		return err
	}
	if err := writeOut(out, buf.Bytes()); err != nil || !asJSON {
		return err
	}
	m, err := book.ManifestOf(s, puzzles)
	if err != nil {
		return err
	}
	return e.WriteJSON(m)
}

// commandLine is the rjm book command that makes the book again: the
// flags given but -o and --json (the same flags make the same PDF, byte
// for byte, wherever it is written), in the order of their names, each value quoted for a shell
// where it needs it, and --seed with the seed drawn when none was given
// (seed 0: a book of listed mazes, which has none).
func commandLine(cmd *cobra.Command, seed uint64) string {
	parts := []string{"rjm", "book"}
	quote := func(v string) string {
		if v != "" && strings.IndexFunc(v, func(r rune) bool {
			return !(r == '-' || r == '_' || r == '.' || r == '/' || r == ',' || r == ':' || r == '=' || r == '+' ||
				r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		}) < 0 {
			return v
		}
		return "'" + strings.ReplaceAll(v, "'", `'\''`) + "'"
	}
	seen := false
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if !f.Changed || f.Name == "output" || f.Name == "json" {
			return // where the book goes, not what it is
		}
		seen = seen || f.Name == "seed"
		if f.Value.Type() == "bool" {
			parts = append(parts, "--"+f.Name)
			return
		}
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			for _, v := range sv.GetSlice() {
				parts = append(parts, "--"+f.Name, quote(v))
			}
			return
		}
		parts = append(parts, "--"+f.Name, quote(f.Value.String()))
	})
	if !seen && seed != 0 {
		parts = append(parts, "--seed", fmt.Sprint(seed))
	}
	return strings.Join(parts, " ")
}

// version is the build of rjm a book's imprint names: buildinfo's, or "a
// development build" where it knows no commit.
func version() string {
	v := buildinfo.Version()
	if strings.Contains(v, "commit unknown") {
		return "a development build"
	}
	return v
}

// readFont reads the TrueType font of --font, at most render.MaxFontBytes.
func readFont(name string) (*render.Font, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fault.Invalid("", "cannot read the font %s", name)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, render.MaxFontBytes+1))
	if err != nil {
		return nil, fault.Invalid("", "cannot read the font %s", name)
	}
	return render.ParseFont(name, data)
}
