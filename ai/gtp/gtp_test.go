package gtp

import (
	"bufio"
	"context"
	"strings"
	"testing"

	"reversi/ai"
	"reversi/game"
)

// session runs the commands through an engine and returns its answers,
// one per command, without the blank line that ends each.
func session(t testing.TB, e *Engine, commands []string) []string {
	t.Helper()
	var out strings.Builder
	in := strings.Join(commands, "\n") + "\n"
	if err := e.Run(context.Background(), strings.NewReader(in), &out); err != nil {
		t.Fatalf("Run: %v", err)
	}
	var answers []string
	for a := range strings.SplitSeq(out.String(), "\n\n") {
		if a != "" {
			answers = append(answers, a)
		}
	}
	return answers
}

func TestSession(t *testing.T) {
	type step struct {
		cmd, want string // want "" for any answer starting with "="
	}
	tests := []struct {
		name  string
		level ai.Level
		steps []step
	}{
		{"handshake", ai.Easy, []step{
			{"protocol_version", "= 2"},
			{"7 name", "=7 reversi easy"},
			{"version", "= " + Version},
			{"known_command play", "= true"},
			{"known_command undo", "= false"},
			{"komi 6.5", "="},
			{"list_commands", "= " + strings.Join(commands, "\n")},
		}},
		{"bad commands", ai.Easy, []step{
			{"frobnicate", "? unknown command"},
			{"12 frobnicate", "?12 unknown command"},
			{"42", "?42 syntax error: no command"},
			{"boardsize", "? syntax error: boardsize takes 1 arguments"},
			{"boardsize eight", "? syntax error: boardsize takes a number"},
			{"boardsize 7", "? unacceptable size"},
			{"boardsize 19", "? unacceptable size"},
			{"play", "? syntax error: play takes 2 arguments"},
			{"play red d3", "? syntax error: invalid color"},
			{"play black z9", "? syntax error: invalid vertex"},
			{"play black i1", "? syntax error: invalid vertex"},
			{"play black a1", "? illegal move"},
			{"play white d3", "? illegal move: black is to move"},
			{"play black pass", "? illegal move"},
			{"play white pass", "? illegal move: black is to move"},
			{"genmove purple", "? syntax error: invalid color"},
			{"genmove white", "? illegal move: black is to move"},
			{"komi x", "? syntax error: komi takes a number"},
			{"final_score", "? cannot score: the game is not over"},
			{"protocol_version", "= 2"}, // still alive
		}},
		{"moves, case and comments", ai.Easy, []step{
			{"play black D3 # the first move", "="},
			{"play W c5", "="},
			{"\tshowboard", "= \n    a b c d e f g h\n 1  . . . . . . . .\n 2  . . . . . . . .\n 3  . . . X . . . .\n" +
				" 4  . . . X X . . .\n 5  . . O O O . . .\n 6  . . . . . . . .\n 7  . . . . . . . .\n 8  . . . . . . . .\n" +
				"black (X) 3, white (O) 3; black to move"},
			{"clear_board", "="},
			{"play b d3", "="},
		}},
		{"genmove plays for either colour", ai.Normal, []step{
			{"genmove black", ""},
			{"genmove white", ""},
			{"genmove b", ""},
		}},
		{"boardsize 6", ai.Hard, []step{
			{"boardsize 6", "="},
			{"play black c2", "="},
			{"play white g7", "? syntax error: invalid vertex"},
			{"genmove white", ""},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var cmds []string
			for _, s := range tt.steps {
				cmds = append(cmds, s.cmd)
			}
			e := &Engine{Player: ai.Player{Level: tt.level, Nodes: 5000}, Seed: 1}
			got := session(t, e, cmds)
			if len(got) != len(tt.steps) {
				t.Fatalf("%d answers to %d commands:\n%s", len(got), len(tt.steps), strings.Join(got, "\n\n"))
			}
			for i, s := range tt.steps {
				switch {
				case s.want == "" && !strings.HasPrefix(got[i], "= "):
					t.Errorf("%q: answer %q, want a move", s.cmd, got[i])
				case s.want != "" && got[i] != s.want:
					t.Errorf("%q: answer %q, want %q", s.cmd, got[i], s.want)
				}
			}
		})
	}
}

