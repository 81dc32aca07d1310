package web_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rjm/web"
)

// TestTokenKeysBounded checks that the store keeps the signing keys of a
// few days only: tokens asked on forty days in a row, and plays with
// forged tokens claiming a thousand dates, leave the keys of the days a
// valid token can still have been issued on (today and yesterday), not
// one per day served or per date claimed.
func TestTokenKeysBounded(t *testing.T) {
	var clock atomic.Int64
	clock.Store(monday.Unix())
	now := func() time.Time { return time.Unix(clock.Load(), 0) }
	ts, st := newServer(t, web.Options{Now: now, PlayBurst: 5000, PlayEvery: time.Millisecond})
	b64 := base64.RawURLEncoding
	hash := sha256.Sum256([]byte(figure1))
	for day := range 40 {
		clock.Store(monday.AddDate(0, 0, day).Unix())
		if a := do(t, ts, "GET", "/api/token?maze="+figure1, ""); a.code != 200 {
			t.Fatalf("day %d: token: %d %s", day, a.code, a.body)
		}
		// Forged tokens claiming 25 dates each, from long ago to far ahead.
		for k := range 25 {
			claimed := monday.AddDate(0, 0, (day*25+k)%2000-1000)
			payload := binary.BigEndian.AppendUint64(nil, uint64(claimed.Unix()))
			payload = append(payload, make([]byte, 8)...)
			payload = append(payload, hash[:12]...)
			token := "1." + b64.EncodeToString(payload) + "." + b64.EncodeToString(make([]byte, 16))
			body := fmt.Sprintf(`{"maze":%q,"moves":"D","seconds":1,"token":%q}`, figure1, token)
			resp, err := http.Post(ts.URL+"/api/plays", "application/json", strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusForbidden {
				t.Fatalf("a forged token claiming %s: %d, want 403", claimed.Format(time.DateOnly), resp.StatusCode)
			}
		}
	}
	// ForgetKeys of every date counts the keys left.
	n, err := st.ForgetKeys(context.Background(), "play-token:", "9999")
	if err != nil {
		t.Fatal(err)
	}
	if n < 1 || n > 2 {
		t.Errorf("the store keeps %d token keys after 40 days and 1,000 forged dates, want today's and at most yesterday's", n)
	}
}

// TestTokensBeforeARestoreRefused checks what a database restored under
// the running server means for tokens: the backup holds no signing keys,
// so within KeyRecheck the server reads (makes) a new key, refuses the
// tokens it issued before the restore (whose uses the restore forgot),
// and takes those issued after.
func TestTokensBeforeARestoreRefused(t *testing.T) {
	var clock atomic.Int64
	clock.Store(monday.Unix())
	now := func() time.Time { return time.Unix(clock.Load(), 0) }
	ts, st := newServer(t, web.Options{Now: now})
	token := func() string {
		a := do(t, ts, "GET", "/api/token?maze="+figure1, "")
		tok, _ := a.json(t)["token"].(string)
		if a.code != 200 || tok == "" {
			t.Fatalf("token: %d %s", a.code, a.body)
		}
		return tok
	}
	play := func(tok string) int {
		resp, err := http.Post(ts.URL+"/api/plays", "application/json",
			strings.NewReader(fmt.Sprintf(`{"maze":%q,"moves":"D","seconds":1,"token":%q}`, figure1, tok)))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	before := token()
	// The restore: the keys are gone from the database.
	if _, err := st.ForgetKeys(context.Background(), "play-token:", "9999"); err != nil {
		t.Fatal(err)
	}
	clock.Add(int64((web.KeyRecheck + time.Second) / time.Second))
	if code := play(before); code != http.StatusForbidden {
		t.Errorf("a token issued before the restore: %d, want 403", code)
	}
	if code := play(token()); code != http.StatusCreated {
		t.Errorf("a token issued after the restore: %d, want 201", code)
	}
}
