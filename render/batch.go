package render

import (
	"bufio"
	"encoding/json"
	"io"

	"rjm/generate"
)

// BatchWriter writes the mazes of a batch as they come, each in full
// before the next: their text reports (GenerateText) separated by blank
// lines, or their JSON views (NewGenerate) as one JSON array, indented as
// a whole array would be. Close ends the output (it closes the array), so
// a batch cut short still leaves well-formed output.
type BatchWriter struct {
	w      *bufio.Writer
	asJSON bool
	n      int
}

// NewBatchWriter returns a BatchWriter on w, writing JSON when asJSON is
// set and text otherwise.
func NewBatchWriter(w io.Writer, asJSON bool) *BatchWriter {
	return &BatchWriter{w: bufio.NewWriter(w), asJSON: asJSON}
}

// Write writes one maze and flushes it, so that it appears at once.
func (b *BatchWriter) Write(r *generate.Result) error {
	switch {
	case b.asJSON:
		js, err := json.MarshalIndent(NewGenerate(r), "  ", "  ")
		if err != nil {
			return err
		}
		if b.n == 0 {
			b.w.WriteString("[\n  ")
		} else {
			b.w.WriteString(",\n  ")
		}
		b.w.Write(js)
	case b.n > 0:
		b.w.WriteString("\n")
		fallthrough
	default:
		b.w.WriteString(GenerateText(r))
	}
	b.n++
	return b.w.Flush()
}

// Count returns the number of mazes written.
func (b *BatchWriter) Count() int { return b.n }

// Close ends the output: it closes the JSON array ("[]" when no maze was
// written). It does not close the underlying writer.
func (b *BatchWriter) Close() error {
	if b.asJSON {
		if b.n == 0 {
			b.w.WriteString("[]\n")
		} else {
			b.w.WriteString("\n]\n")
		}
	}
	return b.w.Flush()
}
