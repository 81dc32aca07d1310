package grade

import (
	"strings"
	"testing"
)

// Every language's flush hint names the language ("In Python: …"), as
// an outsider's class found "In : input(prompt)" for all but JavaScript.
func TestHintsNameTheirLanguage(t *testing.T) {
	want := map[string]string{"c": "C", "c++": "C++", "java": "Java", "python": "Python", "go": "Go", "rust": "Rust", "javascript": "JavaScript", "typescript": "TypeScript"}
	for lang, h := range hintsByLanguage {
		name, ok := want[lang]
		if !ok {
			t.Errorf("language %q has hints but no expected name here", lang)
			continue
		}
		if got := h.flushHint(); !strings.Contains(got, "In "+name+": ") {
			t.Errorf("%s: flush hint %q does not say \"In %s: \"", lang, got, name)
		}
	}
}

// The feedback counts its checks in English: "1 fails", "2 fail", "1 is
// not checked"; a run without answers (an evaluation) shows no
// "Answers:" line.
func TestFeedbackWording(t *testing.T) {
	for _, tc := range []struct {
		failed, unchecked int
		want              string
	}{
		{1, 0, "(of 3 checks, 1 fails)"},
		{2, 0, "(of 3 checks, 2 fail)"},
		{1, 1, "(of 3 checks, 1 fails and 1 is not checked)"},
		{0, 2, "(of 3 checks, 2 are not checked)"},
	} {
		r := &Report{Details: []RunDetail{{Run: 1, Status: "exit status 0"}}}
		for i := range 3 {
			state := Passed
			if i < tc.failed {
				state = Failed
			} else if i < tc.failed+tc.unchecked {
				state = NotChecked
			}
			r.Checks = append(r.Checks, Check{Name: "c", State: state})
		}
		st := &Student{Name: "ana", Report: r}
		fb := st.Feedback("evaluation")
		if !strings.Contains(fb, tc.want) {
			t.Errorf("%d failed, %d unchecked: feedback says\n%s\nwant %q", tc.failed, tc.unchecked, fb, tc.want)
		}
		if strings.Contains(fb, "Answers:") {
			t.Errorf("a run without answers shows an Answers line:\n%s", fb)
		}
	}
}
