package docs

import (
	"fmt"
	"maps"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestImportTable holds the import map of architecture.md to the code: the
// code block under "## Import direction" must name every package of the
// module exactly once, on the left of a line "pkg, pkg → dep, dep", and
// the right of each line must be exactly the packages of ours that those
// packages import (tests aside), as `go list` reports them. A package the
// map forgets, an import it misses and one it claims but the code no
// longer makes all fail, so the map cannot drift from the code again.
func TestImportTable(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list over the whole module")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH:", err)
	}
	actual := goListImports(t)
	table, err := importTable(readPage(t, "docs/architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	problems := checkImportTable(table, actual)
	for _, p := range problems {
		t.Error(p)
	}
	if len(problems) > 0 {
		t.Logf("the map as go list sees it, one package a line:\n%s", importMap(actual))
	}
}

// importMap writes imports as the map's lines, one package a line, in
// name order.
func importMap(imports map[string][]string) string {
	var b strings.Builder
	for _, p := range slices.Sorted(maps.Keys(imports)) {
		deps := "nothing of ours"
		if len(imports[p]) > 0 {
			deps = strings.Join(slices.Sorted(slices.Values(imports[p])), ", ")
		}
		fmt.Fprintf(&b, "%s → %s\n", p, deps)
	}
	return b.String()
}

// importLine is one line of the map: packages and what they import.
type importLine struct {
	pkgs, deps []string
}

// importTable reads the map from the page: the first ``` block after the
// heading "## Import direction". Package names are relative to the module
// ("play/puzzle"); the module's root package is "main". A right side of
// "nothing of ours" is an empty list.
func importTable(md string) ([]importLine, error) {
	_, after, ok := strings.Cut(md, "\n## Import direction\n")
	if !ok {
		return nil, fmt.Errorf("architecture.md has no heading \"## Import direction\"")
	}
	_, block, ok := strings.Cut(after, "```\n")
	if ok {
		block, _, ok = strings.Cut(block, "```")
	}
	if !ok {
		return nil, fmt.Errorf("no code block under \"## Import direction\"")
	}
	var lines []importLine
	for _, l := range strings.Split(strings.TrimSpace(block), "\n") {
		left, right, ok := strings.Cut(l, "→")
		if !ok {
			return nil, fmt.Errorf("import map line %q has no →", l)
		}
		lines = append(lines, importLine{pkgs: names(left), deps: names(right)})
	}
	return lines, nil
}

// names splits "a, b/c" into its names; "nothing of ours" is none.
func names(s string) []string {
	s = strings.TrimSpace(s)
	if s == "nothing of ours" {
		return nil
	}
	var out []string
	for _, n := range strings.Split(s, ",") {
		out = append(out, strings.TrimSpace(n))
	}
	return out
}

// checkImportTable compares the map with the imports go list found
// (package → its imports of ours) and returns what disagrees.
func checkImportTable(table []importLine, actual map[string][]string) []string {
	var problems []string
	seen := map[string]bool{}
	for _, l := range table {
		var got []string
		for _, p := range l.pkgs {
			if seen[p] {
				problems = append(problems, "package "+p+" is on two lines of the import map")
			}
			seen[p] = true
			imps, ok := actual[p]
			if !ok {
				problems = append(problems, "the import map names "+p+", which is not a package of the module")
			}
			for _, i := range imps {
				if !slices.Contains(got, i) {
					got = append(got, i)
				}
			}
		}
		slices.Sort(got)
		want := slices.Sorted(slices.Values(l.deps))
		for _, g := range got {
			if !slices.Contains(want, g) {
				problems = append(problems, strings.Join(l.pkgs, ", ")+" imports "+g+", which the import map does not say")
			}
		}
		for _, w := range want {
			if !slices.Contains(got, w) {
				problems = append(problems, "the import map says "+strings.Join(l.pkgs, ", ")+" imports "+w+", which none of them does")
			}
		}
	}
	for p := range actual {
		if !seen[p] {
			problems = append(problems, "package "+p+" is missing from the import map")
		}
	}
	slices.Sort(problems)
	return problems
}

// goListImports returns each package of the module, relative to the
// module ("main" for its root), with the packages of ours that its
// non-test files import.
func goListImports(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	mod := exec.Command("go", "list", "-m")
	mod.Dir = root
	m, err := mod.Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	module := strings.TrimSpace(string(m))
	rel := func(p string) (string, bool) {
		if p == module {
			return "main", true
		}
		r, ok := strings.CutPrefix(p, module+"/")
		return r, ok
	}
	imports := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg, ok := rel(fields[0])
		if !ok {
			continue
		}
		ours := []string{}
		for _, f := range fields[1:] {
			if r, ok := rel(f); ok {
				ours = append(ours, r)
			}
		}
		imports[pkg] = ours
	}
	return imports
}

// TestCheckImportTableCatchesMistakes shows that the check fails for each
// kind of drift.
func TestCheckImportTableCatchesMistakes(t *testing.T) {
	actual := map[string][]string{"game": {}, "ai": {"game"}, "cli": {"ai", "game"}}
	tests := []struct {
		name  string
		table []importLine
		ok    bool
	}{
		{"true", []importLine{{[]string{"cli"}, []string{"ai", "game"}}, {[]string{"ai"}, []string{"game"}}, {[]string{"game"}, nil}}, true},
		{"missing import", []importLine{{[]string{"cli"}, []string{"ai"}}, {[]string{"ai"}, []string{"game"}}, {[]string{"game"}, nil}}, false},
		{"stale import", []importLine{{[]string{"cli"}, []string{"ai", "game"}}, {[]string{"ai"}, []string{"game", "cli"}}, {[]string{"game"}, nil}}, false},
		{"missing package", []importLine{{[]string{"cli"}, []string{"ai", "game"}}, {[]string{"game"}, nil}}, false},
		{"no such package", []importLine{{[]string{"cli"}, []string{"ai", "game"}}, {[]string{"ai", "web"}, []string{"game"}}, {[]string{"game"}, nil}}, false},
		{"named twice", []importLine{{[]string{"cli"}, []string{"ai", "game"}}, {[]string{"ai"}, []string{"game"}}, {[]string{"game", "ai"}, []string{"game"}}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := checkImportTable(tt.table, actual)
			if (len(got) == 0) != tt.ok {
				t.Errorf("checkImportTable = %q, want problems: %v", got, !tt.ok)
			}
		})
	}
	md := "x\n## Import direction\n\nText.\n\n```\ncli → ai, game\ngame → nothing of ours\n```\n"
	table, err := importTable(md)
	if err != nil {
		t.Fatal(err)
	}
	if len(table) != 2 || len(table[0].deps) != 2 || table[1].deps != nil {
		t.Errorf("importTable = %+v", table)
	}
}
