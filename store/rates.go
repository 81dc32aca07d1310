package store

import (
	"context"
	"fmt"
	"math"
	"time"
)

// Rates keeps token buckets that every server on the store shares, so that
// a client's rate is counted once for the site, not once per server. A
// bucket holds up to burst tokens and gains one every `every`; Take adds
// the time passed since its last count, takes adjust tokens (work already
// done that cost more, or less when negative, than it took: the bucket
// goes into debt down to minus burst), and then one more when one is
// there, all in one statement.
type Rates interface {
	// Take counts key's bucket at now and takes a token when there is
	// one: it returns whether it took one and the tokens left.
	Take(ctx context.Context, key string, every time.Duration, burst, adjust float64, now time.Time) (taken bool, tokens float64, err error)
	// ForgetRates removes the buckets full again by now: a missing
	// bucket is a full one.
	ForgetRates(ctx context.Context, now time.Time) (int64, error)
}

// SharedRates is a store whose servers may share their rates: Rates
// returns nil when the store has one server only (SQLite), whose rates
// are best counted in its memory.
type SharedRates interface {
	Rates() Rates
}

// Rates returns the store's shared buckets: PostgreSQL's; nil for SQLite.
func (s *sqlStore) Rates() Rates {
	if !s.d.sharedRates {
		return nil
	}
	return s
}

// takeRate is the one statement of Take: the bucket refilled by the time
// passed (never backwards, when servers' clocks differ), the adjustment
// taken, kept within [-burst, burst], and then a token taken when one is
// there; and the time it will be full again. Its arguments: key, burst,
// adjust, now (ms), every (ms), and the new bucket's tokens, taken and
// full_ms (computed by Take).
const takeRate = `INSERT INTO rate_buckets AS b (key, tokens, updated_ms, taken, full_ms) VALUES ($1, $6, $4, $7, $8)
ON CONFLICT (key) DO UPDATE SET
	tokens = ` + rateAfter + `,
	taken = ` + rateLevel + ` >= 1,
	updated_ms = GREATEST(b.updated_ms, $4),
	full_ms = GREATEST(b.updated_ms, $4) + CEIL(($2::float8 - ` + rateAfter + `) * $5::float8)::bigint
RETURNING taken, tokens`

// rateAfter is a bucket's tokens once a token is taken, when there is one.
const rateAfter = `CASE WHEN ` + rateLevel + ` >= 1 THEN ` + rateLevel + ` - 1 ELSE ` + rateLevel + ` END`

// rateLevel is a bucket's tokens once refilled and adjusted.
const rateLevel = `GREATEST(-$2::float8, LEAST($2::float8, b.tokens + GREATEST($4::bigint - b.updated_ms, 0)::float8 / $5::float8) - $3::float8)`

// Take takes a token of key's bucket (see Rates).
func (s *sqlStore) Take(ctx context.Context, key string, every time.Duration, burst, adjust float64, now time.Time) (bool, float64, error) {
	level := math.Max(-burst, burst-adjust)
	fresh, freshTaken := level, level >= 1
	if freshTaken {
		fresh--
	}
	everyMs := math.Max(float64(every)/float64(time.Millisecond), 1e-6)
	full := now.UnixMilli() + int64(math.Ceil((burst-fresh)*everyMs))
	var taken bool
	var tokens float64
	err := s.w.QueryRowContext(ctx, takeRate, key, burst, adjust, now.UnixMilli(), everyMs, fresh, freshTaken, full).Scan(&taken, &tokens)
	if err != nil {
		return false, 0, fmt.Errorf("counting the rate of %s: %w", key, s.d.classify(err))
	}
	return taken, tokens, nil
}

// ForgetRates removes the buckets full by now.
func (s *sqlStore) ForgetRates(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.w.ExecContext(ctx, s.q(`DELETE FROM rate_buckets WHERE full_ms <= ?`), now.UnixMilli())
	if err != nil {
		return 0, fmt.Errorf("forgetting idle rates: %w", s.d.classify(err))
	}
	return res.RowsAffected()
}
