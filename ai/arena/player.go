package arena

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"strings"
	"time"

	"reversi/ai"
	"reversi/game"
)

// A Player is one side of a match: a level of ours, or an engine that
// speaks GTP.
type Player interface {
	// String names the player in the report.
	String() string
	// Start sets the player up for a new game; rng is the game's random
	// source, shared by both sides.
	Start(ctx context.Context, opts game.Options, rng *rand.Rand) (Seat, error)
}

// A Seat is a player in one game.
type Seat interface {
	// Move returns the player's move in b, where it is to move.
	Move(ctx context.Context, b game.Board) (game.Square, error)
	// Played tells the player that c played m (a square or a pass): a
	// move of the other side or of the random opening.
	Played(c game.Color, m game.Square) error
	// Close ends the game.
	Close() error
}

// ParsePlayer reads a player: a level's name (see ai.LevelNames),
// with the node budget and time cap given (0: the level's default), or
// "gtp:" and the command line of a GTP engine, split at spaces (no shell
// quoting), such as "gtp:gtp-rhino -l 4".
func ParsePlayer(spec string, nodes uint64, moveTime time.Duration) (Player, error) {
	if cmd, ok := strings.CutPrefix(spec, "gtp:"); ok {
		args := strings.Fields(cmd)
		if len(args) == 0 {
			return nil, fmt.Errorf("player %q: no GTP command", spec)
		}
		return Program{Args: args}, nil
	}
	l, err := ai.ParseLevel(spec)
	if err != nil {
		return nil, err
	}
	return Level{Player: ai.Player{Level: l, Nodes: nodes, MoveTime: moveTime}}, nil
}

// Level is one of our levels.
type Level struct{ ai.Player }

func (l Level) String() string { return l.Level.String() }

// Start returns a seat that plays with the game's random source.
func (l Level) Start(_ context.Context, _ game.Options, rng *rand.Rand) (Seat, error) {
	return levelSeat{l.Player, rng}, nil
}

type levelSeat struct {
	pl  ai.Player
	rng *rand.Rand
}

func (s levelSeat) Move(ctx context.Context, b game.Board) (game.Square, error) {
	return s.pl.Choose(ctx, b, s.rng)
}

func (levelSeat) Played(game.Color, game.Square) error { return nil }
func (levelSeat) Close() error                         { return nil }

// Program is a GTP engine run as a program, a fresh process per game.
type Program struct {
	Args []string // the command and its arguments
}

func (p Program) String() string { return "gtp:" + strings.Join(p.Args, " ") }

// Start runs the program and sets up the board.
func (p Program) Start(ctx context.Context, opts game.Options, _ *rand.Rand) (Seat, error) {
	cmd := exec.CommandContext(ctx, p.Args[0], p.Args[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", p, err)
	}
	c := NewClient(out, in, func() error {
		in.Close()
		return cmd.Wait()
	})
	if err := c.Setup(opts); err != nil {
		c.Close()
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return c, nil
}

// Client is a seat held by a GTP engine that it talks to over a pair of
// streams.
type Client struct {
	r     *bufio.Reader
	w     io.Writer
	close func() error
	size  int
}

// NewClient returns a client that reads the engine's answers from r and
// writes commands to w; close, if not nil, is called by Close after the
// quit command.
func NewClient(r io.Reader, w io.Writer, close func() error) *Client {
	return &Client{r: bufio.NewReader(r), w: w, close: close}
}

// Setup starts a new game on the engine. Only the cross start is known to
// GTP engines.
func (c *Client) Setup(opts game.Options) error {
	if opts.Start != game.Cross {
		return fmt.Errorf("a GTP engine plays from the cross start only, not %s", opts.Start)
	}
	c.size = opts.Size
	if _, err := c.Do(fmt.Sprintf("boardsize %d", opts.Size)); err != nil {
		return err
	}
	_, err := c.Do("clear_board")
	return err
}

// Do sends one command and returns the text of its answer, or an error
// for a "?" answer.
func (c *Client) Do(cmd string) (string, error) {
	if _, err := io.WriteString(c.w, cmd+"\n"); err != nil {
		return "", fmt.Errorf("%s: %w", cmd, err)
	}
	var lines []string
	for {
		line, err := c.r.ReadString('\n')
		line = strings.TrimRight(line, "\r\n")
		if err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return "", fmt.Errorf("%s: %w", cmd, err)
		}
		if line == "" {
			if len(lines) == 0 {
				continue // blank lines before an answer
			}
			break
		}
		lines = append(lines, line)
	}
	first := lines[0]
	status, text := first[0], strings.TrimSpace(strings.TrimLeft(first[1:], "0123456789"))
	text = strings.Join(append([]string{text}, lines[1:]...), "\n")
	switch status {
	case '=':
		return text, nil
	case '?':
		return "", fmt.Errorf("%s: engine says %q", cmd, text)
	}
	return "", fmt.Errorf("%s: answer %q is not GTP", cmd, first)
}

func colorName(c game.Color) string {
	if c == game.Black {
		return "black"
	}
	return "white"
}

// Move asks the engine for its move. The arena checks it by our rules.
func (c *Client) Move(_ context.Context, b game.Board) (game.Square, error) {
	text, err := c.Do("genmove " + colorName(b.Turn()))
	if err != nil {
		return game.Pass, err
	}
	m, err := game.ParseMove(c.size, strings.TrimSpace(text))
	if err != nil {
		return game.Pass, fmt.Errorf("genmove: answer %q: %w", text, err)
	}
	return m, nil
}

// Played tells the engine of a move; passes are left out, since engines
// differ on "play COLOR pass" and all accept the same colour twice.
func (c *Client) Played(col game.Color, m game.Square) error {
	if m == game.Pass {
		return nil
	}
	_, err := c.Do("play " + colorName(col) + " " + m.Name(c.size))
	return err
}

// Close sends quit and ends the engine.
func (c *Client) Close() error {
	_, err := c.Do("quit")
	if c.close != nil {
		err = errors.Join(err, c.close())
	}
	return err
}
