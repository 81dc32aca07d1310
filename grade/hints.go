package grade

import (
	"path/filepath"
	"strings"
)

// Hints in the student's language. A message that says what to change
// says it in the words of the program's language, or not at all: a
// JavaScript program is not told about C's scanf.

// languageHints are a language's words for the usual mistakes.
type languageHints struct {
	name string // the language, as people write it: "C++"
	// flush says how a prompt is shown before the program reads.
	flush string
	// waits says why a program may wait for a second line after its
	// answer on a terminal ("" when the language has no usual cause).
	waits string
	// constantSeed names a constant seed as the language writes it.
	constantSeed string
}

// hintsByLanguage holds each language's hints, by the names of Detect.
var hintsByLanguage = map[string]languageHints{
	"c":          {name: "C", flush: `fflush(stdout) after printf`, waits: `a scanf format ending in "\n" or a space waits for the next non-blank line`, constantSeed: "srand(1)"},
	"c++":        {name: "C++", flush: "std::cout << std::flush, or std::endl", waits: `a scanf format ending in "\n" or a space, or std::cin >> std::ws, waits for the next non-blank line`, constantSeed: "std::mt19937 gen(1)"},
	"java":       {name: "Java", flush: "System.out.flush() after System.out.print", constantSeed: "new Random(42)"},
	"python":     {name: "Python", flush: `input(prompt), or print(prompt, end="", flush=True)`, constantSeed: "random.seed(1)"},
	"go":         {name: "Go", flush: "Flush on a bufio.Writer before reading", constantSeed: "rand.New(rand.NewPCG(1, 2))"},
	"rust":       {name: "Rust", flush: "io::stdout().flush() after print!", constantSeed: "StdRng::seed_from_u64(1)"},
	"javascript": {name: "JavaScript", flush: "process.stdout.write(prompt) before reading", constantSeed: "a seeded generator with a fixed seed"},
	"typescript": {name: "TypeScript", flush: "process.stdout.write(prompt) before reading", constantSeed: "a seeded generator with a fixed seed"},
}

// flushHint returns the question about a prompt not shown, with the
// language's way of showing it.
func (h languageHints) flushHint() string {
	if h.flush == "" {
		return "is the output flushed before reading?"
	}
	return "is the output flushed before reading? In " + h.name + ": " + h.flush
}

// seedHint returns the example of a constant seed, in the language's
// words.
func (h languageHints) seedHint() string {
	if h.constantSeed == "" {
		return "a constant seed?"
	}
	return "a constant seed, such as " + h.constantSeed + "?"
}

// hints returns the hints of the program's language; none when it is not
// known.
func (s Settings) hints() languageHints { return hintsByLanguage[s.language()] }

// language returns the program's language: Settings.Language, else as
// its command and build show it ("" when they do not).
func (s Settings) language() string {
	if s.Language != "" {
		return s.Language
	}
	if len(s.Command) == 0 {
		return ""
	}
	cmd := filepath.Base(s.Command[0])
	if b := strings.Fields(s.Build); len(b) > 0 {
		for _, bl := range builders {
			for _, c := range bl.commands {
				if filepath.Base(b[0]) == c {
					return bl.language
				}
			}
		}
	}
	for _, r := range runners {
		for _, c := range r.commands {
			if cmd == c || strings.HasPrefix(cmd, c+"3.") {
				return r.language
			}
		}
	}
	return ""
}

// runners are the commands that run a language's program.
var runners = []struct {
	language string
	commands []string
}{
	{"python", []string{"python3", "python", "pypy3"}},
	{"java", []string{"java"}},
	{"javascript", []string{"node"}},
}
