// Package store keeps what the Rook Jumping Maze of the Day site must
// remember: the maze shown on each date, so that a date's maze never
// changes once shown, and the plays people submit.
//
// Store is the contract; Open returns the SQLite implementation (pure Go,
// one file, created and migrated on first open). Every implementation runs
// the shared suite in package storetest.
package store

import (
	"context"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"time"
)

// ErrNotFound is returned when no record matches.
var ErrNotFound = errors.New("not found")

// ErrDuplicate is wrapped by AddPlay's error when the play's client ID is
// stored already: the play is not stored again.
var ErrDuplicate = errors.New("play already stored")

// ErrTokenUsed is wrapped by AddPlay's error when the play's token has
// recorded a play already: the play is not stored.
var ErrTokenUsed = errors.New("token already used")

// ErrDiskFull and ErrReadOnly are wrapped by the errors of a store that
// cannot take writes because its disk is full or its database is
// read-only (Check's, Ping's and the writes' own).
var (
	ErrDiskFull = errors.New("the disk is full")
	ErrReadOnly = errors.New("the database is read-only")
)

// Checker is a store that can say whether it will take writes without
// writing (for a readiness check asked often): Check reads, and looks at
// what a write would meet (a file gone, a disk full); Ping then need run
// only now and then. Both implementations are Checkers.
type Checker interface {
	Check(ctx context.Context) error
}

// Reopener is a store that can open another file in place of its own
// (SQLite's, replaced under a running server: a backup restored): Opened
// follows a replacement, and counts the files it has opened, so that
// what was read of the old one (the tokens' keys) is read again.
type Reopener interface {
	Opened() uint64
}

// MinFree is the free space, in bytes, under which Check reports the
// SQLite file's disk full: a play needs a few pages, and a checkpoint
// more.
const MinFree = 1 << 20

// MinClient and MaxClient bound the length of a play's client ID.
const (
	MinClient = 8
	MaxClient = 64
)

// Daily is the maze of one date.
type Daily struct {
	// Date is the day, YYYY-MM-DD.
	Date string `json:"date"`
	// Maze is the maze ID (see maze.Maze.ID): the maze itself.
	Maze string `json:"id"`
	// Recipe is the seeded ID that generated it, for provenance ("" when
	// unknown).
	Recipe string `json:"recipe,omitempty"`
	// Difficulty is the name of the date's level of the difficulty
	// policy: "easy", "medium" or "hard" (Sunday's too, whose rules are
	// in the recipe; before schemaSundayLevel it was "variant").
	Difficulty string `json:"difficulty"`
}

// Play is one game submitted by a player. No personal data is kept.
type Play struct {
	// ID is the store's number for the play, set by AddPlay.
	ID int64 `json:"id"`
	// Maze is the maze ID played.
	Maze string `json:"maze"`
	// Moves is the moves in the solver's notation (see maze.Board.Notation).
	Moves string `json:"moves"`
	// Length is the number of moves, Shortest the maze's goal depth.
	Length, Shortest int
	// Solved is whether the server's replay of Moves reached the goal.
	Solved bool `json:"solved"`
	// Seconds is the play's duration as the client reports it (≥ 0).
	Seconds float64 `json:"seconds"`
	// Hints is the number of hints used; a play with hints is assisted.
	Hints int `json:"hints"`
	// Undos and Restarts are the moves the player undid and the times
	// the game was begun again, from its first move to its end (the
	// player's page keeps one account of a game across restarts: see
	// docs/daily.md), 0 for none and for the plays stored before
	// schemaAccount.
	Undos    int `json:"undos,omitempty"`
	Restarts int `json:"restarts,omitempty"`
	// Hard is whether the game was played in hard mode: no hints and no
	// undo from its first move.
	Hard bool `json:"hard,omitempty"`
	// Rating is the player's 1–5 rating, 0 for none.
	Rating int `json:"rating"`
	// Created is when the play was stored (set by AddPlay).
	Created time.Time `json:"created"`
	// Client is the ID the player's page made for the play, so that a
	// play sent again (say, after the page was offline) is stored once:
	// MinClient to MaxClient characters of [A-Za-z0-9_-], unique among
	// the plays; "" for none.
	Client string `json:"client,omitempty"`
	// Player is the ID the player's page made once and keeps on the
	// device (see docs/daily.md): MinClient to MaxClient characters of
	// [A-Za-z0-9_-], the same for every play from that device; "" for
	// none. It names no person.
	Player string `json:"player,omitempty"`
	// Ending is how a game that was not solved unaided ended: one of
	// Endings ("gave_up", "shown", "left"); "" for a game played to its
	// end (solved or not, as Solved says). A play with an Ending is never
	// Solved: a game whose solution was shown and then replayed is not a
	// solve.
	Ending string `json:"ending,omitempty"`
	// Token is the ID of the token the play came with (see the web
	// site's /api/token), "" for none: a token records at most one play.
	// It is kept apart from the play, only to refuse it again, and
	// forgotten after TokenKeep.
	Token string `json:"-"`
}

