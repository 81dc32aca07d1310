package web

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"rjm/fault"
	"rjm/store"
)

// A play must carry a token issued for its maze (GET /api/token): the
// token names the maze (a hash of its ID) and when it was issued, and is
// signed with HMAC-SHA256 by the key of the day (UTC) it was issued,
// kept in the store (store.Store.Key, "play-token:YYYY-MM-DD"), so that
// every server on one store accepts every other's tokens. The key turns
// every day, and a day's key is taken for its tokens only, valid a day:
// an old key is of no use once they expire. A backup holds no key (see
// store.Backup): after a restore the servers make new ones, and the
// tokens issued before it — used or not, the store restored does not
// know — are refused. A token is valid for TokenLife and records at most
// one play (the store keeps the tokens used). The player's page asks for
// one when a game starts and keeps it with the play, so that a play made
// offline still carries it.
//
//	token = "1." base64url(issued unix seconds (8) ‖ random (8) ‖ SHA-256(maze ID)[:12]) "." base64url(HMAC[:16])

// TokenLife is how long a token is valid.
const TokenLife = 24 * time.Hour

// tokenKeyName is the name of the tokens' keys in the store, before the
// day's date.
const tokenKeyName = "play-token:"

// b64 is the tokens' encoding, strict: the unused bits of a segment's
// last character must be zero, so that a token has one spelling only
// (checkToken also compares the segments with their re-encoding, which
// refuses the line breaks a decoder skips).
var b64 = base64.RawURLEncoding.Strict()

// tokenKey keeps the days' keys that sign the tokens, each read from the
// store again after KeyRecheck (and after a failure), and all read again
// at once when the store opens another file (a restore: store.Reopener).
// A database restored under the running server (PostgreSQL's, or one an
// operator wrote over) holds no keys (backups never do): within
// KeyRecheck the server signs with a fresh key and refuses the tokens it
// issued before, whose uses the restore forgot.
type tokenKey struct {
	mu     sync.Mutex
	keys   map[string]readKey
	opened uint64
}

// readKey is a key and when it was read from the store.
type readKey struct {
	key []byte
	at  time.Time
}

// KeyRecheck is how long a signing key is used before it is read from the
// store again.
const KeyRecheck = time.Minute

// get returns the key of day (YYYY-MM-DD), made and stored when the
// store has none.
func (k *tokenKey) get(ctx context.Context, s *server, day string) ([]byte, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if n := storeOpened(s.store); n != k.opened || k.keys == nil {
		k.keys, k.opened = map[string]readKey{}, n
	}
	now := s.opt.Now()
	if r, ok := k.keys[day]; ok && now.Sub(r.at) < KeyRecheck && now.Sub(r.at) >= 0 {
		return r.key, nil
	}
	fresh := make([]byte, 32)
	rand.Read(fresh)
	key, err := s.store.Key(ctx, tokenKeyName+day, fresh)
	if err != nil {
		return nil, err
	}
	if len(key) < 16 {
		return nil, fmt.Errorf("the store's %s key is %d bytes, want at least 16", tokenKeyName+day, len(key))
	}
	if len(k.keys) >= 8 {
		clear(k.keys) // a few days' keys are all that is asked
	}
	k.keys[day] = readKey{key, now}
	// The keys of days no valid token was issued on are of no more use:
	// forget them, so that the store keeps a few days' keys, not one for
	// every day served. A failure is harmless (tried at the next day's
	// key).
	s.store.ForgetKeys(ctx, tokenKeyName, now.Add(-TokenLife).UTC().Format(time.DateOnly))
	return key, nil
}

// forToken returns the key that signed token, if it is one of the site's:
// its issue day's, or today's when it does not decode or names a time no
// valid token was issued at (checkToken refuses it then). Only the days
// of valid tokens read or make a key: a forged token's date would
// otherwise store a key for every date a client writes.
func (k *tokenKey) forToken(ctx context.Context, s *server, token string) ([]byte, error) {
	now := s.opt.Now()
	day := now.UTC().Format(time.DateOnly)
	if issued, ok := tokenIssued(token); ok && now.Sub(issued) <= TokenLife && issued.Sub(now) <= time.Minute {
		day = issued.UTC().Format(time.DateOnly)
	}
	return k.get(ctx, s, day)
}

