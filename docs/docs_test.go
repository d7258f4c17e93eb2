// Package docs holds the project's documentation pages. It has no code:
// its test keeps what the pages say about the code true. Every `go test`
// command in README.md and docs/*.md must name packages that exist and
// tests, benchmarks and fuzz targets that are declared in them; every
// relative link must lead to a file (and heading) that exists; and no
// tracked file may send a reader outside the repository for its facts.
package docs

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// root is the repository's root, seen from this package's folder.
const root = ".."

// pages returns the Markdown files the checks cover, relative to root:
// README.md and every .md file in docs/.
func pages(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md"}
	more, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range more {
		rel, err := filepath.Rel(root, f)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, filepath.ToSlash(rel))
	}
	return files
}

func readPage(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestGoTestCommands checks every `go test` command in the pages against
// the code: each package directory exists, and each -run, -bench and -fuzz
// pattern matches a function declared in that package's _test.go files.
func TestGoTestCommands(t *testing.T) {
	for _, name := range pages(t) {
		t.Run(name, func(t *testing.T) {
			md := readPage(t, name)
			cmds := goTests(md)
			for _, c := range cmds {
				for _, p := range checkGoTest(root, c) {
					t.Errorf("%s:%d: `%s`: %s", name, c.Line, c.Text, p)
				}
			}
			t.Logf("%d go test commands", len(cmds))
		})
	}
}

// TestLinks checks that every relative link in the pages leads to a file
// that exists and, when it names a heading of a Markdown file, to that
// heading.
func TestLinks(t *testing.T) {
	for _, name := range pages(t) {
		t.Run(name, func(t *testing.T) {
			for _, p := range checkLinks(root, name, readPage(t, name)) {
				t.Error(p)
			}
		})
	}
}

// outside are the strings that would send a reader to files the
// repository does not hold. They are built from pieces so that this file
// does not trip over itself.
var outside = []string{".." + "/shared", "shared" + "/PRODUCT", "/work" + "/shared"}

// TestNoPointersOutside fails if a tracked text file mentions a document
// outside the repository: the docs say everything in their own words.
func TestNoPointersOutside(t *testing.T) {
	files, err := trackedFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no files found")
	}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil {
			if os.IsNotExist(err) {
				continue // deleted in the work tree, not yet in the index
			}
			t.Fatal(err)
		}
		if isBinary(b) {
			continue
		}
		if s, line, ok := mentionsOutside(b); ok {
			t.Errorf("%s:%d mentions %q, which a clone does not have; say it in the repository's own words", f, line, s)
		}
	}
}

// mentionsOutside returns the first of the outside strings that b
// mentions, and its line.
func mentionsOutside(b []byte) (string, int, bool) {
	for _, s := range outside {
		if i := bytes.Index(b, []byte(s)); i >= 0 {
			return s, 1 + bytes.Count(b[:i], []byte("\n")), true
		}
	}
	return "", 0, false
}

// trackedFiles lists the files git tracks under dir, or, without git or
// outside a repository, every file under dir but .git's.
func trackedFiles(dir string) ([]string, error) {
	if gitBin, err := exec.LookPath("git"); err == nil {
		cmd := exec.Command(gitBin, "ls-files", "-z")
		cmd.Dir = dir
		if out, err := cmd.Output(); err == nil {
			var files []string
			for f := range strings.SplitSeq(string(out), "\x00") {
				if f != "" {
					files = append(files, f)
				}
			}
			return files, nil
		}
	}
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() {
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	return files, err
}

// isBinary reports whether b looks like a binary file: a NUL byte early on.
func isBinary(b []byte) bool {
	return bytes.IndexByte(b[:min(len(b), 8000)], 0) >= 0
}

// A snippet is code from a page: an inline code span or a fenced block,
// with the line it starts on.
type snippet struct {
	Line int
	Text string
}

// snippets returns the code in md: each fenced block whole, and each inline
// code span (which may run over a line break inside a paragraph).
func snippets(md string) []snippet {
	var out []snippet
	lines := strings.Split(md, "\n")
	var para []string
	paraLine := 0
	flush := func() {
		text := strings.Join(para, "\n")
		for _, sp := range spanBounds(text) {
			line := paraLine + strings.Count(text[:sp[0]], "\n")
			out = append(out, snippet{line, spanText(text, sp)})
		}
		para = nil
	}
	for i := 0; i < len(lines); i++ {
		trimmed := strings.TrimSpace(lines[i])
		if fence := fenceOf(trimmed); fence != "" {
			flush()
			start := i + 1
			var body []string
			for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), fence); i++ {
				body = append(body, lines[i])
			}
			out = append(out, snippet{start + 1, strings.Join(body, "\n")})
			continue
		}
		if trimmed == "" {
			flush()
			continue
		}
		if len(para) == 0 {
			paraLine = i + 1
		}
		para = append(para, lines[i])
	}
	flush()
	return out
}

