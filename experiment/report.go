package experiment

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"rjm/fault"
	"rjm/internal/safefile"
	"rjm/stats"
	"strconv"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// Report is what an experiment found: tables (printed, and written as
// CSV), one-line findings, and figures.
type Report struct {
	Name     string
	Question string
	Settings string // a line saying what was run
	Tables   []Table
	Findings []string
	Figures  []Figure
}

// Table is a table of results. Cells are formatted once, so that the
// text and the CSV agree.
type Table struct {
	Name   string // file name: NAME.csv
	Title  string
	Header []string
	Rows   [][]string
}

// Figure is a plot, written as NAME.png and NAME.svg.
type Figure struct {
	Name string
	Plot *plot.Plot
}

// Figure size.
const (
	figureWidth  = 6 * vg.Inch
	figureHeight = 4 * vg.Inch
)

// WriteText prints the report: what was run, every table with aligned
// columns, and the findings.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s — %s\n%s\n", r.Name, r.Question, r.Settings)
	for _, t := range r.Tables {
		fmt.Fprintf(&b, "\n%s\n", t.Title)
		width := make([]int, len(t.Header))
		for _, row := range append([][]string{t.Header}, t.Rows...) {
			for i, c := range row {
				width[i] = max(width[i], utf8.RuneCountInString(c))
			}
		}
		for _, row := range append([][]string{t.Header}, t.Rows...) {
			for i, c := range row {
				if i > 0 {
					b.WriteString("  ")
				}
				pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
				if i == 0 {
					b.WriteString(c + pad)
				} else {
					b.WriteString(pad + c)
				}
			}
			b.WriteString("\n")
		}
	}
	if len(r.Findings) > 0 {
		b.WriteString("\nFindings:\n")
		for _, f := range r.Findings {
			fmt.Fprintf(&b, "- %s\n", f)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON prints the report as one JSON object: name, question,
// settings, tables (each with name, title, header and rows, a row being
// an object keyed by the header), findings and the names of the figures.
// A cell that is a number is a JSON number; an empty or NaN cell is null;
// any other cell is a string.
func (r *Report) WriteJSON(w io.Writer) error {
	type tableJSON struct {
		Name   string           `json:"name"`
		Title  string           `json:"title"`
		Header []string         `json:"header"`
		Rows   []map[string]any `json:"rows"`
	}
	out := struct {
		Name     string      `json:"name"`
		Question string      `json:"question"`
		Settings string      `json:"settings"`
		Tables   []tableJSON `json:"tables"`
		Findings []string    `json:"findings"`
		Figures  []string    `json:"figures"`
	}{Name: r.Name, Question: r.Question, Settings: r.Settings, Findings: r.Findings, Tables: []tableJSON{}, Figures: []string{}}
	for _, t := range r.Tables {
		tj := tableJSON{Name: t.Name, Title: t.Title, Header: t.Header, Rows: []map[string]any{}}
		for _, row := range t.Rows {
			m := make(map[string]any, len(row))
			for i, c := range row {
				m[t.Header[i]] = cellValue(c)
			}
			tj.Rows = append(tj.Rows, m)
		}
		out.Tables = append(out.Tables, tj)
	}
	for _, f := range r.Figures {
		out.Figures = append(out.Figures, f.Name)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// cellValue is the JSON value of a table cell.
func cellValue(c string) any {
	if c == "" || c == "NaN" {
		return nil
	}
	// ParseFloat also takes forms JSON does not (0x1p-2, Inf, +1).
	if _, err := strconv.ParseFloat(c, 64); err == nil && json.Valid([]byte(c)) {
		return json.Number(c)
	}
	return c
}

// WriteFiles writes every table as CSV and every figure as PNG and SVG
// into dir, creating it if needed, and returns the paths written.
func (r *Report) WriteFiles(dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var paths []string
	for _, t := range r.Tables {
		p := filepath.Join(dir, t.Name+".csv")
		err := safefile.Write(p, func(w io.Writer) error {
			cw := csv.NewWriter(w)
			_ = cw.Write(t.Header)
			_ = cw.WriteAll(t.Rows)
			return cw.Error()
		})
		if err != nil {
			return paths, fmt.Errorf("writing %s: %v", p, err)
		}
		paths = append(paths, p)
	}
	for _, fig := range r.Figures {
		for _, ext := range []string{".png", ".svg"} {
			p := filepath.Join(dir, fig.Name+ext)
			if err := save(fig.Plot, p); err != nil {
				return paths, fmt.Errorf("writing %s: %v", p, err)
			}
			paths = append(paths, p)
		}
	}
	return paths, nil
}

// save writes p to the file path, in the format its extension names,
// turning a panic of the plotting library (it panics on data a scale
// cannot show) into an error.
func save(p *plot.Plot, path string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("drawing %s: %v", path, r)
		}
	}()
	wt, err := p.WriterTo(figureWidth, figureHeight, strings.TrimPrefix(filepath.Ext(path), "."))
	if err != nil {
		return err
	}
	return safefile.Write(path, func(w io.Writer) error { _, err := wt.WriteTo(w); return err })
}

// MakeDir creates the directory dir and any missing parents, and returns
// a function that removes again those it created, if they are still
// empty: for a run that fails or is interrupted before writing into dir.
func MakeDir(dir string) (undo func(), err error) {
	if dir == "" {
		return nil, fault.Invalid("", "empty directory name")
	}
	var made []string
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil || !errors.Is(err, fs.ErrNotExist) {
			break
		}
		made = append(made, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return func() {
		for _, d := range made { // deepest first; Remove keeps a directory that is not empty
			if os.Remove(d) != nil {
				return
			}
		}
	}, nil
}

// Cell formatting. Floats are rounded to a fixed number of decimals, so
// that tables are byte-identical across runs and machines.

func itoa(i int) string { return strconv.Itoa(i) }

func ftoa(x float64, decimals int) string {
	if math.IsNaN(x) {
		return "NaN"
	}
	return strconv.FormatFloat(x, 'f', decimals, 64)
}

// gtoa prints a setting such as a probability or a temperature in its
// shortest form.
func gtoa(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// meanCells returns the mean and the ends of its 95% confidence interval.
func meanCells(e stats.Estimate, decimals int) []string {
	lo, hi := e.CI95()
	return []string{ftoa(e.Mean(), decimals), ftoa(lo, decimals), ftoa(hi, decimals)}
}

// meanHeader is the header of meanCells.
func meanHeader(what string) []string {
	return []string{what, "ci95_low", "ci95_high"}
}

// pm formats an estimate as "mean ± half-width" for findings.
func pm(e stats.Estimate, decimals int) string {
	return fmt.Sprintf("%s ± %s", ftoa(e.Mean(), decimals), ftoa(e.HalfWidth(0.95), decimals))
}

// overlaps reports whether the 95% confidence intervals of a and b
// overlap, a conservative test of "not separated".
func overlaps(a, b stats.Estimate) bool {
	alo, ahi := a.CI95()
	blo, bhi := b.CI95()
	return alo <= bhi && blo <= ahi
}