// tokenIssued returns when token says it was issued, unchecked.
func tokenIssued(token string) (time.Time, bool) {
	_, rest, _ := strings.Cut(token, ".")
	body, _, _ := strings.Cut(rest, ".")
	payload, err := b64.DecodeString(body)
	if err != nil || len(payload) != 28 {
		return time.Time{}, false
	}
	return time.Unix(int64(binary.BigEndian.Uint64(payload)), 0), true
}

// storeOpened returns how many files the store has opened
// (store.Reopener), 1 for a store that never opens another.
func storeOpened(st store.Store) uint64 {
	if t, ok := st.(timedStore); ok {
		st = t.Store
	}
	if r, ok := st.(store.Reopener); ok {
		return r.Opened()
	}
	return 1
}

func mazeHash(id string) []byte {
	h := sha256.Sum256([]byte(id))
	return h[:12]
}

func sign(key, payload []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(payload)
	return m.Sum(nil)[:16]
}

// newToken returns a token for the maze ID, issued at now.
func newToken(key []byte, id string, now time.Time) string {
	payload := make([]byte, 0, 28)
	payload = binary.BigEndian.AppendUint64(payload, uint64(now.Unix()))
	var nonce [8]byte
	rand.Read(nonce[:])
	payload = append(payload, nonce[:]...)
	payload = append(payload, mazeHash(id)...)
	return "1." + b64.EncodeToString(payload) + "." + b64.EncodeToString(sign(key, payload))
}

// errToken is the answer 403 to a play without a valid token.
var errToken = errors.New("token")

// checkToken checks that token was issued by key for the maze ID within
// TokenLife of now, and returns its ID (what the store keeps of it): the
// canonical encoding of its decoded payload, whose issue time and random
// nonce make it one token's own. It is never the text as sent: SQLite's
// and base64's leniencies would otherwise give one token several IDs,
// and as many plays.
func checkToken(key []byte, token, id string, now time.Time) (string, error) {
	version, rest, ok := strings.Cut(token, ".")
	body, mac, ok2 := strings.Cut(rest, ".")
	if !ok || !ok2 || version != "1" || len(token) > 100 {
		return "", fmt.Errorf("%w: not a token of this site", errToken)
	}
	payload, err := b64.DecodeString(body)
	sum, err2 := b64.DecodeString(mac)
	if err != nil || err2 != nil || len(payload) != 28 || !hmac.Equal(sum, sign(key, payload)) ||
		b64.EncodeToString(payload) != body || b64.EncodeToString(sum) != mac {
		return "", fmt.Errorf("%w: not a token of this site", errToken)
	}
	if !hmac.Equal(payload[16:], mazeHash(id)) {
		return "", fmt.Errorf("%w: the token is for another maze", errToken)
	}
	issued := time.Unix(int64(binary.BigEndian.Uint64(payload)), 0)
	if now.Sub(issued) > TokenLife || issued.Sub(now) > time.Minute {
		return "", fmt.Errorf("%w: the token has expired (a token is valid for %v): start the game again", errToken, TokenLife)
	}
	return b64.EncodeToString(payload), nil
}

// tokenParams are the query parameters GET /api/token takes.
var tokenParams = []string{"maze"}

// apiToken answers a token for a play of ?maze=ID, within the client's
// and its network's rate (the plays').
func (s *server) apiToken(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	for k := range q {
		if k != tokenParams[0] {
			badInput(fault.Invalid("", "query parameter %.40q: want only maze", k)).write(w)
			return
		}
	}
	_, id, ok := queryMaze(w, q.Get("maze"))
	if !ok {
		return
	}
	if ok, wait := s.tokenRate.allow(s, r); !ok {
		retryLater(http.StatusTooManyRequests, wait, "too many tokens asked from your address or network: try again in %d s").write(w)
		return
	}
	now := s.opt.Now()
	key, err := s.tokens.get(r.Context(), s, now.UTC().Format(time.DateOnly))
	if err != nil {
		s.internal(requestID(r.Context()), err).write(w)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, struct {
		Token   string    `json:"token"`
		Maze    string    `json:"maze"`
		Expires time.Time `json:"expires"`
	}{newToken(key, id, now), id, now.Add(TokenLife).UTC().Truncate(time.Second)})
}