// fenceOf returns the fence that opens a code block on the line, or "".
func fenceOf(line string) string {
	for _, f := range []string{"```", "~~~"} {
		if strings.HasPrefix(line, f) {
			n := len(line) - len(strings.TrimLeft(line, f[:1]))
			return line[:n]
		}
	}
	return ""
}

// spanText returns a code span's contents as Markdown reads them.
func spanText(text string, sp [2]int) string {
	return strings.TrimSpace(strings.ReplaceAll(text[sp[0]:sp[1]], "\n", " "))
}

// spanBounds returns the start and end of each inline code span's
// contents in text: a run of backticks up to the next run of the same
// length.
func spanBounds(text string) [][2]int {
	var out [][2]int
	for i := 0; i < len(text); {
		if text[i] != '`' {
			i++
			continue
		}
		n := 0
		for i+n < len(text) && text[i+n] == '`' {
			n++
		}
		ticks := text[i : i+n]
		end := strings.Index(text[i+n:], ticks)
		for end >= 0 && i+n+end+n < len(text) && text[i+n+end+n] == '`' {
			// a longer run of backticks does not close this span
			next := strings.Index(text[i+n+end+n:], ticks)
			if next < 0 {
				end = -1
				break
			}
			end += n + next
		}
		if end < 0 {
			i += n
			continue
		}
		out = append(out, [2]int{i + n, i + n + end})
		i += n + end + n
	}
	return out
}

// A goTest is one `go test` command found in a page.
type goTest struct {
	Line int
	Text string   // the command as written, for messages
	Dir  string   // the directory it runs in, relative to the root ("." unless a cd came first)
	Pkgs []string // package patterns as written ("." when none)
	// Run, Bench and Fuzz are the values of -run, -bench and -fuzz.
	Run, Bench, Fuzz []string
}

// goTests returns the `go test` commands in md's code.
func goTests(md string) []goTest {
	var out []goTest
	for _, s := range snippets(md) {
		out = append(out, parseGoTests(s)...)
	}
	return out
}

// valueFlags are the go test and testing flags that take a value; any
// other flag (-v, -short, -race, -update, …) is taken to be boolean.
var valueFlags = map[string]bool{
	"run": true, "bench": true, "fuzz": true, "skip": true, "list": true,
	"benchtime": true, "count": true, "cpu": true, "timeout": true,
	"fuzztime": true, "fuzzminimizetime": true, "parallel": true, "p": true,
	"o": true, "exec": true, "tags": true, "shuffle": true, "outputdir": true,
	"cpuprofile": true, "memprofile": true, "blockprofile": true,
	"mutexprofile": true, "trace": true, "coverprofile": true,
	"covermode": true, "coverpkg": true, "ldflags": true, "gcflags": true,
	"mod": true, "modfile": true, "memprofilerate": true,
}

// parseGoTests finds the `go test` commands in a snippet of shell. A
// command ends at a newline (unless escaped), ;, &&, || or |, and a `cd DIR`
// earlier in the snippet sets the directory of the commands after it.
func parseGoTests(s snippet) []goTest {
	var out []goTest
	dir := "."
	for _, cmd := range shellCommands(s.Text) {
		words := cmd.words
		if len(words) >= 2 && words[0] == "cd" {
			dir = path.Clean(path.Join(dir, words[1]))
			continue
		}
		at := -1
		for i := 0; i+1 < len(words); i++ {
			if words[i] == "go" && words[i+1] == "test" {
				at = i
				break
			}
		}
		if at < 0 {
			continue
		}
		g := goTest{Line: s.Line + cmd.line, Text: strings.Join(words[at:], " "), Dir: dir}
		args := words[at+2:]
		for i := 0; i < len(args); i++ {
			a := args[i]
			if a == "--" {
				break
			}
			if !strings.HasPrefix(a, "-") {
				if a == "." || strings.HasPrefix(a, "./") || a == "reversi" || strings.HasPrefix(a, "reversi/") {
					g.Pkgs = append(g.Pkgs, a)
				}
				continue
			}
			name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
			name = strings.TrimPrefix(name, "test.")
			if !hasValue && valueFlags[name] && i+1 < len(args) {
				i++
				value, hasValue = args[i], true
			}
			if !hasValue {
				continue
			}
			switch name {
			case "run":
				g.Run = append(g.Run, value)
			case "bench":
				g.Bench = append(g.Bench, value)
			case "fuzz":
				g.Fuzz = append(g.Fuzz, value)
			}
		}
		if len(g.Pkgs) == 0 {
			g.Pkgs = []string{"."}
		}
		out = append(out, g)
	}
	return out
}

