// Command rjmwasm is the designer's workbench engine built for the page:
// GOOS=js GOARCH=wasm, run in a Web Worker (web/static/design-worker.js),
// it answers the workbench's requests (design.Request) with the same
// answer as POST /api/design (design.Answer), so that an edit never waits
// on the network. The server builds it (web.BuildWasm) or is given it
// (rjm serve --wasm FILE); docs/design.md says how.
//
// Under Node (wasm_exec_node.js), with the argument -lines, it reads one
// request a line from its standard input and writes one answer a line:
// the tests run it so beside the native engine.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"

	"rjm/design"
)

// reply is the engine's answer to one request: the workbench's answer,
// or the error the server would answer (its message), or Server when
// only the server answers the request (a seeded ID, generated first).
type reply struct {
	Answer    *design.Answer        `json:"answer,omitempty"`
	Predicted *design.Predicted     `json:"predicted,omitempty"`
	Improved  *design.ImproveAnswer `json:"improved,omitempty"`
	Versions  *design.Versions      `json:"versions,omitempty"`
	// BookOK says the maze asked about can join the book list.
	BookOK bool   `json:"book_ok,omitempty"`
	Error  string `json:"error,omitempty"`
	Server bool   `json:"server,omitempty"`
}

// handle answers one request, a design.Request as JSON.
func handle(bench *design.Bench, body []byte) []byte {
	var req design.Request
	var out reply
	if err := json.Unmarshal(body, &req); err != nil {
		out.Server = true // not a request the page's engine knows: the server says what is wrong
	} else if req.Book != nil {
		if err := design.CheckBookEntry(*req.Book); err != nil {
			out.Error = err.Error()
		} else {
			out.BookOK = true
		}
	} else if req.Compare != nil {
		if v, err := bench.DoCompare(*req.Compare); err != nil {
			out.Error = err.Error()
		} else {
			out.Versions = v
		}
	} else if req.Improve != nil {
		if a, err := bench.DoImprove(context.Background(), *req.Improve); err != nil {
			out.Error = err.Error()
		} else {
			out.Improved = a
		}
	} else if req.Predict != "" {
		if p, err := bench.DoPredict(req); err != nil {
			out.Error = err.Error()
		} else {
			out.Predicted = p
		}
	} else if a, err := bench.Do(req); errors.Is(err, design.ErrNeedsServer) {
		out.Server = true
	} else if err != nil {
		out.Error = err.Error()
	} else {
		out.Answer = a
	}
	// Written without HTML's escapes: the board's drawing is mostly < and
	// >, which json.Marshal writes as six bytes each, and the page reads
	// the reply with JSON.parse, never as HTML.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		buf.Reset()
		enc.Encode(reply{Error: err.Error()})
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// lines answers every line of r, one line of w each.
func lines(bench *design.Bench, r io.Reader, w io.Writer) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	bw := bufio.NewWriter(w)
	for sc.Scan() {
		bw.Write(handle(bench, sc.Bytes()))
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return sc.Err()
}
