package level_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"rjm/fault"
	"rjm/level"
)

// Every level goes through its name, in text, JSON and a database's
// column, and back; anything that is no level's name is an error in
// rjm's words that names it.
func TestLevelRoundTrips(t *testing.T) {
	for _, l := range level.All {
		v, err := l.Value()
		if err != nil || v != l.String() {
			t.Errorf("%v.Value() = %v, %v", l, v, err)
		}
		for _, src := range []any{l.String(), []byte(l.String())} {
			var got level.Level
			if err := got.Scan(src); err != nil || got != l {
				t.Errorf("Scan(%q) = %v, %v; want %v", src, got, err, l)
			}
		}
		data, err := json.Marshal(struct{ L level.Level }{l})
		if want := fmt.Sprintf(`{"L":%q}`, l); err != nil || string(data) != want {
			t.Errorf("JSON of %v = %s, %v; want %s", l, data, err, want)
		}
		var back struct{ L level.Level }
		if err := json.Unmarshal(data, &back); err != nil || back.L != l {
			t.Errorf("JSON %s read back as %v, %v", data, back.L, err)
		}
		if p, err := level.Parse(" " + strings.ToUpper(l.String()) + " "); err != nil || p != l {
			t.Errorf("Parse of %v in capitals = %v, %v", l, p, err)
		}
	}
	for _, src := range []any{"variant", "", []byte("extreme"), nil, int64(1)} {
		var got level.Level
		err := got.Scan(src)
		if err == nil {
			t.Errorf("Scan(%v) = %v, no error", src, got)
			continue
		}
		if s, ok := src.(string); ok && !strings.Contains(err.Error(), fmt.Sprintf("%q", s)) {
			t.Errorf("Scan(%q): %v, which does not name it", s, err)
		}
		if fault.Is(err) {
			t.Errorf("Scan(%v): %v is a user's fault, not the store's", src, err)
		}
	}
	if _, err := level.Level(7).Value(); err == nil {
		t.Error("Level(7).Value(): no error")
	}
	if _, err := json.Marshal(level.Level(-1)); err == nil {
		t.Error("JSON of Level(-1): no error")
	}
}

func ExampleParse() {
	l, _ := level.Parse("Medium")
	fmt.Println(l, l.Target(), l.Time(), l.Moves(30))
	// Output: medium 3m0s 2m7s–4m15s 18–21
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"easy", "HARD", "variant", "", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := level.Parse(s)
		if err != nil {
			return
		}
		if !l.Valid() || !strings.EqualFold(strings.TrimSpace(s), l.String()) {
			t.Fatalf("Parse(%q) = %v", s, l)
		}
	})
}