// A shellCommand is the words of one simple command and the line of the
// snippet (from 0) it starts on.
type shellCommand struct {
	line  int
	words []string
}

// shellCommands splits shell text into simple commands and their words,
// honouring quotes, backslash-newline continuations and # comments. It is
// no shell, but enough for the commands the pages show.
func shellCommands(text string) []shellCommand {
	var out []shellCommand
	var words []string
	var word strings.Builder
	inWord := false
	line, start := 0, 0
	endWord := func() {
		if inWord {
			words = append(words, word.String())
		}
		word.Reset()
		inWord = false
	}
	endCmd := func() {
		endWord()
		if len(words) > 0 {
			out = append(out, shellCommand{start, words})
		}
		words = nil
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		if len(words) == 0 && !inWord {
			start = line
		}
		switch {
		case c == '\\' && i+1 < len(text) && text[i+1] == '\n':
			i++
			line++
		case c == '\\' && i+1 < len(text):
			word.WriteByte(text[i+1])
			inWord = true
			i++
		case c == '\'' || c == '"':
			end := strings.IndexByte(text[i+1:], c)
			if end < 0 {
				end = len(text) - i - 1
			}
			word.WriteString(text[i+1 : i+1+end])
			inWord = true
			line += strings.Count(text[i+1:i+1+end], "\n")
			i += end + 1
		case c == '#' && !inWord:
			for i+1 < len(text) && text[i+1] != '\n' {
				i++
			}
		case c == '\n':
			endCmd()
			line++
		case c == ';' || c == '|' || c == '&':
			endCmd()
			for i+1 < len(text) && (text[i+1] == '|' || text[i+1] == '&') {
				i++
			}
		case c == ' ' || c == '\t':
			endWord()
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	endCmd()
	return out
}

// checkGoTest returns what is wrong with a command: packages that do not
// exist, and patterns that match no function of their kind.
func checkGoTest(root string, g goTest) []string {
	var problems []string
	var dirs []string
	for _, p := range g.Pkgs {
		rel, recursive := strings.CutSuffix(p, "/...")
		if rel == "reversi" || strings.HasPrefix(rel, "reversi/") {
			rel = "." + strings.TrimPrefix(rel, "reversi")
		}
		rel = path.Clean(path.Join(g.Dir, rel))
		dir := filepath.Join(root, filepath.FromSlash(rel))
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			problems = append(problems, fmt.Sprintf("package %s: no directory ./%s in the repository (renamed, or not merged yet?)", p, rel))
			continue
		}
		if !recursive {
			dirs = append(dirs, dir)
			continue
		}
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				if n := d.Name(); p != dir && (n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
					return filepath.SkipDir
				}
				dirs = append(dirs, p)
			}
			return nil
		})
	}
	if len(dirs) == 0 {
		return problems
	}
	funcs, err := testFuncs(dirs)
	if err != nil {
		return append(problems, err.Error())
	}
	kinds := []struct {
		flag     string
		patterns []string
		prefixes []string
	}{
		{"-run", g.Run, []string{"Test", "Fuzz", "Example"}},
		{"-bench", g.Bench, []string{"Benchmark"}},
		{"-fuzz", g.Fuzz, []string{"Fuzz"}},
	}
	for _, k := range kinds {
		var names []string
		for _, f := range funcs {
			for _, pre := range k.prefixes {
				if strings.HasPrefix(f, pre) {
					names = append(names, f)
				}
			}
		}
		for _, pattern := range k.patterns {
			for _, alt := range alternatives(pattern) {
				if alt == "." {
					if len(names) == 0 {
						problems = append(problems, fmt.Sprintf("%s %s: no %s… function in %s", k.flag, pattern, strings.Join(k.prefixes, "…/"), strings.Join(g.Pkgs, " ")))
					}
					continue
				}
				re, err := regexp.Compile(alt)
				if err != nil {
					problems = append(problems, fmt.Sprintf("%s %s: %q is no regexp: %v", k.flag, pattern, alt, err))
					continue
				}
				if !slices.ContainsFunc(names, re.MatchString) {
					msg := fmt.Sprintf("%s %s: %q matches no %s… function declared in %s", k.flag, pattern, alt, strings.Join(k.prefixes, "…/"), strings.Join(g.Pkgs, " "))
					if k.flag == "-run" && len(g.Bench)+len(g.Fuzz) > 0 {
						msg += " (to run no tests beside a benchmark or fuzz target, write -run '^$')"
					}
					problems = append(problems, msg)
				}
			}
		}
	}
	return problems
}

