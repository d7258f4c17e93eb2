package arena

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"reversi/ai"
	"reversi/ai/gtp"
	"reversi/game"
)

// inProcess is our own GTP engine, run on a goroutine behind a pair of
// pipes: a GTP player that every machine has.
type inProcess struct{ level ai.Level }

func (p inProcess) String() string { return "gtp:" + p.level.String() }

func (p inProcess) Start(ctx context.Context, opts game.Options, _ *rand.Rand) (Seat, error) {
	cmdR, cmdW := io.Pipe()
	ansR, ansW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		e := &gtp.Engine{Player: ai.Player{Level: p.level, Nodes: 20_000}, Size: opts.Size}
		err := e.Run(ctx, cmdR, ansW)
		ansW.Close()
		done <- err
	}()
	c := NewClient(ansR, cmdW, func() error {
		cmdW.Close()
		return <-done
	})
	if err := c.Setup(opts); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// cheat plays a1 whenever it is to move, legal or not.
type cheat struct{}

func (cheat) String() string { return "cheat" }
func (cheat) Start(context.Context, game.Options, *rand.Rand) (Seat, error) {
	return cheat{}, nil
}
func (cheat) Move(context.Context, game.Board) (game.Square, error) { return 0, nil }
func (cheat) Played(game.Color, game.Square) error                  { return nil }
func (cheat) Close() error                                          { return nil }

var resultLine = regexp.MustCompile(`(?m)^result: .* (\d+) wins, .* (\d+) wins, (\d+) draws$`)

func TestRun(t *testing.T) {
	tests := []struct {
		name      string
		a, b      Player
		size      int
		random    int
		wantTally func(Tally) bool
	}{
		{"levels", Level{ai.Player{Level: ai.Normal}}, Level{ai.Player{Level: ai.Easy}}, 6, 0,
			func(Tally) bool { return true }},
		{"our GTP engine", Level{ai.Player{Level: ai.Easy}}, inProcess{ai.Normal}, 8, 4,
			func(Tally) bool { return true }},
		{"GTP engine as a", inProcess{ai.Easy}, Level{ai.Player{Level: ai.Normal}}, 6, 2,
			func(Tally) bool { return true }},
		{"illegal moves forfeit", cheat{}, Level{ai.Player{Level: ai.Easy}}, 8, 0,
			func(t Tally) bool { return t == Tally{BWins: 2} }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			c := Config{A: tt.a, B: tt.b, Games: 2, Options: game.Options{Size: tt.size}, Seed: 5, Random: tt.random, Workers: 2}
			tally, err := Run(context.Background(), &out, c)
			if err != nil {
				t.Fatalf("Run: %v\n%s", err, out.String())
			}
			if tally.AWins+tally.BWins+tally.Draws != 2 || !tt.wantTally(tally) {
				t.Errorf("Run tally %+v\n%s", tally, out.String())
			}
			if !resultLine.MatchString(out.String()) {
				t.Errorf("no result line:\n%s", out.String())
			}
		})
	}
}

// TestOpeningsArePlayedTwice checks that games 2k and 2k+1 share their
// random opening with the colours swapped.
func TestOpeningsArePlayedTwice(t *testing.T) {
	c := Config{A: Level{ai.Player{Level: ai.Normal}}, B: Level{ai.Player{Level: ai.Easy}},
		Options: game.Options{Size: 8}, Seed: 9, Random: 6}
	var transcripts []string
	for i := range 4 {
		g, err := Play(context.Background(), c, i)
		if err != nil {
			t.Fatal(err)
		}
		if g.ABlack != (i%2 == 0) {
			t.Errorf("game %d: a black %v, want %v", i, g.ABlack, i%2 == 0)
		}
		transcripts = append(transcripts, g.Transcript)
	}
	for k := range 2 {
		x, y := transcripts[2*k], transcripts[2*k+1]
		if x[:12] != y[:12] {
			t.Errorf("pair %d opens %q and %q, want the same six plies", k, x[:12], y[:12])
		}
	}
	if transcripts[0][:12] == transcripts[2][:12] {
		t.Errorf("pairs 0 and 1 open the same: %q", transcripts[0][:12])
	}
}

// rhino returns the path of GRhino's GTP program, which Debian installs
// outside root's usual PATH.
func rhino() (string, error) {
	if p, err := exec.LookPath("gtp-rhino"); err == nil {
		return p, nil
	}
	return exec.LookPath("/usr/games/gtp-rhino")
}

// TestGameAgainstGRhino plays one whole game against GRhino
// (apt-get install grhino), every reply checked by our rules. It is
// skipped where GRhino is missing, except in CI.
func TestGameAgainstGRhino(t *testing.T) {
	path, err := rhino()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("gtp-rhino not found (apt-get install grhino): %v", err)
		}
		t.Skipf("gtp-rhino not found (apt-get install grhino): %v", err)
	}
	var out bytes.Buffer
	c := Config{
		A: Level{ai.Player{Level: ai.Normal}}, B: Program{Args: []string{path, "-l", "1"}},
		Games: 1, Options: game.Options{Size: 8}, Seed: 1, Random: 4, Workers: 1, Verbose: true,
	}
	tally, err := Run(context.Background(), &out, c)
	if err != nil {
		t.Fatalf("Run: %v\n%s", err, out.String())
	}
	if strings.Contains(out.String(), "forfeit") || tally.AWins+tally.BWins+tally.Draws != 1 {
		t.Errorf("game against GRhino: tally %+v\n%s", tally, out.String())
	}
	t.Logf("\n%s", out.String())
}

func TestParsePlayer(t *testing.T) {
	tests := []struct {
		spec    string
		want    string
		wantErr bool
	}{
		{"expert", "expert", false},
		{"gtp:gtp-rhino -l 4", "gtp:gtp-rhino -l 4", false},
		{"gtp:", "", true},
		{"master", "", true},
	}
	for _, tt := range tests {
		p, err := ParsePlayer(tt.spec, 0, 0)
		if (err != nil) != tt.wantErr || err == nil && p.String() != tt.want {
			t.Errorf("ParsePlayer(%q) = %v, %v, want %q (error %v)", tt.spec, p, err, tt.want, tt.wantErr)
		}
	}
}

func TestClientErrors(t *testing.T) {
	tests := []struct{ answers, want string }{
		{"? unknown command\n\n", `engine says "unknown command"`},
		{"", "unexpected EOF"},
		{"hello\n\n", "not GTP"},
	}
	for _, tt := range tests {
		c := NewClient(strings.NewReader(tt.answers), io.Discard, nil)
		_, err := c.Do("name")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Do with answers %q: error %v, want one containing %q", tt.answers, err, tt.want)
		}
	}
}
