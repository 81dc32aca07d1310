package web_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"strings"
	"testing"
	"time"

	"rjm/web"
)

// Smaller limits: static files only (no listing, no 500 on a bad path),
// a form over the body limit is 413, a hint's moves are counted.
func TestSmallerLimits(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	for _, path := range []string{"/static/%ff", "/static/", "/static/nothing.css", "/static/../web.go"} {
		a := do(t, ts, "GET", path, "")
		if a.code != 404 || !strings.HasPrefix(a.header.Get("Content-Type"), "text/html") || a.header.Get("Content-Security-Policy") == "" ||
			strings.Contains(a.body, "<pre>") {
			t.Errorf("GET %s: %d %s %.200s", path, a.code, a.header.Get("Content-Type"), a.body)
		}
	}
	if a := do(t, ts, "GET", "/static/style.css", ""); a.code != 200 {
		t.Errorf("GET /static/style.css: %d", a.code)
	}

	big := "maze=" + strings.Repeat("1", web.MaxBody)
	if a := post(t, ts, "/analyze", "application/x-www-form-urlencoded", big); a.code != 413 || !strings.Contains(a.body, "larger than") {
		t.Errorf("a form over the limit to /analyze: %d %.300s", a.code, a.body)
	}
	var mp bytes.Buffer
	mw := multipart.NewWriter(&mp)
	fw, _ := mw.CreateFormFile("file", "big.txt")
	fw.Write([]byte(strings.Repeat("1", web.MaxBody)))
	mw.Close()
	if a := post(t, ts, "/analyze", mw.FormDataContentType(), mp.String()); a.code != 413 {
		t.Errorf("a file over the limit to /analyze: %d %.300s", a.code, a.body)
	}

	moves := strings.Repeat("DU", (web.MaxMoves+1)/2) + "D" // 10,001 moves
	if a := do(t, ts, "GET", "/api/hint?maze="+figure1+"&moves="+moves[:web.MaxMoves+1], ""); a.code != 400 || !strings.Contains(a.body, fmt.Sprint(web.MaxMoves)) {
		t.Errorf("a hint after %d moves: %d %.200s", web.MaxMoves+1, a.code, a.body)
	}
}

// A rate of one per nanosecond (the tests' "no limit") stays one: its
// network's share does not become a division by zero.
func TestRateOfANanosecond(t *testing.T) {
	ts, _ := newServer(t, web.Options{PlayEvery: time.Nanosecond, PlayBurst: 1, Now: time.Now})
	for i := range 3 {
		if a := do(t, ts, "POST", "/api/plays", `{"maze":"`+figure1+`","moves":"D","seconds":1}`); a.code != 201 {
			t.Fatalf("play %d at a rate of 1 ns: %d %s", i, a.code, a.body)
		}
	}
}
