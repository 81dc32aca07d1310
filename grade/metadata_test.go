package grade_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rjm/grade"
)

// metadataJSON is a submission_metadata.json as Gradescope documents it
// (trimmed): submitted 2 hours after the assignment's due date, the third
// attempt; with extension, the student's own due date is a day later.
func metadataJSON(extension bool) string {
	own := "2026-11-20T23:59:00-08:00"
	if extension {
		own = "2026-11-21T23:59:00-08:00"
	}
	return `{"id": 123456, "created_at": "2026-11-21T01:59:00-08:00", "submission_method": "upload",
	"assignment": {"id": 77, "title": "Hill Descent", "due_date": "2026-11-20T23:59:00-08:00", "late_due_date": null, "total_points": "20.0"},
	"users": [{"email": "ada@example.edu", "id": 5, "name": "Ada", "assignments": [{"due_date": "` + own + `", "id": 77, "late_due_date": null, "release_date": "2026-11-01T00:00:00-08:00"}]}],
	"previous_submissions": [{"submission_time": "2026-11-19T10:00:00-08:00", "score": 5.0, "results": {}}, {"submission_time": "2026-11-20T10:00:00-08:00", "score": 10.0, "results": {}}]}`
}

// Gradescope's submission metadata gives the submission's ID, its attempt
// and its lateness, by the student's own due date where it has one.
func TestReadMetadata(t *testing.T) {
	for _, ext := range []bool{false, true} {
		path := filepath.Join(t.TempDir(), "submission_metadata.json")
		os.WriteFile(path, []byte(metadataJSON(ext)), 0o644)
		m, err := grade.ReadMetadata(path)
		want := grade.Metadata{ID: "123456", Attempt: 3, Late: 2 * time.Hour}
		if ext {
			want.Late = 0
		}
		if err != nil || m != want {
			t.Errorf("extension %v: %+v %v; want %+v", ext, m, err, want)
		}
	}
	path := filepath.Join(t.TempDir(), "m.json")
	for _, bad := range []string{`{"id": "x", "created_at": 3}`, `{"id": 1, "created_at": "yesterday"}`, `{"created_at": null}`, `[`} {
		os.WriteFile(path, []byte(bad), 0o644)
		if _, err := grade.ReadMetadata(path); err == nil || strings.Contains(err.Error(), " json:") || strings.Contains(err.Error(), "Unmarshal") || strings.Contains(err.Error(), "parsing time") {
			t.Errorf("%s: %v", bad, err)
		}
	}
	seeds := map[uint64]bool{}
	for _, id := range []string{"123456", "123457", "1234567"} {
		for _, seed := range []uint64{1, 2} {
			seeds[grade.SubmissionSeed(seed, id)] = true
		}
	}
	// A regrade repeats its seed (a golden value: the same on every
	// machine); other submissions and other seeds get others.
	if got := grade.SubmissionSeed(1, "123456"); got != 0xab4687eb467dea06 || len(seeds) != 6 {
		t.Errorf("SubmissionSeed(1, 123456) = %#x, %d seeds of 6", got, len(seeds))
	}
}

// An autograder's submission graded with its metadata: the seed is its
// own (from its ID), its attempt and lateness are in results.json, and a
// late one loses the rubric's late_penalty.
func TestSubmissionMetadataInResults(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	root := t.TempDir()
	sub := filepath.Join(root, "submission")
	os.MkdirAll(sub, 0o755)
	os.WriteFile(filepath.Join(sub, "run"), []byte("#!/bin/sh\nexec "+goStudent+" representation\n"), 0o755)
	meta := filepath.Join(root, "submission_metadata.json")
	os.WriteFile(meta, []byte(metadataJSON(false)), 0o644)
	rubric := filepath.Join(root, "r.toml")
	os.WriteFile(rubric, []byte("late_penalty = 0.5\n"), 0o644)
	j := grade.Job{Settings: grade.Settings{Runs: 40, Seed: 1, Iterations: grade.DefaultIterations, Significance: grade.DefaultSignificance},
		Submission: sub, Exercises: "p1", Metadata: meta, Rubric: rubric, Format: grade.FormatGradescope, Version: "test"}
	if err := j.Check(); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := j.Run(context.Background(), &out, nil); err != nil && !strings.Contains(err.Error(), "point") {
		t.Fatal(err)
	}
	var res grade.GradescopeResults
	if err := json.Unmarshal([]byte(out.String()), &res); err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, tc := range res.Tests {
		sum += tc.Score
	}
	if res.Score != sum/2 || res.ExtraData["attempt"] != 3.0 || res.ExtraData["submission_id"] != "123456" ||
		res.ExtraData["seed"] != float64(grade.SubmissionSeed(1, "123456")) || !strings.Contains(res.Output, "2.0 hours late: 50% of the points off") {
		t.Errorf("score %v (tests %v), extra %v, output %q", res.Score, sum, res.ExtraData, res.Output)
	}
}

// With Hide, the feedback and results.json a student sees keep the
// answers, the seed and rjm's reference figures to themselves, and the
// search's message is in the student's terms; the gradebook keeps them.
func TestHideKeepsTheTestToItself(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	root := t.TempDir()
	sub := filepath.Join(root, "submission")
	os.MkdirAll(sub, 0o755)
	os.WriteFile(filepath.Join(sub, "run"), []byte("#!/bin/sh\nexec "+goStudent+" hill-descent randomwalk\n"), 0o755)
	fb := filepath.Join(root, "feedback")
	j := grade.Job{Settings: grade.Settings{Runs: 30, Seed: 1, Iterations: 300, Significance: grade.DefaultSignificance},
		Submission: sub, Exercises: "hill-descent", Format: grade.FormatGradescope, Version: "test", Hide: true, Feedback: fb, Gradebook: filepath.Join(root, "book")}
	if err := j.Check(); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := j.Run(context.Background(), &out, nil); err != nil && !strings.Contains(err.Error(), "point") {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(fb, "*.md"))
	if len(files) != 1 {
		t.Fatalf("feedback files %v", files)
	}
	text, _ := os.ReadFile(files[0])
	released := out.String() + string(text)
	for _, secret := range []string{"Answers:", "seed", "rjm's own run", "rjm's search", "median", "\"300\"", "answers 300"} {
		if strings.Contains(released, secret) {
			t.Errorf("released feedback says %q:\n%s\n%s", secret, out.String(), text)
		}
	}
	if !strings.Contains(released, "worse than a correct search finds") {
		t.Errorf("the search's message is not the student's:\n%s", released)
	}
	book, _ := os.ReadFile(filepath.Join(root, "book.json"))
	if !strings.Contains(string(book), "median objective") || !strings.Contains(string(book), `"300"`) {
		t.Errorf("the gradebook lost the figures")
	}
}
