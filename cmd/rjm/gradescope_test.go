package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Gradescope's documented fields of results.json ("Autograder
// Specifications"): at the top, and of each test.
var (
	gradescopeTop  = []string{"score", "execution_time", "output", "output_format", "test_output_format", "test_name_format", "visibility", "stdout_visibility", "extra_data", "tests", "leaderboard"}
	gradescopeTest = []string{"score", "max_score", "status", "name", "name_format", "number", "output", "output_format", "tags", "visibility", "extra_data"}
)

// checkGradescope checks results.json against Gradescope's documented
// fields and types, and returns its score and tests.
func checkGradescope(t *testing.T, data []byte) (score float64, tests []map[string]any) {
	t.Helper()
	var res map[string]any
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatalf("results.json: %v\n%s", err, data)
	}
	for k := range res {
		if !slices.Contains(gradescopeTop, k) {
			t.Errorf("results.json has %q, not one of Gradescope's fields", k)
		}
	}
	score, ok := res["score"].(float64)
	if !ok {
		t.Errorf("score %v is not a number", res["score"])
	}
	// The documented values of the fields rjm writes.
	oneOf := func(where string, v any, values ...string) {
		if v == nil {
			return
		}
		if s, ok := v.(string); !ok || !slices.Contains(values, s) {
			t.Errorf("%s %v: want one of %q", where, v, values)
		}
	}
	visibilities := []string{"hidden", "after_due_date", "after_published", "visible"}
	formats := []string{"text", "html", "simple_format", "md", "ansi"}
	oneOf("visibility", res["visibility"], visibilities...)
	oneOf("stdout_visibility", res["stdout_visibility"], visibilities...)
	oneOf("output_format", res["output_format"], formats...)
	oneOf("test_output_format", res["test_output_format"], formats...)
	if _, ok := res["output"].(string); res["output"] != nil && !ok {
		t.Errorf("output %v is not a string", res["output"])
	}
	if _, ok := res["extra_data"].(map[string]any); res["extra_data"] != nil && !ok {
		t.Errorf("extra_data %v is not an object", res["extra_data"])
	}
	if v, ok := res["execution_time"]; ok {
		if _, ok := v.(float64); !ok {
			t.Errorf("execution_time %v is not a number", v)
		}
	}
	list, ok := res["tests"].([]any)
	if !ok {
		t.Fatalf("tests %v is not a list", res["tests"])
	}
	for _, x := range list {
		tc, ok := x.(map[string]any)
		if !ok {
			t.Fatalf("test %v", x)
		}
		for k := range tc {
			if !slices.Contains(gradescopeTest, k) {
				t.Errorf("test has %q, not one of Gradescope's fields", k)
			}
		}
		_, s := tc["score"].(float64)
		_, m := tc["max_score"].(float64)
		_, n := tc["name"].(string)
		_, o := tc["output"].(string)
		if st := tc["status"]; !s || !m || !n || !o || st != "passed" && st != "failed" {
			t.Errorf("test %v: want numbers score and max_score, strings name and output, status passed or failed", tc)
		}
		if s && m && tc["score"].(float64) > tc["max_score"].(float64)+1e-9 {
			t.Errorf("test %v: score above max_score", tc)
		}
		if _, ok := tc["number"].(string); tc["number"] != nil && !ok {
			t.Errorf("test %v: number is not a string", tc)
		}
		if tags, ok := tc["tags"].([]any); tc["tags"] != nil {
			for _, tag := range tags {
				if _, str := tag.(string); !ok || !str {
					t.Errorf("test %v: tags are not strings", tc)
				}
			}
		}
		oneOf("a test's visibility", tc["visibility"], visibilities...)
		oneOf("a test's output_format", tc["output_format"], formats...)
		if out, _ := tc["output"].(string); strings.Contains(out, "not checked: not checked") {
			t.Errorf("test %v: its state said twice", tc)
		}
		tests = append(tests, tc)
	}
	return score, tests
}

// Gradescope's autograder: docs/gradescope/run_autograder grades the
// submission folder into results/results.json, which has Gradescope's
// fields; a submission without a program gets a results.json of 0 points
// that says why.
func TestRunAutograder(t *testing.T) {
	waitsOnChildren(t)
	if testing.Short() {
		t.Skip("builds rjm")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not on the PATH")
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "rjm")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("building rjm: %v\n%s", err, out)
	}
	script, err := filepath.Abs("../../docs/gradescope/run_autograder")
	if err != nil {
		t.Fatal(err)
	}
	// autograde runs the script on the submission's files (name → a file
	// to copy) with the autograder's source/exercises file, if exercises
	// is not "".
	autograde := func(files map[string]string, exercises string) []byte {
		t.Helper()
		root := t.TempDir()
		if exercises != "" {
			if err := os.MkdirAll(filepath.Join(root, "source"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(root, "source", "exercises"), []byte(exercises+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for name, from := range files {
			data, err := os.ReadFile(from)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(root, "submission", name)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.MkdirAll(filepath.Join(root, "submission"), 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("sh", script)
		// At most 80 runs: an evaluation runs until it saw a maze whose
		// goal cannot be reached, about 30 runs.
		cmd.Env = append(os.Environ(), "AUTOGRADER_ROOT="+root, "RJM="+bin, "RJM_GRADE_FLAGS=--runs 80")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("run_autograder: %v\n%s", err, out)
		}
		data, err := os.ReadFile(filepath.Join(root, "results", "results.json"))
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return data
	}
	data := autograde(map[string]string{
		"representation.py": "../../grade/testdata/independent/01-py-repr-ok/main.py",
		"evaluation.py":     "../../grade/testdata/independent/07-py-eval-ok/main.py",
	}, "")
	score, tests := checkGradescope(t, data)
	sum := 0.0
	names := map[string]bool{}
	for _, tc := range tests {
		sum += tc["score"].(float64)
		names[strings.SplitN(tc["name"].(string), ":", 2)[0]] = true
	}
	// The problems not submitted have no test (Gradescope would show
	// each failed); the output names them.
	if score != 40 || sum < 39.99 || sum > 40.01 || !names["Problem 1 (representation)"] || !names["Problem 2 (evaluation)"] || names["Problem 3 (hill-descent)"] ||
		!strings.Contains(string(data), "not submitted: hill-descent, restarts, uphill") {
		t.Errorf("score %v, tests add up to %v, tests %v\n%s", score, sum, names, data)
	}

	// A one-file submission named for no exercise, graded for the
	// exercise the autograder's configuration names (it scored 0: "no
	// exercise named in the roster, and no file ... is named for one").
	data = autograde(map[string]string{"my_solution.py": "../../grade/testdata/independent/07-py-eval-ok/main.py"}, "p2")
	score, tests = checkGradescope(t, data)
	var res struct {
		ExtraData map[string]any `json:"extra_data"`
	}
	json.Unmarshal(data, &res)
	if score != 20 || len(tests) == 0 || res.ExtraData["max_points"] != 20.0 {
		t.Errorf("a one-file submission for p2: score %v of %v, %d tests\n%s", score, res.ExtraData["max_points"], len(tests), data)
	}

	data = autograde(map[string]string{"README.txt": "../../docs/gradescope/setup.sh"}, "")
	score, tests = checkGradescope(t, data)
	if score != 0 || len(tests) != 0 || !strings.Contains(string(data), "could not grade this submission") {
		t.Errorf("an empty submission:\n%s", data)
	}
}
