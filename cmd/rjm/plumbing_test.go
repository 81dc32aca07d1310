package main

import (
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestServeUnstoredDate: 100 requests at once for a date never shown, on
// the real server over a new store, make its maze once and are all
// answered.
func TestServeUnstoredDate(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server")
	}
	_, url := startServer(t, filepath.Join(t.TempDir(), "rjm.db"))
	const date = "2026-11-08"
	var wg sync.WaitGroup
	codes := make([]int, 100)
	bodies := make([]string, 100)
	c := &http.Client{Timeout: 60 * time.Second}
	for i := range codes {
		path := "api/daily?date=" + date
		if i%2 == 1 {
			path = "d/" + date
		}
		wg.Go(func() {
			resp, err := c.Get(url + path)
			if err != nil {
				t.Errorf("GET %s: %v", path, err)
				return
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			codes[i], bodies[i] = resp.StatusCode, string(b)
		})
	}
	wg.Wait()
	for i, code := range codes {
		if code != 200 {
			t.Errorf("request %d: %d %.200s", i, code, bodies[i])
		}
	}
	_, _, metrics := getWithin(t, url+"metrics", 5*time.Second)
	m := regexp.MustCompile(`(?m)^rjm_daily_made_total\{by="request"\} (\d+)`).FindStringSubmatch(metrics)
	if m == nil || m[1] != "1" {
		t.Errorf("the date's maze made %v times, want 1:\n%s", m, grepLines(metrics, "rjm_daily"))
	}
	if !strings.Contains(bodies[0], `"date":"`+date+`"`) {
		t.Errorf("GET /api/daily?date=%s: %.200s", date, bodies[0])
	}
}
