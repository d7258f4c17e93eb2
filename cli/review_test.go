package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A whole 6×6 game: White wins 25 to 11.
const reviewedGame6 = "d5e5b3b2c2b4a2d6e6a1a4f6d2e2f2a3f5f4e4e3f3e1d1c5f1b1a5c1c6b6b5a6"

func TestReviewCommand(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.txt")
	if err := os.WriteFile(file, []byte(reviewedGame6+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ggf := "(;GM[Othello]PB[Ann]PW[Bob]RE[-14.00]TY[6]BO[6 --------------O*----*O-------------- *]" +
		"B[d5]W[e5]B[b3]W[b2]B[c2]W[b4]B[a2]W[d6]B[e6]W[a1]B[a4]W[f6]B[d2]W[e2]B[f2]W[a3]" +
		"B[f5]W[f4]B[e4]W[e3]B[f3]W[e1]B[d1]W[c5]B[f1]W[b1]B[a5]W[c1]B[c6]W[b6]B[b5]W[a6];)"
	fast := []string{"-nodes", "20000", "-exact", "12"}
	tests := []struct {
		name  string
		args  []string
		stdin string
		want  []string // lines or parts of lines, in order
		not   string   // a part that must not appear
	}{
		{
			name: "transcript file, both sides",
			args: append(fast, file),
			want: []string{
				"6×6, cross start, 32 moves; final count Black 11, White 25.",
				"Judging both sides' moves: exactly from 12 empty squares on",
				"biggest mistake",
				"Move by move:",
				"  Move 1, Black played d5",
				"  Move 32, White played a6",
				"Black: 16 moves judged",
				"White: 16 moves judged",
			},
		},
		{
			name:  "GGF on standard input, Black's moves, timed",
			args:  append(append([]string{"-side", "black", "-time"}, fast...), "-"),
			stdin: ggf,
			want: []string{
				"6×6, cross start, 32 moves; Black: Ann, White: Bob; final count Black 11, White 25.",
				"Judging Black's moves",
				"  Move 31, Black played b5",
				"Black: 16 moves judged",
				"time: ",
			},
			not: "White played",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := review(&out, strings.NewReader(tt.stdin), tt.args); err != nil {
				t.Fatal(err)
			}
			text := out.String()
			rest := text
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("review %q: no %q after the earlier lines in\n%s", tt.args, w, text)
				}
				rest = rest[i+len(w):]
			}
			if tt.not != "" && strings.Contains(text, tt.not) {
				t.Errorf("review %q: output holds %q:\n%s", tt.args, tt.not, text)
			}
			exact := regexp.MustCompile(`Move \d+, (Black|White) played [a-f][1-6](, a best move: it ends [+−]\d+ with perfect play\.|; [a-f][1-6] was best, ending [+−]\d+ with perfect play; [a-f][1-6] ends [+−]\d+, a loss of \d+ discs?\.)`)
			if !exact.MatchString(text) {
				t.Errorf("review %q: no exact verdict in\n%s", tt.args, text)
			}
		})
	}

	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("f5d6c3d3c4a1"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{bad}, {"-side", "red", file}, {}, {filepath.Join(t.TempDir(), "missing")}} {
		err := review(new(bytes.Buffer), strings.NewReader(""), args)
		if err == nil {
			t.Errorf("review %q: no error", args)
		}
		if len(args) == 1 && args[0] == bad && err.Error() != "Move 6, a1, is not allowed: it outflanks no disc." {
			t.Errorf("review %q: error %q, want the sentence naming move 6", args, err)
		}
	}
}
