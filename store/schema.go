package store

// schemaV1 returns the first schema in a dialect's words for an
// auto-numbered id and a floating-point number.
func schemaV1(id, real string) []string {
	return []string{
		`CREATE TABLE daily (
			day TEXT PRIMARY KEY,
			maze TEXT NOT NULL,
			recipe TEXT NOT NULL,
			difficulty TEXT NOT NULL
		)`,
		`CREATE TABLE plays (
			id ` + id + `,
			maze TEXT NOT NULL,
			moves TEXT NOT NULL,
			length INTEGER NOT NULL,
			shortest INTEGER NOT NULL,
			solved BOOLEAN NOT NULL,
			seconds ` + real + ` NOT NULL,
			hints INTEGER NOT NULL,
			rating INTEGER NOT NULL,
			created_ms BIGINT NOT NULL
		)`,
		`CREATE INDEX plays_maze ON plays (maze, solved, seconds)`,
	}
}

// schemaV2 adds the client-made ID of a play (unique, NULL for the plays
// stored before it) and the running summaries that Stats reads instead
// of the plays: one row of counts and sums per maze (play_summary), and
// the solved plays' durations counted by hundredth of a second
// (solve_times), whose median is a walk over the distinct durations, not
// over the plays. Both are filled from the plays already stored. The
// same statements serve SQLite and PostgreSQL.
func schemaV2() []string {
	return []string{
		`ALTER TABLE plays ADD COLUMN client TEXT`,
		`CREATE UNIQUE INDEX plays_client ON plays (client)`,
		`CREATE TABLE play_summary (
			maze TEXT PRIMARY KEY,
			plays BIGINT NOT NULL,
			solved BIGINT NOT NULL,
			assisted BIGINT NOT NULL,
			extra_moves BIGINT NOT NULL,
			ratings BIGINT NOT NULL,
			rating_sum BIGINT NOT NULL
		)`,
		`INSERT INTO play_summary (maze, plays, solved, assisted, extra_moves, ratings, rating_sum)
			SELECT maze, COUNT(*),
				SUM(CASE WHEN solved THEN 1 ELSE 0 END),
				SUM(CASE WHEN hints > 0 THEN 1 ELSE 0 END),
				SUM(CASE WHEN solved THEN length - shortest ELSE 0 END),
				SUM(CASE WHEN rating > 0 THEN 1 ELSE 0 END),
				SUM(rating)
			FROM plays GROUP BY maze`,
		`CREATE TABLE solve_times (
			maze TEXT NOT NULL,
			centis BIGINT NOT NULL,
			n BIGINT NOT NULL,
			PRIMARY KEY (maze, centis)
		)`,
		`INSERT INTO solve_times (maze, centis, n)
			SELECT maze, CAST(ROUND(seconds * 100) AS BIGINT), COUNT(*)
			FROM plays WHERE solved GROUP BY maze, CAST(ROUND(seconds * 100) AS BIGINT)`,
	}
}

// schemaV3 adds the player's ID of a play: a random ID the player's page
// made once and keeps on the device (NULL for the plays stored before it,
// and for plays sent without one), so that the difficulty model can tell
// a strong player from a hard maze. The same statements serve SQLite and
// PostgreSQL.
func schemaV3() []string {
	return []string{
		`ALTER TABLE plays ADD COLUMN player TEXT`,
	}
}

// schemaEnding adds how a play ended when it did not end solved by the
// player alone: "gave_up", "shown" (the player asked for the solution)
// or "left" (the page was left mid-game); NULL for a game played to its
// end, and for the plays stored before it. The same statement serves
// SQLite and PostgreSQL; a new column only, so that it merges with any
// other migration.
func schemaEnding() []string {
	return []string{
		`ALTER TABLE plays ADD COLUMN ending TEXT`,
	}
}