// alternatives splits a -run, -bench or -fuzz pattern into the names it
// asks for: split on |, each without a /subtest part and without ^ and $.
// A pattern that asks for nothing at all (-run '^$', the way to run no
// tests beside a benchmark) gives no names.
func alternatives(pattern string) []string {
	var out []string
	for alt := range strings.SplitSeq(pattern, "|") {
		alt, _, _ = strings.Cut(alt, "/")
		alt = strings.TrimSuffix(strings.TrimPrefix(alt, "^"), "$")
		if alt != "" {
			out = append(out, alt)
		}
	}
	return out
}

// testFuncs returns the names of the top-level functions (not methods)
// declared in the _test.go files of dirs.
func testFuncs(dirs []string) ([]string, error) {
	var names []string
	fset := token.NewFileSet()
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
			if err != nil {
				return nil, fmt.Errorf("parse %s: %v", f, err)
			}
			for _, d := range file.Decls {
				if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil {
					names = append(names, fn.Name.Name)
				}
			}
		}
	}
	return names, nil
}

var (
	inlineLink = regexp.MustCompile(`!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	refLink    = regexp.MustCompile(`(?m)^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)`)
	scheme     = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)
)

// checkLinks returns the relative links in the page name (relative to
// root) whose file, or heading, does not exist. Code is not searched.
func checkLinks(root, name, md string) []string {
	var problems []string
	prose := withoutCode(md)
	var targets []string
	for _, m := range inlineLink.FindAllStringSubmatch(prose, -1) {
		targets = append(targets, m[1])
	}
	for _, m := range refLink.FindAllStringSubmatch(prose, -1) {
		targets = append(targets, m[1])
	}
	for _, target := range targets {
		if scheme.MatchString(target) || strings.HasPrefix(target, "//") {
			continue
		}
		file, anchor, _ := strings.Cut(target, "#")
		rel := name
		if file != "" {
			rel = path.Join(path.Dir(name), file)
		}
		p := filepath.Join(root, filepath.FromSlash(rel))
		if _, err := os.Stat(p); err != nil {
			problems = append(problems, fmt.Sprintf("%s: link %q: no file %s", name, target, rel))
			continue
		}
		if anchor == "" || !strings.HasSuffix(rel, ".md") {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		if !slices.Contains(anchors(string(b)), anchor) {
			problems = append(problems, fmt.Sprintf("%s: link %q: %s has no heading #%s", name, target, rel, anchor))
		}
	}
	return problems
}

// withoutCode returns md with its fenced blocks and code spans blanked
// out, so that links are only found in prose.
func withoutCode(md string) string {
	var b strings.Builder
	fence := ""
	for line := range strings.SplitSeq(md, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case fence != "":
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			b.WriteString("\n")
			continue
		case fenceOf(t) != "":
			fence = fenceOf(t)
			b.WriteString("\n")
			continue
		}
		b.WriteString(line + "\n")
	}
	s := []byte(b.String())
	for _, sp := range spanBounds(string(s)) {
		for i := sp[0]; i < sp[1]; i++ {
			if s[i] != '\n' {
				s[i] = ' '
			}
		}
	}
	return string(s)
}

// anchors returns the anchors GitHub gives the headings of md: lower case,
// punctuation dropped, spaces as hyphens, a repeat numbered -1, -2, ….
func anchors(md string) []string {
	var out []string
	seen := map[string]int{}
	fence := ""
	for line := range strings.SplitSeq(md, "\n") {
		t := strings.TrimSpace(line)
		if fence != "" {
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			continue
		}
		if f := fenceOf(t); f != "" {
			fence = f
			continue
		}
		if !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var slug strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case r == ' ':
				slug.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				slug.WriteRune(r)
			}
		}
		s := slug.String()
		if n := seen[s]; n > 0 {
			out = append(out, s+"-"+strconv.Itoa(n))
		} else {
			out = append(out, s)
		}
		seen[s]++
	}
	return out
}

// The tests below hold the checks themselves to account: each feeds them a
// deliberately broken example and expects them to say so.

func TestParseGoTests(t *testing.T) {
	tests := []struct {
		name string
		md   string
		want []goTest
	}{
		{
			name: "inline",
			md:   "Run `go test ./game -run TestPlay -v` now.",
			want: []goTest{{Dir: ".", Pkgs: []string{"./game"}, Run: []string{"TestPlay"}}},
		},
		{
			name: "a span over a line break",
			md:   "Run `go test ./game\n-run TestPlay` now.",
			want: []goTest{{Dir: ".", Pkgs: []string{"./game"}, Run: []string{"TestPlay"}}},
		},
		{
			name: "no package",
			md:   "`go test -short`",
			want: []goTest{{Dir: ".", Pkgs: []string{"."}}},
		},
		{
			name: "cd, quotes, env and a benchmark",
			md:   "```sh\ncd ai && GOMAXPROCS=1 go test -run '^$' -bench \"SolveEmpties|Solve/\" -benchtime 1x -cpu 1\n```",
			want: []goTest{{Dir: "ai", Pkgs: []string{"."}, Run: []string{"^$"}, Bench: []string{"SolveEmpties|Solve/"}}},
		},
		{
			name: "continued line, = form, recursive pattern",
			md:   "```\nREVERSI_TEST_POSTGRES=postgres://x \\\n  go test ./db/... -run=TestContract -count 1\n```",
			want: []goTest{{Dir: ".", Pkgs: []string{"./db/..."}, Run: []string{"TestContract"}}},
		},
		{
			name: "fuzz before the package, a pipe and a comment",
			md:   "```\ngo test -fuzz FuzzMove ./handlers | tail -1   # -run Nothing\ngo vet ./...\n```",
			want: []goTest{{Dir: ".", Pkgs: []string{"./handlers"}, Fuzz: []string{"FuzzMove"}}},
		},
		{
			name: "a value flag takes the next word, two commands",
			md:   "```\ngo test -c -o /tmp/h.test ./handlers && go test ./views -bench=Render\n```",
			want: []goTest{
				{Dir: ".", Pkgs: []string{"./handlers"}},
				{Dir: ".", Pkgs: []string{"./views"}, Bench: []string{"Render"}},
			},
		},
		{
			name: "prose is not code",
			md:   "go test ./game -run TestPlay is only words here.",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := goTests(tt.md)
			for i := range got {
				got[i].Line, got[i].Text = 0, ""
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("goTests(%q) =\n%+v\nwant\n%+v", tt.md, got, tt.want)
			}
		})
	}
}

