package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"rjm/daily"
	"rjm/maze"
	"rjm/render"
	"rjm/store"
	"strings"
	"time"
)

// dailyView is the answer of GET /api/daily: the maze without its
// solution.
type dailyView struct {
	Date string `json:"date"`
	render.Head
	Shortest   int    `json:"shortest"`
	Difficulty string `json:"difficulty"`
}

// dateParam returns the date asked for: ?date=YYYY-MM-DD, or today.
func (s *server) dateParam(r *http.Request) (time.Time, error) {
	q := r.URL.Query().Get("date")
	if q == "" {
		return s.sched.Today(), nil
	}
	return daily.ParseDate(q)
}

// day returns the date's maze of the day, from the cache or the schedule.
// Its error carries the status to answer.
func (s *server) day(ctx context.Context, date time.Time) (*day, *httpError) {
	key := date.Format(daily.DateLayout)
	if d, ok := s.days.get(key); ok {
		// A cached date is shown already, so not in the future: but the
		// clock may have been asked before midnight; check again.
		if !date.After(s.sched.Today()) {
			return d, nil
		}
	}
	st, err := s.sched.Get(ctx, date)
	if isStoreFault(err) {
		// A GET never needs to write: the schedule's maze of the date,
		// served without being stored (the next request tries again).
		if made, gerr := daily.Generate(ctx, date); gerr == nil {
			s.errs.log(s.log, requestID(ctx), "serving a date's maze unstored", err)
			st, err = made, nil
		}
	}
	switch {
	case errors.Is(err, daily.ErrFuture), errors.Is(err, daily.ErrBeforeFirst):
		return nil, &httpError{code: http.StatusNotFound, msg: strings.TrimPrefix(err.Error(), "daily: ")}
	case err != nil:
		return nil, s.internal(requestID(ctx), err)
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

func (s *server) apiDaily(w http.ResponseWriter, r *http.Request) {
	date, err := s.dateParam(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, strings.TrimPrefix(err.Error(), "daily: "))
		return
	}
	d, herr := s.day(r.Context(), date)
	if herr != nil {
		herr.write(w)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(d.json)
}

func (s *server) pageToday(w http.ResponseWriter, r *http.Request) {
	s.writeDay(w, r, s.sched.Today())
}

// pageDate is a past date's maze of the day.
func (s *server) pageDate(w http.ResponseWriter, r *http.Request) {
	date, err := daily.ParseDate(r.PathValue("date"))
	if err != nil {
		s.pageError(w, http.StatusBadRequest, strings.TrimPrefix(err.Error(), "daily: "))
		return
	}
	s.writeDay(w, r, date)
}

// writeDay answers the page of date's maze, made once per date.
func (s *server) writeDay(w http.ResponseWriter, r *http.Request, date time.Time) {
	d, herr := s.day(r.Context(), date)
	if herr != nil {
		s.pageError(w, herr.code, herr.msg)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(d.html)
}

// day is one date's maze of the day as answered, the JSON of
// GET /api/daily and the page, both made once from one solve of the maze,
// since a stored date never changes.
type day struct {
	json, html []byte
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
	return &day{json: b.Bytes(), html: html}, nil
}

// maxDays bounds the dates whose answers the site keeps.
const maxDays = 1000

// maxArchive is the number of days the archive lists.
const maxArchive = 366

// archiveDay is one line of the archive: the date, its weekday's first
// three letters (the table fits a phone with your marks), its level and,
// on a Sunday, the variant it plays.
type archiveDay struct {
	Date, Weekday, Level, Variant string
}

// pageArchive lists the past days, newest first, from yesterday back to
// daily.First (at most maxArchive). Their levels come from the schedule;
// each day's maze is made when its page is first opened.
func (s *server) pageArchive(w http.ResponseWriter, r *http.Request) {
	first, _ := daily.ParseDate(daily.First)
	var days []archiveDay
	for d := s.sched.Today().AddDate(0, 0, -1); !d.Before(first) && len(days) < maxArchive; d = d.AddDate(0, 0, -1) {
		l := daily.LevelOf(d)
		days = append(days, archiveDay{d.Format(daily.DateLayout), d.Weekday().String()[:3], l.Name, l.Variant.String()})
	}
	s.writePage(w, http.StatusOK, "archive.html", struct {
		Title string
		Today string
		Days  []archiveDay
	}{"Archive: past mazes of the day", s.sched.Today().Format(daily.DateLayout), days})
}
