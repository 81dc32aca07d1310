package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"

	"rjm/fault"
	"rjm/maze"
)

// decodeJSON decodes one JSON object with no unknown fields, each name
// exactly a field's (case-sensitive) and given once (fault.StrictJSON);
// an error is a *fault.Error at "body".
func decodeJSON(body []byte, v any) error {
	if err := fault.StrictJSON("body", body, v); err != nil {
		return err
	}
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		// A body empty or cut short is said here; the rest of
		// encoding/json's errors fault.JSON words.
		switch {
		case errors.Is(err, io.EOF):
			return fault.Invalid("body", "empty: want a JSON object")
		case errors.Is(err, io.ErrUnexpectedEOF):
			return fault.Invalid("body", "the JSON ends before it is complete")
		}
		return fault.JSON("body", err)
	}
	if dec.More() {
		return fault.Invalid("body", "more than one JSON value")
	}
	return nil
}

// decodeBody reads r's body and decodes it; when either fails it answers
// the error (413 or 400) and returns false.
func decodeBody[T any](w http.ResponseWriter, r *http.Request, decode func([]byte) (T, error)) (T, bool) {
	var v T
	body, herr := readBody(r)
	if herr != nil {
		herr.write(w)
		return v, false
	}
	v, err := decode(body)
	if err != nil {
		badInput(err).write(w)
		return v, false
	}
	return v, true
}

// readBody reads the request body, whose size guard limits.
func readBody(r *http.Request) ([]byte, *httpError) {
	body, err := io.ReadAll(r.Body)
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return nil, badInput(fault.New(fault.ErrTooLarge, "", "body larger than %d bytes", tooBig.Limit))
	}
	if err != nil {
		return nil, badInput(fault.In("body", err))
	}
	return body, nil
}

// httpError is an error answer: a status, a message and extra headers.
type httpError struct {
	code   int
	msg    string
	where  string // the place in the request, when the error names one (fault.Place)
	header [2]string
}

func (e *httpError) write(w http.ResponseWriter) {
	if e.header[0] != "" {
		w.Header().Set(e.header[0], e.header[1])
	}
	writeJSON(w, e.code, errorBody{e.msg, e.where})
}

// StatusClientClosed is the status counted and logged for a request
// whose client went away before its answer (nginx's 499): not a server
// error.
const StatusClientClosed = 499

// clientGone is the answer to a request whose client went away: nobody
// reads it, but the metrics and the log count it as 499.
func clientGone() *httpError {
	return &httpError{code: StatusClientClosed, msg: "the client closed the request"}
}

// internal returns the answer to err: 499 when the request's client went
// away (context.Canceled), 503 with Retry-After when the store failed
// (a full disk, a lock held, a database that does not answer in time:
// all passing faults), and otherwise 500, which does not show err. The
// store's and other errors are logged once per cause and period (see
// errlog.go).
func (s *server) internal(request string, err error) *httpError {
	switch {
	case errors.Is(err, context.Canceled):
		return clientGone()
	case isStoreFault(err):
		s.errs.log(s.log, request, "store unavailable", err)
		return retryLater(http.StatusServiceUnavailable, StoreRetry, "the store is unavailable for a moment: try again in %d s")
	}
	s.errs.log(s.log, request, "internal error", err)
	return &httpError{code: http.StatusInternalServerError, msg: "internal error"}
}

// errorBody is a JSON error answer: the one line, and where in the
// request it is (a parameter, "body: field rows") when that is known.
type errorBody struct {
	Error string `json:"error"`
	Where string `json:"where,omitempty"`
}

// writeJSON answers v as JSON with the given status.
func writeJSON(w http.ResponseWriter, code int, v any) {
	var b bytes.Buffer
	if writeJSONTo(&b, v) != nil {
		code = http.StatusInternalServerError
		b.Reset()
		b.WriteString(`{"error":"internal error"}` + "\n")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	w.Write(b.Bytes())
}

// writeJSONTo writes v as one line of JSON.
func writeJSONTo(b *bytes.Buffer, v any) error {
	return json.NewEncoder(b).Encode(v)
}

// badInput is the answer to err, an error in what the client sent, and
// the one place that maps a *fault.Error's kind to a status: ErrInvalid
// (and an error of no kind, which the caller found in the client's
// input) 400, ErrNotFound 404, ErrTooLarge 413, ErrTooCostly 422,
// ErrUnavailable 503. Its message is err's one line, as the library
// wrote it. JSON answers write it with write, pages with pageAnswer.
func badInput(err error) *httpError {
	code := http.StatusBadRequest
	switch fault.Kind(err) {
	case fault.ErrNotFound:
		code = http.StatusNotFound
	case fault.ErrTooLarge:
		code = http.StatusRequestEntityTooLarge
	case fault.ErrTooCostly:
		code = http.StatusUnprocessableEntity
	case fault.ErrUnavailable:
		code = http.StatusServiceUnavailable
	}
	return &httpError{code: code, msg: err.Error(), where: fault.Place(err)}
}

// writeError answers {"error": msg} with the given status.
func writeError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, errorBody{Error: msg})
}

// queryMaze reads the maze ID v of a query's "maze" parameter and returns
// the maze with its canonical ID; or it answers 400 naming what is wrong
// and returns ok false.
func queryMaze(w http.ResponseWriter, v string) (m *maze.Maze, id string, ok bool) {
	m, err := maze.ParseID(v)
	if err == nil {
		id, err = m.ID()
	}
	if err != nil {
		badInput(err).write(w)
		return nil, "", false
	}
	return m, id, true
}

// formError words an error of reading a form (http.Request.ParseForm or
// ParseMultipartForm) in rjm's words, at "form": a body over MaxBody is
// too large (413); a multipart form without its boundary, cut short or
// malformed, a Content-Type that cannot be read, and text that is not
// name=value pairs say so, never the words of mime, multipart or url.
func formError(r *http.Request, err error) *httpError {
	if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
		return badInput(fault.New(fault.ErrTooLarge, "form", "larger than %d bytes", MaxBody))
	}
	ct := r.Header.Get("Content-Type")
	media, _, cterr := mime.ParseMediaType(ct)
	switch {
	case cterr != nil:
		return badInput(fault.Invalid("form", "the Content-Type %q cannot be read", maze.Short(ct)))
	case errors.Is(err, http.ErrMissingBoundary):
		return badInput(fault.Invalid("form", "the multipart form's Content-Type names no boundary"))
	case media == "multipart/form-data":
		return badInput(fault.Invalid("form", "the body is not a whole multipart form (a part or its closing boundary is missing or malformed)"))
	}
	return badInput(fault.Invalid("form", "the body is not URL-encoded name=value pairs"))
}
