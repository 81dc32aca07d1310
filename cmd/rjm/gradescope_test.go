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
	autograde := func(files map[string]string) []byte {
		t.Helper()
		root := t.TempDir()
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
		cmd.Env = append(os.Environ(), "AUTOGRADER_ROOT="+root, "RJM="+bin, "RJM_GRADE_FLAGS=--runs 10")
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
	})
	score, tests := checkGradescope(t, data)
	sum := 0.0
	names := map[string]bool{}
	for _, tc := range tests {
		sum += tc["score"].(float64)
		names[strings.SplitN(tc["name"].(string), ":", 2)[0]] = true
	}
	if score != 40 || sum < 39.99 || sum > 40.01 || !names["Problem 1 (representation)"] || !names["Problem 2 (evaluation)"] || !names["Problem 3 (hill-descent)"] {
		t.Errorf("score %v, tests add up to %v, tests %v\n%s", score, sum, names, data)
	}

	data = autograde(map[string]string{"README.txt": "../../docs/gradescope/setup.sh"})
	score, tests = checkGradescope(t, data)
	if score != 0 || len(tests) != 0 || !strings.Contains(string(data), "could not grade this submission") {
		t.Errorf("an empty submission:\n%s", data)
	}
}
