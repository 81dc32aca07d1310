package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"rjm/daily"
	"rjm/fault"
	"rjm/maze"
	"rjm/render"
	"rjm/store"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// dailyView is the answer of GET /api/daily: the maze without its
// solution.
type dailyView struct {
	Date string `json:"date"`
	render.Head
	Shortest   int    `json:"shortest"`
	Difficulty string `json:"difficulty"`
}

// dateParam returns the date asked for: ?date=YYYY-MM-DD; or the
// player's today, the date at ?offset=±HH:MM from UTC (daily.ParseOffset);
// or, with neither, today in UTC. Both at once is refused: the date
// already says the day.
func (s *server) dateParam(r *http.Request) (time.Time, error) {
	q, o := r.URL.Query().Get("date"), r.URL.Query().Get("offset")
	switch {
	case q != "" && o != "":
		return time.Time{}, fault.Invalid("", "date %.20q and offset %.20q: give one, the date or the player's UTC offset", q, o)
	case o != "":
		// A + left bare in a query string reads as a space.
		if o[0] == ' ' {
			o = "+" + o[1:]
		}
		d, err := daily.ParseOffset(o)
		if err != nil {
			return time.Time{}, err
		}
		return s.sched.TodayAt(d), nil
	case q == "":
		return s.sched.Today(), nil
	}
	return daily.ParseDate(q)
}

// day returns the date's maze of the day, from the cache, the store or
// the schedule (made once, see makeDay), for request r. Its error
// carries the status to answer.
func (s *server) day(r *http.Request, date time.Time) (*day, *httpError) {
	ctx := r.Context()
	key := date.Format(daily.DateLayout)
	if d, ok := s.days.get(key); ok {
		// A cached date is shown already, so not in the future: but the
		// clock may have been asked before midnight; check again.
		if !date.After(s.sched.Newest()) {
			return d, nil
		}
	}
	switch {
	case date.After(s.sched.Newest()): // today nowhere yet
		return nil, badInput(daily.ErrFuture)
	case key < daily.First:
		return nil, badInput(daily.ErrBeforeFirst)
	}
	st, err := s.store.Daily(ctx, key)
	if err != nil && !errors.Is(err, store.ErrNotFound) && !isStoreFault(err) {
		return nil, s.internal(requestID(ctx), err)
	}
	if err != nil {
		// Never stored (or the store is down: a GET never needs to
		// write, so the schedule's maze is served unstored, and the
		// next request tries again).
		var herr *httpError
		if st, herr = s.makeDay(r, date); herr != nil {
			return nil, herr
		}
	}
	m, err := maze.ParseID(st.Maze)
	if err != nil {
		return nil, s.internal(requestID(ctx), fmt.Errorf("stored maze of %s: %w", key, err))
	}
	d, err := newDay(s.pages, st, m)
	if err != nil {
		return nil, s.internal(requestID(ctx), err)
	}
	s.days.put(key, d)
	return d, nil
}

// A date's maze not yet stored is made once, however many ask for it at
// once: the first request (the leader) makes it as a generation — within
// its client's rate and a generation slot, at the generations' lower
// priority, under DayTimeout, and not cut short if it goes away — and
// stores it; the others wait for it, and cost nothing. A leader refused
// (429 or 503) is answered so, and those waiting try again, each as
// itself. With Options.Background, the maze of the next day is made ahead
// of midnight (makeAhead), so that today's is stored before anyone asks.

// DayTimeout bounds the making of one date's maze (a few generations,
// daily.Generate's tries: about 0.4 s of CPU at most, measured).
const DayTimeout = 20 * time.Second

// dayFlights are the dates' mazes being made, by date.
type dayFlights struct {
	mu sync.Mutex
	m  map[string]*dayFlight
	// made counts the dates' mazes made (rjm_daily_made_total), by
	// whom: a request, or the background ahead of the day.
	made *prometheus.CounterVec
}

// dayFlight is one date's maze being made: done is closed when d (or
// herr) is set.
type dayFlight struct {
	done chan struct{}
	d    store.Daily
	herr *httpError
}

func newDayFlights(reg *prometheus.Registry) *dayFlights {
	f := &dayFlights{m: map[string]*dayFlight{},
		made: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "rjm_daily_made_total",
			Help: "Dates' mazes made (not read from the store), by whom: request, ahead."}, []string{"by"})}
	reg.MustRegister(f.made)
	return f
}

