package web

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"rjm/fault"
	"rjm/generate"
	"rjm/maze"
	"rjm/render"
	"rjm/search"
	"strconv"
	"strings"
)

// generateRequest is the body of POST /api/generate; a field left out
// keeps rjm generate's default.
type generateRequest struct {
	Rows       *int    `json:"rows"`
	Cols       *int    `json:"cols"`
	Method     *string `json:"method"`
	Iterations *int    `json:"iterations"`
	Energy     *string `json:"energy"`
	Variant    *string `json:"variant"`
	Seed       *uint64 `json:"seed"`
}

// decodeGenerate reads the body of POST /api/generate into a spec with
// rjm generate's defaults (the design paper's good maze, a random seed),
// within the caps. An empty body asks for the defaults.
func decodeGenerate(body []byte) (generate.Spec, error) {
	var req generateRequest
	if len(strings.TrimSpace(string(body))) > 0 {
		if err := decodeJSON(body, &req); err != nil {
			return generate.Spec{}, err
		}
	}
	return req.spec()
}

// spec returns the recipe req asks for, within the caps: generate.Settings
// checks it, with the command line's messages. One of rows and cols alone
// gives a square board.
func (req generateRequest) spec() (generate.Spec, error) {
	given := map[string]bool{"rows": req.Rows != nil || req.Cols != nil, "cols": req.Rows != nil || req.Cols != nil,
		"method": req.Method != nil, "iterations": req.Iterations != nil, "energy": req.Energy != nil}
	set := generate.Settings{
		Rows: deref(cmp.Or(req.Rows, req.Cols)), Cols: deref(cmp.Or(req.Cols, req.Rows)),
		Settings: search.Settings{Method: deref(req.Method), Iterations: deref(req.Iterations)}, Energy: deref(req.Energy),
		Seed: deref(req.Seed), RandomSeed: req.Seed == nil, Given: func(name string) bool { return given[name] },
		MaxSide: MaxGenerateSide, MaxWork: MaxGenerateWork,
	}
	if req.Variant != nil {
		v, err := maze.ParseVariant(*req.Variant)
		if err != nil {
			return generate.Spec{}, err
		}
		set.Variant = v
	}
	return set.Spec()
}

// deref returns *p, or the zero value when p is nil.
func deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

// checkSpec holds a spec to the API's caps and validates it.
func checkSpec(s generate.Spec) error {
	if s.Rows < 1 || s.Cols < 1 || s.Rows > MaxGenerateSide || s.Cols > MaxGenerateSide {
		return fault.Invalid("", "size %dx%d: rows and columns must be 1 to %d", s.Rows, s.Cols, MaxGenerateSide)
	}
	if s.Iterations > MaxGenerateWork || s.Work() > MaxGenerateWork || s.Work() < 0 {
		return fault.Invalid("", "%d iterations in all: at most %d", s.Work(), MaxGenerateWork)
	}
	if strings.HasPrefix(strings.TrimSpace(s.Energy), "@") {
		return fault.Invalid("energy", "files are not read here; give the energy's text")
	}
	return s.Validate()
}

// generate runs spec for request r as heavy work (see bound.go) under
// the time limit: GenerateTimeout of the CPU (where the thread's CPU
// time is measured: Linux), within half as much again of the clock. A
// generation that used its CPU is answered 422 (it asked for too much
// work); one that ran out of clock first, 503 with Retry-After (the
// machine was too busy to give it the CPU).
func (s *server) generate(r *http.Request, spec generate.Spec) (*generate.Result, *httpError) {
	var res *generate.Result
	var err error
	var timedOut, overCPU bool
	limit := s.opt.GenerateTimeout
	cpu, herr := s.heavy(r, s.gen, func() {
		wall := limit
		if cpuMeasured {
			wall += limit / 2
		}
		ctx, cancel := context.WithTimeout(r.Context(), wall)
		defer cancel()
		start := threadCPU()
		progress := func(int, int, float64) {
			if cpuMeasured && threadCPU()-start >= limit {
				overCPU = true
				cancel()
			}
		}
		res, err = generate.Run(ctx, spec, progress)
		timedOut = (err != nil || res.Interrupted) && ctx.Err() != nil
		overCPU = overCPU || !cpuMeasured
	})
	switch {
	case herr != nil && herr.code == http.StatusServiceUnavailable:
		s.gen.rate.refund(s, r, 1) // refused busy: nothing used
	case herr == nil && !timedOut && cpuMeasured && cpu < limit:
		// The rate is counted in CPU: what the generation did not use
		// of its token is given back.
		s.gen.rate.refund(s, r, 1-max(MinGenerateCost, float64(cpu)/float64(limit)))
	}
	switch {
	case herr != nil:
		return nil, herr
	case timedOut && r.Context().Err() != nil:
		return nil, clientGone()
	case timedOut && !overCPU:
		s.metrics.refused.WithLabelValues("generation", "starved").Inc()
		return nil, retryLater(http.StatusServiceUnavailable, BusyRetry,
			fmt.Sprintf("the server was too busy to give the generation its %v of computing in time: try again in %%d s", limit))
	case timedOut:
		return nil, badInput(fault.New(fault.ErrTooCostly, "", "generation needs more than the server's limit of %v of computing: ask for fewer iterations or a smaller board", limit))
	case err != nil || res.Interrupted:
		if err == nil { // interrupted: the request's context ended
			return nil, clientGone()
		}
		return nil, badInput(err)
	}
	return res, nil
}