// whiteMustPass returns an Easy engine in a position where White, to move,
// must pass: its one disc, f8, cannot flank anything; Black's g8 takes it.
func whiteMustPass(t *testing.T) *Engine {
	t.Helper()
	e := &Engine{Player: ai.Player{Level: ai.Easy}, Size: 8}
	if err := e.init(); err != nil {
		t.Fatal(err)
	}
	var err error
	e.board, err = game.ParseLine("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-- O")
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestPasses plays a position where White has no move: the controller may
// pass for White with "play white pass", or leave the pass out and name
// Black twice.
func TestPasses(t *testing.T) {
	e := whiteMustPass(t)
	tests := []struct{ cmd, want string }{
		{"genmove black", "= g8"}, // White's pass is implied
		{"final_score", "= B+64"},
		{"genmove white", "= pass"}, // the game is over
		{"play black a1", "? illegal move: the game is over"},
	}
	for _, tt := range tests {
		cmd, _ := Parse(tt.cmd)
		res, err := e.Exec(context.Background(), cmd)
		got := "= " + res
		if err != nil {
			got = "? " + err.Error()
		}
		if got != tt.want {
			t.Errorf("%q: answer %q, want %q", tt.cmd, got, tt.want)
		}
	}
}

func TestPlayPass(t *testing.T) {
	e := whiteMustPass(t)
	for _, line := range []string{"play white pass", "play black g8"} {
		cmd, _ := Parse(line)
		if _, err := e.Exec(context.Background(), cmd); err != nil {
			t.Errorf("%q: %v", line, err)
		}
	}
	if !e.board.Over() {
		t.Errorf("after the passes and moves the game is not over: %s", e.board.Line())
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		line string
		want Command
		ok   bool
	}{
		{"", Command{}, false},
		{"   # only a comment", Command{}, false},
		{"name", Command{Name: "name", Args: []string{}}, true},
		{"12 play black d3", Command{ID: "12", Name: "play", Args: []string{"black", "d3"}}, true},
		{"play\tblack\x01 d3#x", Command{Name: "play", Args: []string{"black", "d3"}}, true},
		{"3", Command{ID: "3"}, true},
		{"genmove white\r", Command{Name: "genmove", Args: []string{"white"}}, true},
	}
	for _, tt := range tests {
		got, ok := Parse(tt.line)
		if ok != tt.ok || got.ID != tt.want.ID || got.Name != tt.want.Name || strings.Join(got.Args, "|") != strings.Join(tt.want.Args, "|") {
			t.Errorf("Parse(%q) = %+v, %v, want %+v, %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzSession feeds arbitrary lines to an engine: it must answer every
// command with "=" or "?" and never crash.
func FuzzSession(f *testing.F) {
	f.Add("boardsize 6\nplay black c2\ngenmove white\nshowboard\nfinal_score")
	f.Add("1 play b d3\n2 play w c5\n3 genmove b\nquit")
	f.Add("play white pass\nplay black pass\n#\n\x00\tgenmove w")
	f.Add("boardsize 10\nplay black j10\nplay b e4\nknown_command x")
	f.Fuzz(func(t *testing.T, in string) {
		e := &Engine{Player: ai.Player{Level: ai.Easy}, Seed: 3}
		var out strings.Builder
		if err := e.Run(context.Background(), strings.NewReader(in), &out); err != nil {
			return // a line too long for the scanner
		}
		sc := bufio.NewScanner(strings.NewReader(out.String()))
		start := true
		for sc.Scan() {
			line := sc.Text()
			if start && line != "" && line[0] != '=' && line[0] != '?' {
				t.Fatalf("answer starts %q; session %q gave:\n%s", line, in, out.String())
			}
			start = line == ""
		}
	})
}

// TestLongLine sends lines at and past MaxLine: the one past it is answered
// "?" and the session goes on, as it does after a line just within it.
func TestLongLine(t *testing.T) {
	for _, tc := range []struct {
		name, line, want string
	}{
		{"over the limit", "name " + strings.Repeat("x", MaxLine), "? line too long"},
		{"far over the limit", strings.Repeat("#", 3*MaxLine), "? line too long"},
		{"within the limit", "1 name" + strings.Repeat(" ", MaxLine-8) + "\r", "=1 reversi easy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := session(t, &Engine{Player: ai.Player{Level: ai.Easy}}, []string{tc.line, "2 protocol_version"})
			if len(got) != 2 || got[0] != tc.want || got[1] != "=2 2" {
				t.Errorf("answers %q, want %q then %q", got, tc.want, "=2 2")
			}
		})
	}
}