// join returns the flight of date and whether the caller leads it (makes
// the maze and ends the flight).
func (f *dayFlights) join(date string) (*dayFlight, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if x, ok := f.m[date]; ok {
		return x, false
	}
	x := &dayFlight{done: make(chan struct{})}
	f.m[date] = x
	return x, true
}

// end sets the flight's outcome and lets its waiters go.
func (f *dayFlights) end(date string, x *dayFlight, d store.Daily, herr *httpError) {
	f.mu.Lock()
	delete(f.m, date)
	f.mu.Unlock()
	x.d, x.herr = d, herr
	close(x.done)
}

// makeDay returns date's maze, made once for every request asking for it
// at once (see above); r is the request, nil for the background's.
func (s *server) makeDay(r *http.Request, date time.Time) (store.Daily, *httpError) {
	key := date.Format(daily.DateLayout)
	ctx := context.Background()
	if r != nil {
		ctx = r.Context()
	}
	for {
		x, lead := s.dayFlights.join(key)
		if !lead {
			select {
			case <-x.done:
			case <-ctx.Done():
				return store.Daily{}, clientGone()
			}
			if x.herr == nil {
				return x.d, nil
			}
			if c := x.herr.code; c == http.StatusTooManyRequests || c == http.StatusServiceUnavailable || c == StatusClientClosed {
				continue // the leader's own refusal: try as ourselves
			}
			return store.Daily{}, x.herr
		}
		d, herr := s.makeDayNow(r, date)
		s.dayFlights.end(key, x, d, herr)
		return d, herr
	}
}

// makeDayNow makes and stores date's maze, as a generation for r (its
// rate and a slot) or, for the background (r nil), at the generations'
// priority alone.
func (s *server) makeDayNow(r *http.Request, date time.Time) (store.Daily, *httpError) {
	key := date.Format(daily.DateLayout)
	var d store.Daily
	var err error
	run := func() {
		// Not the request's context: the others waiting want the maze
		// even if the leader goes away.
		ctx, cancel := context.WithTimeout(context.Background(), DayTimeout)
		defer cancel()
		// Another server on the store may have made it meanwhile.
		if d, err = s.store.Daily(ctx, key); err == nil {
			return
		}
		if d, err = daily.Generate(ctx, date); err != nil {
			return
		}
		by := "request"
		if r == nil {
			by = "ahead"
		}
		s.dayFlights.made.WithLabelValues(by).Inc()
		stored, perr := s.store.PutDaily(ctx, d)
		if perr != nil {
			s.errs.log(s.log, "", "serving a date's maze unstored", perr)
			return
		}
		d = stored
	}
	if r == nil {
		lowPriority(s.gen.nice, run)
	} else {
		cpu, herr := s.heavy(r, s.gen, run)
		switch {
		case herr != nil && herr.code == http.StatusServiceUnavailable:
			s.gen.rate.refund(s, r, 1) // refused busy: nothing used
		case herr == nil && cpuMeasured:
			// Counted in CPU, as any generation (see generate).
			s.gen.rate.refund(s, r, 1-min(1, max(MinGenerateCost, float64(cpu)/float64(s.opt.GenerateTimeout))))
		}
		if herr != nil {
			return store.Daily{}, herr
		}
	}
	if err != nil {
		id := ""
		if r != nil {
			id = requestID(r.Context())
		}
		if errors.Is(err, context.DeadlineExceeded) {
			s.errs.log(s.log, id, "making a date's maze", err)
			return store.Daily{}, retryLater(http.StatusServiceUnavailable, BusyRetry, "the server is busy with other work: try again in %d s")
		}
		return store.Daily{}, s.internal(id, err)
	}
	return d, nil
}

// AheadOfMidnight is how long before a date's first midnight (in UTC+14,
// daily.Ahead before midnight UTC, when it becomes today somewhere) the
// background makes its maze.
const AheadOfMidnight = time.Hour

