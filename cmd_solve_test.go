package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// lastLine returns the last line that s holds.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

func TestSolveCommand(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"one argument", []string{"XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-- O"}, "score -64 move pass"},
		{"two arguments", []string{"XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO--", "X"}, "score +64 move g8"},
		{"draw", []string{"XXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOO X"}, "score +0 move none"},
		{"suite 40", []string{"O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"}, "score +38 move a2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if testing.Short() && tt.name == "suite 40" {
				t.Skip("slow in -short mode")
			}
			var out bytes.Buffer
			if err := solve(&out, tt.args); err != nil {
				t.Fatal(err)
			}
			if got := lastLine(out.String()); got != tt.want {
				t.Errorf("solve %q: last line %q, want %q", tt.args, got, tt.want)
			}
		})
	}
	if err := solve(new(bytes.Buffer), []string{"XO X"}); err == nil {
		t.Errorf("solve %q: no error, want one", "XO X")
	}
}

func TestArenaCommand(t *testing.T) {
	var out bytes.Buffer
	args := []string{"-a", "normal", "-b", "easy", "-games", "6", "-size", "6", "-seed", "3"}
	if err := arena(&out, args); err != nil {
		t.Fatal(err)
	}
	last := lastLine(out.String())
	m := regexp.MustCompile(`^result: normal (\d+) wins, easy (\d+) wins, (\d+) draws$`).FindStringSubmatch(last)
	if m == nil {
		t.Fatalf("arena %q: last line %q, want a result line", args, last)
	}
	n := 0
	for line := range strings.Lines(out.String()) {
		if strings.HasPrefix(line, "game ") {
			n++
		}
	}
	if n != 6 {
		t.Errorf("arena %q: %d game lines, want 6:\n%s", args, n, out.String())
	}
}