// schemaAccount adds the rest of a game's account to its play: the undos
// and the restarts the player made (beside its hints and time) and
// whether it was played in hard mode (no hints, no undo), 0 and false for
// the plays stored before it; and to each maze's summary the plays with
// an undo, with a restart and in hard mode, counted from then on. The
// same statements serve SQLite and PostgreSQL; new columns only, so that
// it merges with any other migration.
func schemaAccount() []string {
	return []string{
		`ALTER TABLE plays ADD COLUMN undos INTEGER NOT NULL DEFAULT 0`,
		`ALTER TABLE plays ADD COLUMN restarts INTEGER NOT NULL DEFAULT 0`,
		`ALTER TABLE plays ADD COLUMN hard BOOLEAN NOT NULL DEFAULT FALSE`,
		`ALTER TABLE play_summary ADD COLUMN undone BIGINT NOT NULL DEFAULT 0`,
		`ALTER TABLE play_summary ADD COLUMN restarted BIGINT NOT NULL DEFAULT 0`,
		`ALTER TABLE play_summary ADD COLUMN hard BIGINT NOT NULL DEFAULT 0`,
	}
}

// schemaSundayLevel stores Sunday's level as the level it is (the
// schedule's Sunday is medium on its variant's board: difficulty.Week)
// where a day was stored as "variant", so that every day's difficulty is
// a level's name and the dashboard gives Sunday's rows their target time.
// The same statement serves SQLite and PostgreSQL; rows only, so that it
// merges with any other migration.
func schemaSundayLevel() []string {
	return []string{
		`UPDATE daily SET difficulty = 'medium' WHERE difficulty = 'variant'`,
	}
}

// schemaTrust adds the tokens that recorded a play (each records at most
// one; kept TokenKeep, by the time they were used), the server's secret
// keys by name (the key that signs the tokens, shared by every server on
// the store), the one row Ping writes to check that the store takes
// writes, and the counts of each maze's plays by extra moves (solved
// plays) and by rating (rated plays), filled from the plays stored, for
// figures that a few outliers do not move (a median, a trimmed mean). New
// tables only, so that it merges with any other migration.
func schemaTrust() []string {
	return []string{
		`CREATE TABLE play_counts (
			maze TEXT NOT NULL,
			figure TEXT NOT NULL,
			value BIGINT NOT NULL,
			n BIGINT NOT NULL,
			PRIMARY KEY (maze, figure, value)
		)`,
		`INSERT INTO play_counts (maze, figure, value, n)
			SELECT maze, 'extra', length - shortest, COUNT(*) FROM plays WHERE solved GROUP BY maze, length - shortest`,
		`INSERT INTO play_counts (maze, figure, value, n)
			SELECT maze, 'rating', rating, COUNT(*) FROM plays WHERE rating > 0 GROUP BY maze, rating`,
		`CREATE TABLE play_tokens (
			token TEXT PRIMARY KEY,
			used_ms BIGINT NOT NULL
		)`,
		`CREATE INDEX play_tokens_used ON play_tokens (used_ms)`,
		`CREATE TABLE secret_keys (
			name TEXT PRIMARY KEY,
			secret TEXT NOT NULL
		)`,
		`CREATE TABLE ready_probe (
			id INTEGER PRIMARY KEY,
			at_ms BIGINT NOT NULL
		)`,
	}
}

// schemaFacts adds what the difficulty model knows of a maze before
// anyone plays it (difficulty.Facts, encoded by the site), computed once
// per maze and version of the computation, so that a restart, or another
// server on the store, does not compute it again. A new table only, so
// that it merges with any other migration.
func schemaFacts() []string {
	return []string{
		`CREATE TABLE maze_facts (
			maze TEXT NOT NULL,
			version TEXT NOT NULL,
			facts TEXT NOT NULL,
			PRIMARY KEY (maze, version)
		)`,
	}
}

// schemaRates adds the token buckets that the servers on one store share
// (see Rates): one row per rate and client or network, its tokens, the
// time they were counted, whether the last request took one, and when
// the bucket will be full again, after which the row says nothing a
// missing row does not: ForgetRates removes it. unlogged is PostgreSQL's
// word for a table written without its write-ahead log (a take costs no
// log flush; the buckets, lost in a crash or a failover, start full
// again), "" for SQLite. SQLite, one server's store, keeps the table
// empty (its server counts in memory). A new table only, so that it
// merges with any other migration.
func schemaRates(unlogged, real string) []string {
	return []string{
		`CREATE ` + unlogged + ` TABLE rate_buckets (
			key TEXT PRIMARY KEY,
			tokens ` + real + ` NOT NULL,
			updated_ms BIGINT NOT NULL,
			taken BOOLEAN NOT NULL,
			full_ms BIGINT NOT NULL
		)`,
		`CREATE INDEX rate_buckets_full ON rate_buckets (full_ms)`,
	}
}