// makeAhead makes the mazes of the dates today somewhere (today in UTC
// and the newest) when the store has none, and the next date's
// AheadOfMidnight before its first midnight, every day until ctx ends.
func (s *server) makeAhead(ctx context.Context) {
	for {
		today, newest := s.sched.Today(), s.sched.Newest()
		dates := []time.Time{today}
		if newest.After(today) {
			dates = append(dates, newest)
		}
		next := newest.AddDate(0, 0, 1)
		wake := next.Add(-daily.Ahead - AheadOfMidnight)
		if !s.opt.Now().Before(wake) {
			dates = append(dates, next)
			wake = next.AddDate(0, 0, 1).Add(-daily.Ahead - AheadOfMidnight)
		}
		for _, date := range dates {
			key := date.Format(daily.DateLayout)
			if _, err := s.store.Daily(ctx, key); err != nil {
				s.makeDay(nil, date)
				if _, err := s.store.Daily(ctx, key); err != nil && ctx.Err() == nil {
					wake = s.opt.Now().Add(time.Minute) // not stored: the store is down; again soon
				}
			}
		}
		t := time.NewTimer(max(time.Second, wake.Sub(s.opt.Now())))
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

func (s *server) apiDaily(w http.ResponseWriter, r *http.Request) {
	date, err := s.dateParam(r)
	if err != nil {
		badInput(err).write(w)
		return
	}
	d, herr := s.day(r, date)
	if herr != nil {
		herr.write(w)
		return
	}
	writeTagged(w, r, "application/json", "no-cache", d.jsonTag, d.json)
}

func (s *server) pageToday(w http.ResponseWriter, r *http.Request) {
	s.writeDay(w, r, s.sched.Today())
}

// pageDate is a past date's maze of the day.
func (s *server) pageDate(w http.ResponseWriter, r *http.Request) {
	date, err := daily.ParseDate(r.PathValue("date"))
	if err != nil {
		s.pageAnswer(w, badInput(err))
		return
	}
	s.writeDay(w, r, date)
}

// writeDay answers the page of date's maze, made once per date.
func (s *server) writeDay(w http.ResponseWriter, r *http.Request, date time.Time) {
	d, herr := s.day(r, date)
	if herr != nil {
		s.pageError(w, herr.code, herr.msg)
		return
	}
	writeTagged(w, r, "text/html; charset=utf-8", "no-cache", d.htmlTag, d.html)
}

// day is one date's maze of the day as answered, the JSON of
// GET /api/daily and the page, both made once from one solve of the maze,
// since a stored date never changes.
type day struct {
	json, html       []byte
	jsonTag, htmlTag string // their ETags
}

func newDay(p *pages, st store.Daily, m *maze.Maze) (*day, error) {
	g := newGame(m, st.Date)
	v := dailyView{Date: st.Date, Head: render.NewHead(m), Shortest: g.Shortest, Difficulty: st.Difficulty}
	var b bytes.Buffer
	writeJSONTo(&b, v)
	html, err := p.render("play.html", newPlayPage(m, g, &st))
	if err != nil {
		return nil, err
	}
	return &day{json: b.Bytes(), html: html, jsonTag: etagOf(b.Bytes()), htmlTag: etagOf(html)}, nil
}

// maxDays bounds the dates whose answers the site keeps.
const maxDays = 1000

// maxArchive is the number of days the archive lists.
const maxArchive = 366

// archiveDay is one line of the archive: the date, its weekday's first
// three letters (the table fits a phone with your marks), its level and,
// on a Sunday, the variant it plays; Hidden when it is not past in UTC
// (the player's page shows it when it is past where the player is).
type archiveDay struct {
	Date, Weekday, Level, Variant string
	Hidden                        bool
}

// pageArchive lists the past days, newest first, back to daily.First (at
// most maxArchive). A day is past for the player when it is before the
// player's today, which only the player's page knows: the page lists
// every date before the newest that is today somewhere (daily.Newest),
// those from today in UTC on hidden, and me.js shows the player's past
// days and hides the rest (RJM.today, the device's date). Their levels
// come from the schedule; each day's maze is made when its page is first
// opened.
func (s *server) pageArchive(w http.ResponseWriter, r *http.Request) {
	first, _ := daily.ParseDate(daily.First)
	today := s.sched.Today()
	var days []archiveDay
	for d := s.sched.Newest().AddDate(0, 0, -1); !d.Before(first) && len(days) < maxArchive; d = d.AddDate(0, 0, -1) {
		l := daily.LevelOf(d)
		days = append(days, archiveDay{d.Format(daily.DateLayout), d.Weekday().String()[:3], l.Level.String(), l.Variant.String(), !d.Before(today)})
	}
	s.writePage(w, http.StatusOK, "archive.html", struct {
		Title string
		Today string
		Days  []archiveDay
	}{"Archive: past mazes of the day", s.sched.Today().Format(daily.DateLayout), days})
}