func TestAlternatives(t *testing.T) {
	tests := []struct {
		pattern string
		want    []string
	}{
		{"TestPlay", []string{"TestPlay"}},
		{"^TestPlay$", []string{"TestPlay"}},
		{"TestA|TestB/sub|^C$", []string{"TestA", "TestB", "C"}},
		{"^$", nil},
		{".", []string{"."}},
		{"Moves$", []string{"Moves"}},
	}
	for _, tt := range tests {
		if got := alternatives(tt.pattern); !slices.Equal(got, tt.want) {
			t.Errorf("alternatives(%q) = %q, want %q", tt.pattern, got, tt.want)
		}
	}
}

// fakeRepo makes a repository in a temporary folder with the given files.
func fakeRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestCheckGoTestCatchesMistakes(t *testing.T) {
	repo := fakeRepo(t, map[string]string{
		"pkg/a_test.go": "package pkg\n\nimport \"testing\"\n\n" +
			"func TestFoo(t *testing.T) {}\nfunc BenchmarkBar(b *testing.B) {}\nfunc FuzzBaz(f *testing.F) {}\n" +
			"type T struct{}\n\nfunc (T) TestMethod() {}\n",
		"pkg/sub/b_test.go": "package sub\n\nimport \"testing\"\n\nfunc TestDeep(t *testing.T) {}\n",
		"pkg/a.go":          "package pkg\n\nfunc TestLooksLikeATest() {}\n",
		"empty/e_test.go":   "package empty\n",
	})
	tests := []struct {
		md   string
		want string // a piece of the one problem expected, or "" for none
	}{
		{"`go test ./pkg -run TestFoo -v`", ""},
		{"`go test ./pkg -run 'TestFoo|TestGone'`", `"TestGone" matches no`},
		{"`go test ./gone -run TestFoo`", "no directory ./gone"},
		{"`go test ./pkg -bench Foo`", `"Foo" matches no Benchmark`},
		{"`go test ./pkg -run '^$' -bench Bar -benchtime 3s`", ""},
		{"`go test ./pkg -run '^$' -fuzz FuzzBaz`", ""},
		{"`go test ./pkg -run '^$' -fuzz FuzzFoo`", `"FuzzFoo" matches no Fuzz`},
		{"`go test ./pkg -run FuzzBaz`", ""},
		{"`go test ./... -run TestDeep`", ""},
		{"`go test ./pkg/... -run TestDeep`", ""},
		{"`go test ./pkg -run TestDeep`", `"TestDeep" matches no`},
		{"`go test ./pkg -run TestMethod`", `"TestMethod" matches no`},
		{"`go test ./pkg -run TestLooksLikeATest`", `"TestLooksLikeATest" matches no`},
		{"`go test ./pkg -run 'Test['`", "is no regexp"},
		{"`go test ./pkg -bench .`", ""},
		{"`go test ./empty -bench .`", "no Benchmark"},
		{"`go test ./pkg -run TestFoo/subtest`", ""},
		{"`cd pkg && go test -run TestFoo`", ""},
		{"`go test reversi/pkg -run TestFoo`", ""},
	}
	for _, tt := range tests {
		t.Run(tt.md, func(t *testing.T) {
			cmds := goTests(tt.md)
			if len(cmds) != 1 {
				t.Fatalf("goTests(%q) found %d commands, want 1", tt.md, len(cmds))
			}
			problems := checkGoTest(repo, cmds[0])
			switch {
			case tt.want == "" && len(problems) > 0:
				t.Errorf("checkGoTest(%q) = %q, want no problem", tt.md, problems)
			case tt.want != "" && (len(problems) != 1 || !strings.Contains(problems[0], tt.want)):
				t.Errorf("checkGoTest(%q) = %q, want one problem with %q", tt.md, problems, tt.want)
			}
		})
	}
}

