package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"time"
)

// AddPlay stores p, its summaries and its solve time in one transaction.
// A play whose client ID is stored already is not stored again: AddPlay
// returns the first play with an error wrapping ErrDuplicate.
func (s *sqlStore) AddPlay(ctx context.Context, p Play) (Play, error) {
	p.Created = time.Now().UTC().Truncate(time.Millisecond)
	var client, player, ending any // NULL when the client made no ID, sent no player, or the game ended as games do
	if p.Client != "" {
		client = p.Client
	}
	if p.Ending != "" {
		ending = p.Ending
	}
	if p.Player != "" {
		player = p.Player
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return Play{}, fmt.Errorf("storing a play: %w", err)
	}
	defer tx.Rollback()
	insert := s.q(`INSERT INTO plays (maze, moves, length, shortest, solved, seconds, hints, rating, created_ms, client, player, ending, undos, restarts, hard)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (client) DO NOTHING`)
	args := []any{p.Maze, p.Moves, p.Length, p.Shortest, p.Solved, p.Seconds, p.Hints, p.Rating, p.Created.UnixMilli(), client, player, ending, p.Undos, p.Restarts, p.Hard}
	inserted := true
	if s.d.returning {
		err = tx.QueryRowContext(ctx, insert+` RETURNING id`, args...).Scan(&p.ID)
		if errors.Is(err, sql.ErrNoRows) {
			inserted, err = false, nil
		}
	} else {
		var res sql.Result
		if res, err = tx.ExecContext(ctx, insert, args...); err == nil {
			var n int64
			if n, err = res.RowsAffected(); err == nil && n == 0 {
				inserted = false
			} else if err == nil {
				p.ID, err = res.LastInsertId()
			}
		}
	}
	if err != nil {
		return Play{}, fmt.Errorf("storing a play: %w", err)
	}
	if !inserted {
		first, err := playByClient(ctx, tx, s.q, p.Client)
		if err != nil {
			return Play{}, fmt.Errorf("storing a play: %w", err)
		}
		return first, fmt.Errorf("play %q: %w", p.Client, ErrDuplicate)
	}
	if p.Token != "" {
		if err := s.useToken(ctx, tx, p); err != nil {
			return Play{}, err
		}
	}
	if err := s.summarise(ctx, tx, p); err != nil {
		return Play{}, fmt.Errorf("storing a play: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return Play{}, fmt.Errorf("storing a play: %w", err)
	}
	return p, nil
}

// useToken records p's token as used, and forgets the tokens used more
// than TokenKeep ago; ErrTokenUsed when p's token is used already.
func (s *sqlStore) useToken(ctx context.Context, tx *sql.Tx, p Play) error {
	res, err := tx.ExecContext(ctx, s.q(`INSERT INTO play_tokens (token, used_ms) VALUES (?, ?) ON CONFLICT (token) DO NOTHING`),
		p.Token, p.Created.UnixMilli())
	var n int64
	if err == nil {
		n, err = res.RowsAffected()
	}
	if err != nil {
		return fmt.Errorf("storing a play: %w", err)
	}
	if n == 0 {
		return fmt.Errorf("play with token %q: %w", p.Token, ErrTokenUsed)
	}
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM play_tokens WHERE used_ms < ?`), p.Created.Add(-TokenKeep).UnixMilli()); err != nil {
		return fmt.Errorf("storing a play: %w", err)
	}
	return nil
}

// summarise adds p to its maze's summary and, when solved, its duration
// to the maze's solve times.
func (s *sqlStore) summarise(ctx context.Context, tx *sql.Tx, p Play) error {
	one := func(b bool) int {
		if b {
			return 1
		}
		return 0
	}
	extra := 0
	if p.Solved {
		extra = p.Length - p.Shortest
	}
	_, err := tx.ExecContext(ctx, s.q(`INSERT INTO play_summary (maze, plays, solved, assisted, extra_moves, ratings, rating_sum, undone, restarted, hard)
		VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (maze) DO UPDATE SET plays = play_summary.plays + 1,
			solved = play_summary.solved + excluded.solved, assisted = play_summary.assisted + excluded.assisted,
			extra_moves = play_summary.extra_moves + excluded.extra_moves,
			ratings = play_summary.ratings + excluded.ratings, rating_sum = play_summary.rating_sum + excluded.rating_sum,
			undone = play_summary.undone + excluded.undone, restarted = play_summary.restarted + excluded.restarted,
			hard = play_summary.hard + excluded.hard`),
		p.Maze, one(p.Solved), one(p.Hints > 0), extra, one(p.Rating > 0), p.Rating, one(p.Undos > 0), one(p.Restarts > 0), one(p.Hard))
	if err != nil {
		return err
	}
	count := func(figure string, value int) error {
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO play_counts (maze, figure, value, n) VALUES (?, ?, ?, 1)
			ON CONFLICT (maze, figure, value) DO UPDATE SET n = play_counts.n + 1`), p.Maze, figure, value)
		return err
	}
	if p.Rating > 0 {
		if err := count("rating", p.Rating); err != nil {
			return err
		}
	}
	if !p.Solved {
		return nil
	}
	if err := count("extra", extra); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, s.q(`INSERT INTO solve_times (maze, centis, n) VALUES (?, ?, 1)
		ON CONFLICT (maze, centis) DO UPDATE SET n = solve_times.n + 1`), p.Maze, centis(p.Seconds))
	return err
}

