package difficulty_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rjm/difficulty"
)

// The policy's figures in docs/publishing.md are the code's: the shares
// and the floor (MinMoves where the reach is MinReach or more), and every
// "easy, medium and hard ... (R = n)" list of moves is Level.Moves(n).
func TestPublishingDocBands(t *testing.T) {
	doc, err := os.ReadFile("../docs/publishing.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(doc)), " ")
	floor := "(at least " + strconv.Itoa(difficulty.MinMoves) + " moves where R is " + strconv.Itoa(difficulty.MinReach) + " or more)"
	if !strings.Contains(text, floor) {
		t.Errorf("docs/publishing.md does not say %q", floor)
	}
	lists := regexp.MustCompile(`(\d+\+?(?:–\d+)?),? (?:and )?(\d+–\d+),? (?:and )?(\d+\+) (?:on|under) [^(]*\(R = (\d+)\)`).FindAllStringSubmatch(text, -1)
	if len(lists) < 3 {
		t.Fatalf("docs/publishing.md: %d lists of bands, want at least 3", len(lists))
	}
	for _, m := range lists {
		r, _ := strconv.Atoi(m[4])
		for i, l := range []difficulty.Level{difficulty.Easy, difficulty.Medium, difficulty.Hard} {
			if got := l.Moves(r).String(); got != m[i+1] {
				t.Errorf("docs/publishing.md says %v is %s where R = %d; the code: %s", l, m[i+1], r, got)
			}
		}
	}
}