func (s *server) apiGenerate(w http.ResponseWriter, r *http.Request) {
	// The client's rate first, then a look at the slots, then the body.
	if r = s.takeRate(w, r, s.gen); r == nil {
		return
	}
	if s.busy(w, r) {
		s.gen.rate.refund(s, r, 1) // refused busy: nothing used
		return
	}
	spec, ok := decodeBody(w, r, decodeGenerate)
	if !ok {
		s.gen.rate.refund(s, r, 1) // a bad request costs no generation
		return
	}
	res, herr := s.generate(r, spec)
	if herr != nil {
		herr.write(w)
		return
	}
	writeJSON(w, http.StatusOK, render.NewGenerate(res))
}

// generateForm is the data of /generate: the form's values and an error.
type generateForm struct {
	Title, Error                                 string
	Rows, Cols, Method, Iterations, Energy, Seed string
	Variant                                      string
	Methods                                      []string
	Variants                                     [][2]string
	MaxSide, MaxWork                             int
}

// newGenerateForm returns the empty form: the default board's size, and
// the method, iterations and energy left empty, which ask for the board's
// default recipe (generate.DefaultOn: the design paper's good maze on the
// plain board, long unique solutions on every variant).
func newGenerateForm() generateForm {
	d := generate.Default()
	return generateForm{
		Title: "Generate a maze", Rows: strconv.Itoa(d.Rows), Cols: strconv.Itoa(d.Cols), Methods: search.MethodNames,
		Variants: maze.VariantNames, MaxSide: MaxGenerateSide, MaxWork: MaxGenerateWork,
	}
}

func (s *server) pageGenerateForm(w http.ResponseWriter, r *http.Request) {
	s.writePage(w, http.StatusOK, "generate.html", newGenerateForm())
}

// pageGenerate generates the maze the form asks for, under the API's caps
// and limits, and sends the player to it: its URL is the maze ID.
func (s *server) pageGenerate(w http.ResponseWriter, r *http.Request) {
	form := newGenerateForm()
	if err := r.ParseForm(); err != nil {
		herr := formError(r, err)
		form.Error = herr.msg
		s.writePage(w, herr.code, "generate.html", form)
		return
	}
	form.Rows, form.Cols, form.Method = r.PostForm.Get("rows"), r.PostForm.Get("cols"), r.PostForm.Get("method")
	form.Iterations, form.Energy, form.Seed = r.PostForm.Get("iterations"), r.PostForm.Get("energy"), r.PostForm.Get("seed")
	form.Variant = strings.Join(r.PostForm["variant"], ",")
	var req generateRequest
	var err error
	num := func(name, v string) *int {
		n, e := strconv.Atoi(strings.TrimSpace(v))
		if e != nil && err == nil {
			err = fmt.Errorf("%s %q is not a whole number", name, v)
		}
		return &n
	}
	req.Rows, req.Cols = num("rows", form.Rows), num("columns", form.Cols)
	// An empty method, iterations or energy is the board's default.
	if strings.TrimSpace(form.Iterations) != "" {
		req.Iterations = num("iterations", form.Iterations)
	}
	if strings.TrimSpace(form.Method) != "" {
		req.Method = &form.Method
	}
	if strings.TrimSpace(form.Energy) != "" {
		req.Energy = &form.Energy
	}
	req.Variant = &form.Variant
	if strings.TrimSpace(form.Seed) != "" {
		seed, e := strconv.ParseUint(strings.TrimSpace(form.Seed), 10, 64)
		if e != nil && err == nil {
			err = fmt.Errorf("seed %q is not a whole number ≥ 0", form.Seed)
		}
		req.Seed = &seed
	}
	var spec generate.Spec
	if err == nil {
		spec, err = req.spec()
	}
	if err != nil {
		herr := badInput(err)
		form.Error = herr.msg
		s.writePage(w, herr.code, "generate.html", form)
		return
	}
	res, herr := s.generate(r, spec)
	if herr != nil {
		if herr.header[0] != "" { // a refusal: when to try again
			w.Header().Set(herr.header[0], herr.header[1])
		}
		form.Error = herr.msg
		s.writePage(w, herr.code, "generate.html", form)
		return
	}
	id, _ := res.Maze.ID()
	http.Redirect(w, r, "/m/"+id, http.StatusSeeOther)
}
