package book_test

import (
	"testing"

	"rjm/book"
)

// FuzzParseBands: any list of bands is read as bands or refused, never a
// panic, and what is read names each band as given.
func FuzzParseBands(f *testing.F) {
	for _, s := range []string{"easy,medium,hard", "hard", " Easy , HARD", "", ",", "brutal", "easy,,hard"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		bands, err := book.ParseBands(s)
		if err != nil {
			return
		}
		for _, b := range bands {
			if again, err := book.ParseBand(b.String()); err != nil || again != b {
				t.Fatalf("%q: band %v does not read back", s, b)
			}
		}
	})
}