func TestCheckLinksCatchesMistakes(t *testing.T) {
	page := "See [the page](docs/a.md), [its heading](docs/a.md#some-code-heading),\n" +
		"[a missing page](docs/missing.md), [a missing heading](docs/a.md#nope),\n" +
		"[the web](https://example.com/x.md), [this page](#top) and ![a picture](docs/pic.svg).\n" +
		"Code is not read: `[x](nothing.md)`.\n\n```\n[y](nothing-either.md)\n```\n\n" +
		"[ref]: docs/gone.md\n"
	repo := fakeRepo(t, map[string]string{
		"README.md":    "# Top\n\n" + page,
		"docs/a.md":    "# Title\n\n## Some `code` heading\n",
		"docs/pic.svg": "<svg/>",
	})
	got := checkLinks(repo, "README.md", "# Top\n\n"+page)
	want := []string{"docs/missing.md", "docs/a.md#nope", "docs/gone.md"}
	if len(got) != len(want) {
		t.Fatalf("checkLinks = %q, want %d problems, about %q", got, len(want), want)
	}
	for i, w := range want {
		if !strings.Contains(got[i], w) {
			t.Errorf("problem %d = %q, want it about %q", i, got[i], w)
		}
	}
}

func TestAnchors(t *testing.T) {
	md := "# Measurements\n\n## Capacity: SQLite, one server\n\n```\n# not a heading\n```\n\n" +
		"### Rules engine (`game/`)\n\n## Review\n\n## Review\n\n## `reversi serve`\n"
	want := []string{"measurements", "capacity-sqlite-one-server", "rules-engine-game", "review", "review-1", "reversi-serve"}
	if got := anchors(md); !slices.Equal(got, want) {
		t.Errorf("anchors = %q, want %q", got, want)
	}
}

func TestMentionsOutside(t *testing.T) {
	tests := []struct {
		text string
		want int // the line, or 0 for none
	}{
		{"all in our own words\n", 0},
		{"line one\nsee " + outside[0] + "/PRODUCT.md\n", 2},
		{"the " + outside[1] + ".md rules\n", 1},
		{"a shared board, ./shared and share/PRODUCTS aside\n", 0},
	}
	for _, tt := range tests {
		_, line, ok := mentionsOutside([]byte(tt.text))
		if ok != (tt.want > 0) || line != tt.want {
			t.Errorf("mentionsOutside(%q) = line %d, %v; want line %d", tt.text, line, ok, tt.want)
		}
	}
}
