package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"rjm/web"
)

// A play is JSON only: a cross-site form (text/plain, or a form's types)
// is refused 415 and stores nothing.
func TestPlaysWantJSON(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	body := `{"maze":"` + figure1 + `","moves":"D","seconds":3}`
	for _, ct := range []string{"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""} {
		if a := post(t, ts, "/api/plays", ct, body); a.code != 415 || !strings.Contains(a.body, "application/json") {
			t.Errorf("Content-Type %q: %d %s", ct, a.code, a.body)
		}
	}
	if a := post(t, ts, "/api/plays", "application/json; charset=utf-8", body); a.code != 201 {
		t.Errorf("application/json; charset=utf-8: %d %s", a.code, a.body)
	}
	if got := do(t, ts, "GET", "/api/stats?maze="+figure1, "").json(t)["plays"]; got != 1.0 {
		t.Errorf("%v plays stored, want 1", got)
	}
}

// Plays have a per-client rate: past the burst, 429 with Retry-After.
func TestPlaysRateLimit(t *testing.T) {
	ts, _ := newServer(t, web.Options{PlayBurst: 3, PlayEvery: time.Minute})
	body := `{"maze":"` + figure1 + `","moves":"D","seconds":3}`
	for range 3 {
		if a := do(t, ts, "POST", "/api/plays", body); a.code != 201 {
			t.Fatalf("within the burst: %d %s", a.code, a.body)
		}
	}
	if a := do(t, ts, "POST", "/api/plays", body); a.code != 429 || a.header.Get("Retry-After") != "60" {
		t.Errorf("past the burst: %d Retry-After %q %s", a.code, a.header.Get("Retry-After"), a.body)
	}
}

// A play sent again with its client-made ID is stored once: the first
// answer is 201, the next ones 200 with the first play.
func TestPlaysClientID(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	play := func(client string, seconds int) string {
		return fmt.Sprintf(`{"maze":"%s","moves":"DRLUDLRULLRDU","seconds":%d,"client":"%s"}`, figure1, seconds, client)
	}
	first := do(t, ts, "POST", "/api/plays", play("k3J9-offline_2f", 30))
	again := do(t, ts, "POST", "/api/plays", play("k3J9-offline_2f", 99))
	if first.code != 201 || again.code != 200 || again.body != first.body {
		t.Errorf("first %d %s, again %d %s: want 201, then 200 with the same play", first.code, first.body, again.code, again.body)
	}
	if a := do(t, ts, "POST", "/api/plays", play("another-id", 30)); a.code != 201 {
		t.Errorf("another client ID: %d %s", a.code, a.body)
	}
	st := do(t, ts, "GET", "/api/stats?maze="+figure1, "").json(t)
	if st["plays"] != 2.0 || st["median_seconds"] != 30.0 {
		t.Errorf("stats %v: want 2 plays of 30 s", st)
	}
	for _, bad := range []string{"short", strings.Repeat("a", 65), "has space", "ünïcode-id", "semi;colon"} {
		if a := do(t, ts, "POST", "/api/plays", play(bad, 30)); a.code != 400 || !strings.Contains(a.body, "client") {
			t.Errorf("client %q: %d %s, want 400 naming the client", bad, a.code, a.body)
		}
	}
}
