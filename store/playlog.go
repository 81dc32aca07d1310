package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// PlayLog reads the latest plays, up to limit, oldest first, in one
// query.
func (s *sqlStore) PlayLog(ctx context.Context, limit int) ([]Play, error) {
	if limit <= 0 {
		return nil, nil
	}
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT id, maze, moves, length, shortest, solved, seconds, hints, rating, created_ms, client, player
		FROM (SELECT * FROM plays ORDER BY id DESC LIMIT ?) t ORDER BY id`), limit)
	if err != nil {
		return nil, fmt.Errorf("store: play log: %w", err)
	}
	defer rows.Close()
	var out []Play
	for rows.Next() {
		var p Play
		var ms int64
		var client, player sql.NullString
		if err := rows.Scan(&p.ID, &p.Maze, &p.Moves, &p.Length, &p.Shortest, &p.Solved, &p.Seconds, &p.Hints, &p.Rating, &ms, &client, &player); err != nil {
			return nil, fmt.Errorf("store: play log: %w", err)
		}
		p.Created, p.Client, p.Player = time.UnixMilli(ms).UTC(), client.String, player.String
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: play log: %w", err)
	}
	return out, nil
}
