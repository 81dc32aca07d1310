// Package fault is the error a user's input earns: what is wrong, where,
// and of which kind, kept apart as Go's *os.PathError keeps the
// operation apart from the path. A library returns a *Error for bad
// input and never names itself in its text; each front end decides how
// to show it (the command line: exit status 2 and the one line; the web
// site: a status by kind and the line), and never edits the text.
//
// The text of an Error is one line: its place, if any, then ": " and
// the reason ("line 3, column 7: jump 9 leaves the board"). Places nest:
// In puts a place before an error's own ("--maze: line 3, column 7: ...").
package fault

import (
	"errors"
	"fmt"
	"strings"
)

// The kinds of bad input. Every *Error matches one of them with
// errors.Is; a front end chooses its answer by kind (see Kind).
var (
	// ErrInvalid is input that breaks a rule: a syntax, a range, a
	// combination of settings.
	ErrInvalid = errors.New("invalid input")
	// ErrNotFound names a thing that does not exist or is not shown
	// (yet): a date's maze in the future, a file not there.
	ErrNotFound = errors.New("not found")
	// ErrTooLarge is input larger than a limit on its size.
	ErrTooLarge = errors.New("too large")
	// ErrTooCostly is well-formed input that asks for more work than a
	// limit allows.
	ErrTooCostly = errors.New("too costly")
	// ErrUnavailable is input that cannot be served now but could be
	// later.
	ErrUnavailable = errors.New("unavailable")
)

// Error is what a user did wrong: where in the input (a line and column,
// a flag, a field; empty when the whole input is meant), why (Err, whose
// text names no package), and of which kind (Kind).
type Error struct {
	Kind  error  // one of ErrInvalid, ErrNotFound, ErrTooLarge, ErrTooCostly, ErrUnavailable; nil is ErrInvalid
	Where string // the place, such as "line 3, column 7" or "--count"; may be empty
	Err   error  // the reason
}

// Error returns "Where: reason", or the reason alone when Where is empty.
func (e *Error) Error() string {
	if e.Where == "" {
		return e.Err.Error()
	}
	return e.Where + ": " + e.Err.Error()
}

// Unwrap returns the reason and the kind, so that errors.Is matches
// both a sentinel the reason wraps and the kind.
func (e *Error) Unwrap() []error { return []error{e.Err, e.kind()} }

func (e *Error) kind() error {
	if e.Kind == nil {
		return ErrInvalid
	}
	return e.Kind
}

// New returns an error of the given kind at where, its reason formatted
// as fmt.Errorf does (%w wraps).
func New(kind error, where, format string, args ...any) *Error {
	return &Error{Kind: kind, Where: where, Err: fmt.Errorf(format, args...)}
}

// Invalid returns an ErrInvalid error at where; see New.
func Invalid(where, format string, args ...any) *Error {
	return New(ErrInvalid, where, format, args...)
}

// In returns err placed at where: an *Error of err's kind (ErrInvalid
// when err is not one) whose text is "where: " and err's text. A nil err
// stays nil; an empty where returns err as it is when it is an *Error.
func In(where string, err error) error {
	if err == nil {
		return nil
	}
	if where == "" {
		if _, ok := errors.AsType[*Error](err); ok {
			return err
		}
	}
	return &Error{Kind: Kind(err), Where: where, Err: err}
}

// Place returns where in the input err is: the places of the *Errors
// nested in err, outermost first, joined as Error joins them ("body:
// field rows"); empty when none names one.
func Place(err error) string {
	var places []string
	for {
		e, ok := errors.AsType[*Error](err)
		if !ok {
			break
		}
		if e.Where != "" {
			places = append(places, e.Where)
		}
		err = e.Err
	}
	return strings.Join(places, ": ")
}

// Kind returns the kind of the first *Error in err's chain: one of the
// sentinels, or nil when err is not a user's fault.
func Kind(err error) error {
	if e, ok := errors.AsType[*Error](err); ok {
		return e.kind()
	}
	for _, k := range []error{ErrInvalid, ErrNotFound, ErrTooLarge, ErrTooCostly, ErrUnavailable} {
		if errors.Is(err, k) {
			return k
		}
	}
	return nil
}

// Is reports whether err is a user's fault: an *Error, or an error that
// wraps one of the kinds.
func Is(err error) bool { return Kind(err) != nil }
