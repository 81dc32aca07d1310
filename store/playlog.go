package store

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"rjm/fault"
	"slices"
	"time"
)

// PlayLog reads the latest plays, up to limit, oldest first, in one
// query.
func (s *sqlStore) PlayLog(ctx context.Context, limit int) ([]Play, error) {
	if limit <= 0 {
		return nil, nil
	}
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT id, maze, moves, length, shortest, solved, seconds, hints, rating, created_ms, client, player, ending, undos, restarts, hard
		FROM (SELECT * FROM plays ORDER BY id DESC LIMIT ?) t ORDER BY id`), limit)
	if err != nil {
		return nil, fmt.Errorf("play log: %w", err)
	}
	defer rows.Close()
	var out []Play
	for rows.Next() {
		var p Play
		var ms int64
		var client, player, ending sql.NullString
		if err := rows.Scan(&p.ID, &p.Maze, &p.Moves, &p.Length, &p.Shortest, &p.Solved, &p.Seconds, &p.Hints, &p.Rating, &ms, &client, &player, &ending, &p.Undos, &p.Restarts, &p.Hard); err != nil {
			return nil, fmt.Errorf("play log: %w", err)
		}
		p.Created, p.Client, p.Player, p.Ending = time.UnixMilli(ms).UTC(), client.String, player.String, ending.String
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("play log: %w", err)
	}
	return out, nil
}

// MaxPlayLogLine bounds one line of a play log file.
const MaxPlayLogLine = 64 << 10

// ReadPlayLog reads a play log: one play a line as a JSON object of Play's
// fields (as WritePlayLog writes them); blank lines are skipped. An error
// names the line.
func ReadPlayLog(r io.Reader) ([]Play, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), MaxPlayLogLine)
	var out []Play
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		var p Play
		if err := dec.Decode(&p); err != nil {
			return nil, fault.JSON(fmt.Sprintf("line %d", n), err)
		}
		if dec.More() {
			return nil, fault.Invalid(fmt.Sprintf("line %d", n), "more than one object")
		}
		switch {
		case p.Maze == "":
			return nil, fault.Invalid(fmt.Sprintf("line %d", n), "no maze")
		case !(p.Seconds >= 0) || math.IsInf(p.Seconds, 0):
			return nil, fault.Invalid(fmt.Sprintf("line %d", n), "seconds %v: want 0 or more", p.Seconds)
		case p.Hints < 0:
			return nil, fault.Invalid(fmt.Sprintf("line %d", n), "hints %d: want 0 or more", p.Hints)
		case p.Undos < 0:
			return nil, fault.Invalid(fmt.Sprintf("line %d", n), "undos %d: want 0 or more", p.Undos)
		case p.Restarts < 0:
			return nil, fault.Invalid(fmt.Sprintf("line %d", n), "restarts %d: want 0 or more", p.Restarts)
		case p.Ending != "" && !slices.Contains(Endings, p.Ending):
			return nil, fault.Invalid(fmt.Sprintf("line %d", n), "ending %q: want one of %v, or none", p.Ending, Endings)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fault.New(fault.ErrTooLarge, "", "a line longer than %d bytes", MaxPlayLogLine)
		}
		return nil, fmt.Errorf("play log: %w", err)
	}
	return out, nil
}

// WritePlayLog writes plays as a play log, one JSON object a line.
func WritePlayLog(w io.Writer, plays []Play) error {
	enc := json.NewEncoder(w)
	for _, p := range plays {
		if err := enc.Encode(p); err != nil {
			return fmt.Errorf("play log: %w", err)
		}
	}
	return nil
}
