package grade

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"strings"
	"time"

	"rjm/fault"
)

// Metadata is what an autograder says of a submission: Gradescope's
// submission_metadata.json, read by ReadMetadata.
type Metadata struct {
	// ID is the submission's ID: its grading's seed is drawn from it
	// (SubmissionSeed), so that a regrade repeats it and two submissions
	// do not share their answers.
	ID string `json:"id"`
	// Attempt is the submission's number, from 1 (its previous
	// submissions and one).
	Attempt int `json:"attempt"`
	// Late is how long after its due date it was made (0: on time), the
	// student's own due date where it has one (an extension).
	Late time.Duration `json:"late"`
}

// metadataFile is the part of Gradescope's submission_metadata.json
// ("Autograder Specifications") rjm reads.
type metadataFile struct {
	ID         json.RawMessage `json:"id"` // a number, or a string
	CreatedAt  *string         `json:"created_at"`
	Assignment struct {
		DueDate *string `json:"due_date"`
	} `json:"assignment"`
	Users []struct {
		Assignments []struct {
			DueDate *string `json:"due_date"`
		} `json:"assignments"`
	} `json:"users"`
	PreviousSubmissions []json.RawMessage `json:"previous_submissions"`
}

// ReadMetadata reads Gradescope's submission_metadata.json: the
// submission's ID, its attempt and how late it is.
func ReadMetadata(path string) (Metadata, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Metadata{}, fault.Invalid("", "%v", pathError(err))
	}
	var f metadataFile
	if err := json.Unmarshal(data, &f); err != nil {
		return Metadata{}, fault.JSON(path, err)
	}
	m := Metadata{ID: strings.Trim(string(bytes.TrimSpace(f.ID)), `"`), Attempt: len(f.PreviousSubmissions) + 1}
	if m.ID == "" || m.ID == "null" {
		return Metadata{}, fault.Invalid(path, "no submission id")
	}
	when := func(field string, v *string) (*time.Time, error) {
		if v == nil {
			return nil, nil
		}
		t, err := time.Parse(time.RFC3339Nano, *v)
		if err != nil {
			return nil, fault.Invalid(path, "%s %q: want a time such as 2026-11-20T23:59:00-08:00", field, short(*v))
		}
		return &t, nil
	}
	created, err := when("created_at", f.CreatedAt)
	if err != nil {
		return Metadata{}, err
	}
	due, err := when("assignment's due_date", f.Assignment.DueDate)
	if err != nil {
		return Metadata{}, err
	}
	// A student's own due date (an extension) is the one that counts:
	// the latest of their group's.
	for _, u := range f.Users {
		for _, a := range u.Assignments {
			own, err := when("a user's due_date", a.DueDate)
			if err != nil {
				return Metadata{}, err
			}
			if own != nil && (due == nil || own.After(*due)) {
				due = own
			}
		}
	}
	if due != nil && created != nil && created.After(*due) {
		m.Late = created.Sub(*due)
	}
	return m, nil
}

// SubmissionSeed returns the seed of a submission's grading: from the
// grading's seed and the submission's ID, the same for a regrade of it,
// another for another submission.
func SubmissionSeed(seed uint64, id string) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%s", seed, id)
	return h.Sum64()
}

// lateWords says how late a submission is, in hours or days.
func lateWords(d time.Duration) string {
	if d < 48*time.Hour {
		return fmt.Sprintf("%.1f hours late", d.Hours())
	}
	return fmt.Sprintf("%.1f days late", d.Hours()/24)
}