// centis is a duration in hundredths of a second, as solve_times counts it.
func centis(seconds float64) int64 { return int64(math.Round(seconds * 100)) }

// playByClient reads the play whose client ID is client.
func playByClient(ctx context.Context, tx *sql.Tx, q func(string) string, client string) (Play, error) {
	p := Play{Client: client}
	var ms int64
	var player, ending sql.NullString
	err := tx.QueryRowContext(ctx, q(`SELECT id, maze, moves, length, shortest, solved, seconds, hints, rating, created_ms, player, ending, undos, restarts, hard
		FROM plays WHERE client = ?`), client).
		Scan(&p.ID, &p.Maze, &p.Moves, &p.Length, &p.Shortest, &p.Solved, &p.Seconds, &p.Hints, &p.Rating, &ms, &player, &ending, &p.Undos, &p.Restarts, &p.Hard)
	p.Created, p.Player, p.Ending = time.UnixMilli(ms).UTC(), player.String, ending.String
	return p, err
}

// Stats reads the maze's summary and the median of its solve times in
// one read transaction. The median walks the distinct durations (to the
// hundredth of a second) in order, never the plays.
func (s *sqlStore) Stats(ctx context.Context, maze string) (Stats, error) {
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true, Isolation: s.d.readTx})
	if err != nil {
		return Stats{}, fmt.Errorf("reading the stats of a maze: %w", err)
	}
	defer tx.Rollback()
	var st Stats
	var extra, ratingSum int64
	err = tx.QueryRowContext(ctx, s.q(`SELECT plays, solved, assisted, extra_moves, ratings, rating_sum, undone, restarted, hard
		FROM play_summary WHERE maze = ?`), maze).Scan(&st.Plays, &st.Solved, &st.Assisted, &extra, &st.Ratings, &ratingSum, &st.Undone, &st.Restarted, &st.Hard)
	if errors.Is(err, sql.ErrNoRows) {
		return Stats{}, nil
	}
	if err != nil {
		return Stats{}, fmt.Errorf("reading the stats of a maze: %w", err)
	}
	if st.Ratings > 0 {
		st.MeanRating = float64(ratingSum) / float64(st.Ratings)
	}
	if st.Solved > 0 {
		st.MeanExtraMoves = float64(extra) / float64(st.Solved)
		// The (k-1)/2-th and k/2-th of the k solve times, counted from 0.
		var lo, hi int64
		err := tx.QueryRowContext(ctx, s.q(`SELECT MIN(CASE WHEN upto > ? THEN centis END), MIN(CASE WHEN upto > ? THEN centis END)
			FROM (SELECT centis, SUM(n) OVER (ORDER BY centis) AS upto FROM solve_times WHERE maze = ?) t`),
			(st.Solved-1)/2, st.Solved/2, maze).Scan(&lo, &hi)
		if err != nil {
			return Stats{}, fmt.Errorf("reading the stats of a maze: %w", err)
		}
		st.MedianSeconds = float64(lo+hi) / 200
	}
	if st.MedianExtraMoves, _, err = figureCounts(ctx, tx, s.q, maze, "extra"); err != nil {
		return Stats{}, err
	}
	if _, st.TrimmedRating, err = figureCounts(ctx, tx, s.q, maze, "rating"); err != nil {
		return Stats{}, err
	}
	return st, tx.Commit()
}

// figureCounts reads a maze's counts of plays by a figure's value and
// returns the median and the trimmed mean (TrimFraction off each end) of
// the values (0, 0 when none). The values are few (ratings 1 to 5, the
// distinct extra moves).
func figureCounts(ctx context.Context, tx *sql.Tx, q func(string) string, maze, figure string) (median, trimmed float64, err error) {
	rows, err := tx.QueryContext(ctx, q(`SELECT value, n FROM play_counts WHERE maze = ? AND figure = ? ORDER BY value`), maze, figure)
	if err != nil {
		return 0, 0, fmt.Errorf("reading the stats of a maze: %w", err)
	}
	defer rows.Close()
	type count struct{ value, n int64 }
	var counts []count
	var total int64
	for rows.Next() {
		var c count
		if err := rows.Scan(&c.value, &c.n); err != nil {
			return 0, 0, fmt.Errorf("reading the stats of a maze: %w", err)
		}
		counts, total = append(counts, c), total+c.n
	}
	if err := rows.Err(); err != nil || total == 0 {
		return 0, 0, err
	}
	// at returns the i-th value (from 0) in order.
	at := func(i int64) int64 {
		for _, c := range counts {
			if i < c.n {
				return c.value
			}
			i -= c.n
		}
		return counts[len(counts)-1].value
	}
	median = float64(at((total-1)/2)+at(total/2)) / 2
	cut := int64(float64(total) * TrimFraction)
	var sum int64
	var i int64
	for _, c := range counts {
		lo, hi := max(i, cut), min(i+c.n, total-cut)
		if hi > lo {
			sum += c.value * (hi - lo)
		}
		i += c.n
	}
	return median, float64(sum) / float64(total-2*cut), nil
}
