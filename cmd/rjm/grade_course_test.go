package main

import (
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A course in one command: a roster, one gradebook (Canvas's columns
// here), a feedback file a student named by ID, JUnit XML on standard
// output.
func TestGradeRoster(t *testing.T) {
	waitsOnChildren(t)
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not on the PATH")
	}
	dir := t.TempDir()
	src, err := os.ReadFile("../../grade/testdata/independent/01-py-repr-ok/main.py")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "ada"), 0o755); err != nil {
		t.Fatal(err)
	}
	for path, text := range map[string]string{"ada/Problem1.py": string(src), "roster.csv": "id,name,folder\n1001,Ada,ada\n"} {
		if err := os.WriteFile(filepath.Join(dir, path), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g, fb := filepath.Join(dir, "g"), filepath.Join(dir, "fb")
	out, errs, code := rjmRun(t, "", "grade", "--roster", filepath.Join(dir, "roster.csv"), "--runs", "10", "--gradebook", g, "--lms", "canvas", "--feedback", fb, "--format", "junit")
	if code != 1 || !strings.Contains(errs, "1 of 1 students have less than every point") {
		t.Errorf("status %d, stderr %q", code, errs)
	}
	var suites struct {
		Tests  int `xml:"tests,attr"`
		Suites []struct {
			Name  string `xml:"name,attr"`
			Cases []struct {
				Name    string    `xml:"name,attr"`
				Failure *struct{} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(out), &suites); err != nil || len(suites.Suites) != 5 || suites.Suites[0].Name != "1001.representation" || suites.Suites[0].Cases[0].Failure != nil {
		t.Errorf("JUnit XML: %v %+v\n%s", err, suites, out)
	}
	csv, err := os.ReadFile(g + ".csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(csv), "\n")
	if !strings.HasPrefix(lines[0], "Student,ID,SIS User ID,SIS Login ID,Section,RJM Problem 1: representation,") || lines[2] != "Ada,,1001,,,20,0,0,0,0" {
		t.Errorf("gradebook:\n%s", csv)
	}
	if md, err := os.ReadFile(filepath.Join(fb, "1001.md")); err != nil || !strings.Contains(string(md), "**20 of 100 points** in all.") {
		t.Errorf("%v\n%s", err, md)
	}
}
