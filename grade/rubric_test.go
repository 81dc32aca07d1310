package grade_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rjm/fault"
	"rjm/grade"
)

func TestParseRubric(t *testing.T) {
	toml := "# points\ndefault = 2\n[checks]\nsearch = 4 # the search counts most\n\"jumps\" = 3\n[categories]\nformat = 0.5\n"
	json := `{"checks": {"search": 4, "jumps": 3}, "categories": {"format": 0.5}, "default": 2}`
	for _, text := range []string{toml, json} {
		r, err := grade.ParseRubric("r", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			c    grade.Check
			want float64
		}{
			{grade.Check{Name: "search", Category: grade.Search}, 4},
			{grade.Check{Name: "jumps", Category: grade.Search}, 3},
			{grade.Check{Name: "layout", Category: grade.Format}, 0.5},
			{grade.Check{Name: "time", Category: grade.Limits}, 2},
			{grade.Check{Name: "build", Category: grade.Build}, 0},
		} {
			if got := r.Points(tc.c); got != tc.want {
				t.Errorf("%q: %s has %v points, want %v", text[:10], tc.c.Name, got, tc.want)
			}
		}
	}
	var none *grade.Rubric
	if p := none.Points(grade.Check{Name: "layout"}); p != 1 {
		t.Errorf("default rubric: %v", p)
	}
	for _, tc := range []struct{ text, msg string }{
		{"[points]\n", "r:1: table [points]"},
		{"search 4\n", "r:1: want name = points"},
		{"search = 4\n", `r:1: key "search" outside a table`},
		{"[checks]\nsearch = -1\n", "check \"search\" has -1 points"},
		{`{"checks": {"search": "x"}}`, "r: field checks: want a number, got string"},
		{`{"points": 1}`, "unknown field"},
		{"[checks]\nserach = 4\n", `no check is called "serach" (the checks: build, prompts,`},
		{`{"categories": {"formatting": 1}}`, `no category is called "formatting"`},
	} {
		_, err := grade.ParseRubric("r", []byte(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.msg) || !strings.HasPrefix(err.Error(), "r") || !errors.Is(err, fault.ErrInvalid) {
			t.Errorf("%q: %v", tc.text, err)
		}
	}
}

func FuzzParseRubric(f *testing.F) {
	f.Add([]byte("default = 2\n[checks]\nsearch = 4\n"))
	f.Add([]byte(`{"checks": {"search": 4}}`))
	f.Add([]byte("[categories]\nformat=0.5 # x\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := grade.ParseRubric("f", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f") || !errors.Is(err, fault.ErrInvalid) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q", err)
			}
			return
		}
		if p := r.Points(grade.Check{Name: "search", Category: grade.Search}); p < 0 || p != p {
			t.Errorf("points %v", p)
		}
	})
}

// Detect finds each language's program and build.
func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		files   map[string]string
		lang    string
		build   string
		command string
		err     string
	}{
		{map[string]string{"run": "python3 x.py", "x.py": ""}, "run script", "", "sh ./run", ""},
		{map[string]string{"Maze.java": "class Maze {}", "Hill.java": "public static void main(String[] a)"}, "java", "javac *.java", "java Hill", ""},
		{map[string]string{"hill.c": "int main(){}"}, "c", "cc -O2 -o prog *.c -lm", "./prog", ""},
		{map[string]string{"maze.py": "", "hill.py": "if __name__ == \"__main__\":"}, "python", "", "python3 hill.py", ""},
		{map[string]string{"maze.py": "", "main.py": ""}, "python", "", "python3 main.py", ""},
		{map[string]string{"a.py": "", "b.py": ""}, "", "", "", "2 Python files and none is the main one"},
		{map[string]string{"main.go": "package main", "go.mod": "module m"}, "go", "go build -o prog .", "./prog", ""},
		{map[string]string{"main.go": "package main"}, "go", `go build -o prog $(ls *.go | grep -v '_test\.go$')`, "./prog", ""},
		{map[string]string{"Cargo.toml": "[package]\nname = \"maze\"\n", "src/main.rs": ""}, "rust", "cargo build --release --offline --quiet", "./target/release/maze", ""},
		{map[string]string{"maze.rs": "mod x;", "hill.rs": "fn main() {}"}, "rust", "rustc -O -o prog hill.rs", "./prog", ""},
		{map[string]string{"hill.cpp": "int main(){}"}, "c++", "c++ -O2 -o prog *.cpp -lm", "./prog", ""},
		{map[string]string{"maze.js": "", "hill.js": "process.stdin.on('data', f)"}, "javascript", "", "node hill.js", ""},
		{map[string]string{"maze.ts": "", "main.ts": ""}, "typescript", "tsc --outDir . --module commonjs --target es2020 *.ts", "node main.js", ""},
		{map[string]string{"a.js": "", "b.js": ""}, "", "", "", "2 JavaScript files and none is the main one"},
		{map[string]string{"README": ""}, "", "", "", "want a run script, or .java, .go, .rs, .cpp, .c, .ts, .js or .py files"},
	} {
		dir := t.TempDir()
		for name, text := range tc.files {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		p, err := grade.Detect(dir)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, grade.ErrNoProgram) {
				t.Errorf("%v: %v", tc.files, err)
			}
			continue
		}
		if err != nil || p.Language != tc.lang || p.Build != tc.build || strings.Join(p.Command, " ") != tc.command {
			t.Errorf("%v: %+v %v", tc.files, p, err)
		}
	}
}

// A report that names a cell says how cells are named, in its text and in
// the student's feedback; one that names none does not.
func TestCellLegend(t *testing.T) {
	const legend = "row r, column c, counted from 1 at the top left"
	for _, tc := range []struct {
		msg  string
		want bool
	}{
		{"run 3, line 9: your program printed depth 4 for cell (2,1), which the start reaches in 3 jumps at the fewest", true},
		{"every depth grid is rjm's breadth-first search of the maze printed", false},
	} {
		r := &grade.Report{Exercise: "evaluation", Checks: []grade.Check{{Name: "depths", Category: grade.Evaluation, State: grade.Failed, Message: tc.msg}}}
		st := &grade.Student{Name: "ada", Report: r}
		for what, text := range map[string]string{"text": r.Text(), "feedback": st.Feedback("evaluation")} {
			if got := strings.Contains(text, legend); got != tc.want {
				t.Errorf("%q: the %s has the legend: %v, want %v\n%s", tc.msg, what, got, tc.want, text)
			}
		}
	}
}
