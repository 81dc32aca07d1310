package grade_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"rjm/grade"
)

// A folder's Java exercises are built one at a time: an exercise's
// program is its own files and the classes they use, so another
// exercise's compile error does not fail its build (an outsider's class
// found "javac *.java" for each). The build commands DetectExercise gives
// are run as a grading runs them, with sh in the folder.
func TestJavaExercisesBuildAlone(t *testing.T) {
	needs(t, "javac")
	t.Parallel()
	dir := folder(t, map[string]string{
		"Evaluation.java": "public class Evaluation {\n    public static void main(String[] args) {\n        System.out.println(Grid.size());\n    }\n}\n",
		// A class the evaluation uses, in a file named for no exercise.
		"Grid.java": "class Grid {\n    static int size() { return 5; }\n}\n",
		// Another exercise's program, which does not compile.
		"HillDescent.java": "public class HillDescent {\n    public static void main(String[] args) {\n        int x = ;\n    }\n}\n",
	})
	build := func(exercise string) (string, error) {
		t.Helper()
		p, err := grade.DetectExercise(dir, exercise)
		if err != nil {
			t.Fatal(err)
		}
		if p.Language != "java" || strings.Contains(p.Build, "*") {
			t.Errorf("%s: %+v, want Java built from its own files", exercise, p)
		}
		cmd := exec.Command("/bin/sh", "-c", p.Build)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := build("evaluation"); err != nil {
		t.Errorf("evaluation's build failed for another exercise's error: %v\n%s", err, out)
	}
	for _, f := range []string{"Evaluation.class", "Grid.class"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("evaluation's build made no %s", f)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "HillDescent.class")); err == nil {
		t.Error("evaluation's build compiled hill-descent's program")
	}
	if out, err := build("hill-descent"); err == nil || !strings.Contains(out, "HillDescent.java:3") {
		t.Errorf("hill-descent's build: %v, want its own error\n%s", err, out)
	}
}