// Endings are the ways a game can end unsolved that a play records (see
// Play.Ending): the player gave up, asked for the solution, or left the
// page mid-game.
var Endings = []string{"gave_up", "shown", "left"}

// TokenKeep is how long a used token is remembered: longer than a token
// is valid.
const TokenKeep = 48 * time.Hour

// Pool is a store's pool of database connections: how many are open,
// in use and idle, and how many times a call waited for one.
type Pool struct {
	Open, InUse, Idle int
	Waits             int64
}

// Stats summarises the plays of one maze. A maze never played has all
// zeros.
type Stats struct {
	Plays  int `json:"plays"`
	Solved int `json:"solved"`
	// Assisted counts the plays that used a hint.
	Assisted int `json:"assisted"`
	// Undone counts the plays with an undo, Restarted those begun again,
	// and Hard those played in hard mode (each counted from
	// schemaAccount on).
	Undone    int `json:"undone"`
	Restarted int `json:"restarted"`
	Hard      int `json:"hard"`
	// MedianSeconds is the median duration of the solved plays, each
	// counted to the hundredth of a second (0 when none).
	MedianSeconds float64 `json:"median_seconds"`
	// MeanExtraMoves is the mean of moves over the shortest among the
	// solved plays (0 when none).
	MeanExtraMoves float64 `json:"mean_extra_moves"`
	// Ratings is the number of rated plays and MeanRating their mean
	// (0 when none).
	Ratings    int     `json:"ratings"`
	MeanRating float64 `json:"mean_rating"`
	// MedianExtraMoves is the median of moves over the shortest among the
	// solved plays, and TrimmedRating the mean of the ratings without
	// the lowest and the highest TrimFraction of them: figures a few
	// outlying plays (forged, or a player's slip) do not move (0 when
	// none).
	MedianExtraMoves float64 `json:"median_extra_moves"`
	TrimmedRating    float64 `json:"trimmed_rating"`
}

// TrimFraction is the share of the ratings left out at each end of
// Stats.TrimmedRating.
const TrimFraction = 0.2

// Store is what the site stores. Implementations are safe for concurrent
// use; every method is one transaction, so a play is stored whole or not
// at all, and Stats reads one snapshot.
type Store interface {
	// Daily returns the maze stored for date (YYYY-MM-DD), or ErrNotFound.
	Daily(ctx context.Context, date string) (Daily, error)
	// PutDaily stores d unless its date already has a maze, and returns
	// the date's maze as stored: the first one stored wins, for ever.
	PutDaily(ctx context.Context, d Daily) (Daily, error)
	// Dailies returns up to limit stored dailies dated on or before date,
	// newest first.
	Dailies(ctx context.Context, date string, limit int) ([]Daily, error)
	// AddPlay stores p and returns it with its ID and Created set. When
	// p.Client is not "" and a play with that client ID is stored
	// already, it stores nothing and returns that first play with an
	// error wrapping ErrDuplicate. Otherwise, when p.Token is not "" and
	// a play with that token is stored already, it stores nothing and
	// returns an error wrapping ErrTokenUsed.
	AddPlay(ctx context.Context, p Play) (Play, error)
	// Stats summarises the plays of the maze ID, from summaries kept as
	// plays are added: its cost does not grow with the maze's plays.
	Stats(ctx context.Context, maze string) (Stats, error)
	// PlayLog returns the latest plays, up to limit of them, oldest
	// first: what the difficulty model is fitted from.
	PlayLog(ctx context.Context, limit int) ([]Play, error)
	// Key returns the secret key stored under name, storing fresh first
	// when there is none: the first key stored wins, so that the servers
	// sharing a store share the key.
	Key(ctx context.Context, name string, fresh []byte) ([]byte, error)
	// ForgetKeys removes the keys whose names are prefix followed by
	// text that sorts before before (keys named by their date: those of
	// days gone), and returns how many it removed.
	ForgetKeys(ctx context.Context, prefix, before string) (int64, error)
	// PutFacts stores the facts of the maze ID computed by version of
	// the computation, unless some are stored already: the first stored
	// wins (they are a pure function of the maze and the version).
	PutFacts(ctx context.Context, maze, version string, facts []byte) error
	// Facts returns the facts stored for the maze ID by version, or an
	// error wrapping ErrNotFound.
	Facts(ctx context.Context, maze, version string) ([]byte, error)
	// Ping reports whether the store answers reads and takes writes (for
	// a readiness check): it writes one row of its own, so it is run
	// now and then, not for every check (see Checker).
	Ping(ctx context.Context) error
	// Close releases the store.
	Close() error
}

// Display returns where as it may be shown or logged: a PostgreSQL URL
// with its password hidden, a file path as it is.
func Display(where string) string {
	if u, err := url.Parse(where); err == nil && IsPostgres(where) {
		return u.Redacted()
	}
	return where
}

// DefaultPath is the SQLite file a server uses when told none:
// rjm/rjm.db in $XDG_DATA_HOME, or else in ~/.local/share, or else rjm.db
// in the working directory.
func DefaultPath() string {
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "rjm", "rjm.db")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "rjm", "rjm.db")
	}
	return "rjm.db"
}
