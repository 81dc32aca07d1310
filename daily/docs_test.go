package daily_test

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"rjm/daily"
)

// weekOf returns, by weekday, the level, side, reach and moves of the
// days of the week of 2026-11-22 (a Sunday), and the Sunday bands and
// reaches of the variants in turn.
func weekOf(t *testing.T) (days map[time.Weekday]daily.Level, sundays []daily.Level) {
	days = map[time.Weekday]daily.Level{}
	first := date(t, "2026-11-22")
	for i := range 7 {
		d := first.AddDate(0, 0, i)
		days[d.Weekday()] = daily.LevelOf(d)
	}
	for _, v := range daily.Variants {
		for i := 0; ; i += 7 {
			if l := daily.LevelOf(first.AddDate(0, 0, i)); l.Variant == v {
				sundays = append(sundays, l)
				break
			}
		}
	}
	return days, sundays
}

// The table of the week in docs/daily.md is the code's: each day's level,
// board, reach and shortest-solution band, Sunday's for each variant.
func TestDailyDocTable(t *testing.T) {
	doc, err := os.ReadFile("../docs/daily.md")
	if err != nil {
		t.Fatal(err)
	}
	days, sundays := weekOf(t)
	row := regexp.MustCompile(`(?m)^\| (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \| (\w+) \| (\d+)×\d+([^|]*)\| ([^|]+) \|$`)
	rows := row.FindAllStringSubmatch(string(doc), -1)
	if len(rows) != 7 {
		t.Fatalf("docs/daily.md: %d rows of the week's table, want 7", len(rows))
	}
	reaches := regexp.MustCompile(`R = (\d+)`)
	for _, r := range rows {
		var wd time.Weekday
		for d := time.Sunday; d <= time.Saturday; d++ {
			if d.String() == r[1] {
				wd = d
			}
		}
		l := days[wd]
		want := l.Moves.String()
		wantR := []string{fmt.Sprint(l.Reach)}
		if wd == time.Sunday {
			var bands []string
			wantR = nil
			for _, s := range sundays {
				bands = append(bands, s.Moves.String())
				wantR = append(wantR, fmt.Sprint(s.Reach))
			}
			want = "medium on the variant's own board: " + strings.Join(bands, ", ")
		}
		if r[2] != l.Level.String() || r[3] != fmt.Sprint(l.Size) || strings.TrimSpace(r[5]) != want {
			t.Errorf("docs/daily.md says %s: %s, %s×%s, %s; the code: %v, %d×%d, %s", r[1], r[2], r[3], r[3], r[5], l.Level, l.Size, l.Size, want)
		}
		for i, m := range reaches.FindAllStringSubmatch(r[4], -1) {
			if i >= len(wantR) || m[1] != wantR[i] {
				t.Errorf("docs/daily.md says %s's board reaches %s; the code: %v", r[1], m[1], wantR)
			}
		}
	}
}

// README's sentence on the days gives the code's bands: Monday's, Saturday's
// and the range of Sunday's.
func TestReadmeDailyBands(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	days, sundays := weekOf(t)
	lo, hi := sundays[0].Moves, sundays[0].Moves
	for _, s := range sundays {
		if s.Moves.Min < lo.Min {
			lo = s.Moves
		}
		if s.Moves.Min > hi.Min {
			hi = s.Moves
		}
	}
	want := fmt.Sprintf("(%v moves on\n  Monday rising to %v on Saturday, Sunday's variant %v on its own board: %v to %v)",
		days[time.Monday].Moves, days[time.Saturday].Moves, days[time.Sunday].Level, lo, hi)
	if !strings.Contains(string(readme), want) {
		t.Errorf("README.md does not say %q", want)
	}
}
