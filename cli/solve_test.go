package cli

import (
	"bytes"
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
		{"a1 empty", []string{"-" + strings.Repeat("X", 62) + "O X"}, "score +48 move pass"},
		{"a1 empty, side apart", []string{"-" + strings.Repeat("X", 62) + "O", "O"}, "score -48 move a1"},
		{"after --", []string{"--", "-" + strings.Repeat("X", 62) + "O X"}, "score +48 move pass"},
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
