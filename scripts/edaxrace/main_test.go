package main

import (
	"os"
	"strings"
	"testing"
	"time"
)

func TestParseScore(t *testing.T) {
	const edaxOut = ` # | depth|score|       time   |  nodes (N)  |   N/s    | principal variation
---+------+-----+--------------+-------------+----------+---------------------
  1|   22   %s        0:03.059      88213569   28837388 h3 H7 g6 D2 f2 E1 c1
---+------+-----+--------------+-------------+----------+---------------------
one.obf: 88213569 nodes in  0:03.059 (cpu =  0:03.064) (28837388 nodes/s).
`
	const oursOut = "8×8, 22 empties, black to move\n  h3   <= +20  (960ms)\n  h3   = %s  (2.127s)\nnodes 28359142, time 2.127s, 13.3 Mnodes/s\nscore %s move h3\n"
	for _, tc := range []struct{ edax, ours, want string }{
		{"+20", "+20", "+20"},
		{"+00", "+0", "+0"},
		{"-04", "-4", "-4"},
		{"-64", "-64", "-64"},
	} {
		got, err := parseScore(edaxScore, strings.Replace(edaxOut, "%s", tc.edax, 1))
		if err != nil || got != tc.want {
			t.Errorf("Edax's %s: %q, %v; want %q", tc.edax, got, err, tc.want)
		}
		out := strings.ReplaceAll(oursOut, "%s", tc.ours)
		if got, err := parseScore(ourScore, out); err != nil || got != tc.want {
			t.Errorf("our %s: %q, %v; want %q", tc.ours, got, err, tc.want)
		}
	}
	// Neither reads the other's output, a second problem's line, or a
	// score that is not the last line.
	for _, bad := range []string{"", "score +20\n", "nodes 1\n", "  2|   22   +20   0:01\n", "score +20 move h3\nmore\n",
		strings.Replace(edaxOut, "%s", "+20", 1)} {
		if got, err := parseScore(ourScore, bad); err == nil {
			t.Errorf("ours: %q read as %s", bad, got)
		}
	}
	for _, bad := range []string{"", "  2|   22   +20   0:01\n", "  1|   22   20   0:01\n", strings.ReplaceAll(oursOut, "%s", "+20")} {
		if got, err := parseScore(edaxScore, bad); err == nil {
			t.Errorf("Edax's: %q read as %s", bad, got)
		}
	}
}

func TestReadPositions(t *testing.T) {
	const file = `# a comment
40 O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X

b1 O-OOOOX-OOXOOX--OXOOXO---OXXOOXXOXOOXO--XXOXXO--XXXXX---O---OX-- O
b12 O-OOOOX-OOXOOX--OXOOXO---OXXOOXXOXOOXO--XXOXXO--XXXXX---O---OX-- X
`
	for _, tc := range []struct {
		prefix string
		want   []string
	}{
		{"", []string{"40", "b1", "b12"}},
		{"b1", []string{"b1", "b12"}},
		{"r", nil},
	} {
		got, err := readPositions(strings.NewReader(file), tc.prefix)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, p := range got {
			ids = append(ids, p.id)
		}
		if strings.Join(ids, " ") != strings.Join(tc.want, " ") {
			t.Errorf("prefix %q: %v, want %v", tc.prefix, ids, tc.want)
		}
	}
	for _, bad := range []string{
		"b1 O-OO X\n",
		"b1 O-OOOOX-OOXOOX--OXOOXO---OXXOOXXOXOOXO--XXOXXO--XXXXX---O---OX-- B\n",
		"b1 O-OOOOX-OOXOOX--OXOOXO---OXXOOXXOXOOXO--XXOXXO--XXXXX---O---OX--\n",
	} {
		if _, err := readPositions(strings.NewReader(bad), ""); err == nil {
			t.Errorf("%q read", bad)
		}
	}
}

// TestRacePositions reads the repository's race file as the command does.
func TestRacePositions(t *testing.T) {
	f, err := os.Open("../../ai/testdata/edax-race.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps, err := readPositions(f, "")
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, p := range ps {
		count[set(p.id)]++
	}
	if len(ps) != 65 || count["suite"] != 5 || count["r"] != 8 || count["m"] != 12 || count["b"] != 40 {
		t.Errorf("%d positions, by set %v; want 65: suite 5, r 8, m 12, b 40", len(ps), count)
	}
}

func TestBuildsFlag(t *testing.T) {
	var b builds
	for _, s := range []string{"asm=/tmp/reversi", "avx2=/tmp/reversi:GODEBUG=cpu.avx512f=off"} {
		if err := b.Set(s); err != nil {
			t.Fatal(err)
		}
	}
	if len(b) != 2 || b[1].name != "avx2" || b[1].path != "/tmp/reversi" || len(b[1].env) != 1 || b[1].env[0] != "GODEBUG=cpu.avx512f=off" {
		t.Errorf("builds %+v", b)
	}
	for _, bad := range []string{"", "asm", "=/tmp/x", "asm=", "asm=/tmp/x:NOVALUE", "asm=/tmp/x:=1"} {
		if err := b.Set(bad); err == nil {
			t.Errorf("-ours %q taken", bad)
		}
	}
}

func TestSummary(t *testing.T) {
	got := summary("b", []string{"edax", "asm", "go"}, []time.Duration{70 * time.Second, 42 * time.Second, 56 * time.Second})
	want := "b     edax    70.0 s  asm    42.0 s 0.60  go    56.0 s 0.80\n"
	if got != want {
		t.Errorf("summary\n%q, want\n%q", got, want)
	}
}

func FuzzReadPositions(f *testing.F) {
	f.Add("b1 O-OOOOX-OOXOOX--OXOOXO---OXXOOXXOXOOXO--XXOXXO--XXXXX---O---OX-- O\n# x\n")
	f.Add("  1|   22   +20   0:03.059\nscore -4 move pass\n")
	f.Fuzz(func(t *testing.T, s string) {
		ps, err := readPositions(strings.NewReader(s), "")
		if err == nil {
			for _, p := range ps {
				if len(p.squares) != 64 || set(p.id) == "" {
					t.Fatalf("%q gave %+v", s, p)
				}
			}
		}
		if v, err := parseScore(ourScore, s); err == nil && (len(v) < 2 || (v[0] != '+' && v[0] != '-')) {
			t.Fatalf("%q scored %q", s, v)
		}
		if v, err := parseScore(edaxScore, s); err == nil && (len(v) < 2 || (v[0] != '+' && v[0] != '-')) {
			t.Fatalf("%q scored %q by Edax's pattern", s, v)
		}
	})
}
