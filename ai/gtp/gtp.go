// Package gtp is the computer player behind the Go Text Protocol, as
// Othello engines speak it: a controller (a GUI such as Quarry, or a match
// referee) writes commands, one a line, and the engine answers each with
// "= result" or "? error" and a blank line. It knows nothing of HTTP.
//
// Vertices are square names, a1 (top left) to h8 on 8×8, in any case;
// colours are "black", "b", "white" or "w"; a forced pass is "pass". A
// controller may also skip a forced pass and play the same colour twice in
// a row.
package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"reversi/ai"
	"reversi/game"
)

// Version is what the version command answers.
const Version = "1.0"

// Engine plays games over GTP. Its fields are set before [Engine.Run].
type Engine struct {
	Player ai.Player // the computer's level and budget
	Size   int       // the board size until a boardsize command: 6, 8 or 10
	Seed   uint64    // seeds the levels' random choices

	board game.Board
	rng   *rand.Rand
}

// commands lists the known commands in the order list_commands gives them.
var commands = []string{
	"protocol_version", "name", "version", "known_command", "list_commands",
	"boardsize", "clear_board", "komi", "play", "genmove", "showboard",
	"final_score", "quit",
}

// errQuit ends the session after the quit command's answer.
var errQuit = errors.New("quit")

// Run reads commands from r and writes answers to w until quit, the end of
// r, or the end of ctx. It returns an error only if reading, writing or
// setting up fails; bad commands get "?" answers.
func (e *Engine) Run(ctx context.Context, r io.Reader, w io.Writer) error {
	if err := e.init(); err != nil {
		return err
	}
	br := bufio.NewReader(r)
	bw := bufio.NewWriter(w)
	for {
		line, tooLong, err := readLine(br, MaxLine)
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		if tooLong {
			writeAnswer(bw, "", "", errLineTooLong)
			if err := bw.Flush(); err != nil {
				return err
			}
			continue
		}
		cmd, ok := Parse(line)
		if !ok {
			continue
		}
		result, err := e.Exec(ctx, cmd)
		quit := errors.Is(err, errQuit)
		if quit {
			err = nil
		}
		writeAnswer(bw, cmd.ID, result, err)
		if err := bw.Flush(); err != nil {
			return err
		}
		if quit || ctx.Err() != nil {
			return nil
		}
	}
}

// MaxLine is the longest command line read; a longer one is answered
// with an error and skipped.
const MaxLine = 1 << 20

var errLineTooLong = errors.New("line too long")

// readLine reads one line of at most limit bytes, without its line end
// ("\n" or "\r\n"). Past the limit it reads on to the line's end and
// reports tooLong. The last line may lack its "\n"; io.EOF comes after it.
func readLine(br *bufio.Reader, limit int) (line string, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > limit+2 { // the line end does not count
			tooLong, buf = true, buf[:0]
		} else if !tooLong {
			buf = append(buf, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if errors.Is(err, io.EOF) && (len(buf) > 0 || tooLong) {
			err = nil // the last line, without its end
		}
		if err != nil {
			return "", false, err
		}
		s := strings.TrimSuffix(strings.TrimSuffix(string(buf), "\n"), "\r")
		if len(s) > limit {
			tooLong, s = true, ""
		}
		return s, tooLong, nil
	}
}

func writeAnswer(w *bufio.Writer, id, result string, err error) {
	if err != nil {
		w.WriteString("?" + id + " " + err.Error() + "\n\n")
		return
	}
	w.WriteString("=" + id)
	if result != "" {
		w.WriteString(" " + result)
	}
	w.WriteString("\n\n")
}

// Command is one parsed command line.
type Command struct {
	ID   string // the optional numeric id, as written; "" when absent
	Name string
	Args []string
}

// Parse reads one line of a GTP session. It drops control characters (a
// tab counts as a space) and everything from a #, and reports false for a
// line left empty. An id is a leading number; a line with only an id has an
// empty Name.
func Parse(line string) (Command, bool) {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	buf := make([]byte, 0, len(line))
	for i := range len(line) {
		switch c := line[i]; {
		case c == '\t':
			buf = append(buf, ' ')
		case c < 32 || c == 127:
		default:
			buf = append(buf, c)
		}
	}
	fields := strings.Fields(string(buf))
	if len(fields) == 0 {
		return Command{}, false
	}
	var cmd Command
	if isID(fields[0]) {
		cmd.ID, fields = fields[0], fields[1:]
	}
	if len(fields) > 0 {
		cmd.Name, cmd.Args = fields[0], fields[1:]
	}
	return cmd, true
}

func isID(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return len(s) > 0 && len(s) <= 9
}

// Exec runs one command and returns its answer's text, or the error to
// answer with "?".
func (e *Engine) Exec(ctx context.Context, cmd Command) (string, error) {
	if e.rng == nil {
		if err := e.init(); err != nil {
			return "", err
		}
	}
	args := cmd.Args
	want := func(n int) error {
		if len(args) != n {
			return fmt.Errorf("syntax error: %s takes %d arguments", cmd.Name, n)
		}
		return nil
	}
	switch cmd.Name {
	case "protocol_version":
		return "2", nil
	case "name":
		return "reversi " + e.Player.Level.String(), nil
	case "version":
		return Version, nil
	case "known_command":
		if err := want(1); err != nil {
			return "", err
		}
		for _, c := range commands {
			if c == args[0] {
				return "true", nil
			}
		}
		return "false", nil
	case "list_commands":
		return strings.Join(commands, "\n"), nil
	case "quit":
		return "", errQuit
	case "boardsize":
		if err := want(1); err != nil {
			return "", err
		}
		n, err := strconv.Atoi(args[0])
		if err != nil {
			return "", errors.New("syntax error: boardsize takes a number")
		}
		if err := e.clear(n); err != nil {
			return "", errors.New("unacceptable size")
		}
		return "", nil
	case "clear_board":
		return "", e.clear(e.board.Size())
	case "komi":
		// Othello has no komi; controllers send it anyway.
		if err := want(1); err != nil {
			return "", err
		}
		if _, err := strconv.ParseFloat(args[0], 64); err != nil {
			return "", errors.New("syntax error: komi takes a number")
		}
		return "", nil
	case "play":
		if err := want(2); err != nil {
			return "", err
		}
		c, err := parseColor(args[0])
		if err != nil {
			return "", err
		}
		m, err := game.ParseMove(e.board.Size(), args[1])
		if err != nil {
			return "", errors.New("syntax error: invalid vertex")
		}
		return "", e.play(c, m)
	case "genmove":
		if err := want(1); err != nil {
			return "", err
		}
		c, err := parseColor(args[0])
		if err != nil {
			return "", err
		}
		return e.genmove(ctx, c)
	case "showboard":
		return e.showboard(), nil
	case "final_score":
		if !e.board.Over() {
			return "", errors.New("cannot score: the game is not over")
		}
		r := e.board.Result()
		switch {
		case r.BlackScore > r.WhiteScore:
			return "B+" + strconv.Itoa(r.BlackScore-r.WhiteScore), nil
		case r.WhiteScore > r.BlackScore:
			return "W+" + strconv.Itoa(r.WhiteScore-r.BlackScore), nil
		}
		return "0", nil
	case "":
		return "", errors.New("syntax error: no command")
	}
	return "", errors.New("unknown command")
}

// init sets up the first game and the random source.
func (e *Engine) init() error {
	if e.Size == 0 {
		e.Size = 8
	}
	if err := e.clear(e.Size); err != nil {
		return err
	}
	e.rng = rand.New(rand.NewPCG(e.Seed, 0x67747020))
	return nil
}

// clear starts a new game on an n×n board.
func (e *Engine) clear(n int) error {
	b, err := game.NewStart(game.Options{Size: n})
	if err != nil {
		return err
	}
	e.board = b
	return nil
}

func parseColor(s string) (game.Color, error) {
	switch strings.ToLower(s) {
	case "b", "black":
		return game.Black, nil
	case "w", "white":
		return game.White, nil
	}
	return game.Empty, errors.New("syntax error: invalid color")
}

// turnTo passes for the side to move if it is not c and must pass: a
// controller may leave out the pass and name the same colour twice.
func (e *Engine) turnTo(c game.Color) error {
	if e.board.Turn() == c {
		return nil
	}
	if !e.board.MustPass() {
		return fmt.Errorf("illegal move: %s is to move", e.board.Turn())
	}
	e.board, _, _ = e.board.Play(game.Pass)
	return nil
}

// play plays m, a square or a pass, for c.
func (e *Engine) play(c game.Color, m game.Square) error {
	if e.board.Over() {
		return errors.New("illegal move: the game is over")
	}
	if m == game.Pass && e.board.Turn() != c {
		return fmt.Errorf("illegal move: %s is to move", e.board.Turn())
	}
	if err := e.turnTo(c); err != nil {
		return err
	}
	next, _, err := e.board.Play(m)
	if err != nil {
		return errors.New("illegal move")
	}
	e.board = next
	return nil
}

// genmove chooses and plays c's move, and returns its vertex or "pass".
func (e *Engine) genmove(ctx context.Context, c game.Color) (string, error) {
	if e.board.Over() {
		return "pass", nil
	}
	if err := e.turnTo(c); err != nil {
		return "", err
	}
	m, err := e.Player.Choose(ctx, e.board, e.rng)
	if err != nil {
		return "", fmt.Errorf("cannot choose a move: %v", err)
	}
	next, _, err := e.board.Play(m)
	if err != nil {
		return "", fmt.Errorf("cannot play %s: %v", m.Name(e.board.Size()), err)
	}
	e.board = next
	return m.Name(e.board.Size()), nil
}

// showboard draws the board with column letters and row numbers, X for
// black and O for white, and says who is to move.
func (e *Engine) showboard() string {
	b := e.board
	n := b.Size()
	var sb strings.Builder
	sb.WriteString("\n   ")
	for c := range n {
		sb.WriteString(" " + string(rune('a'+c)))
	}
	sb.WriteByte('\n')
	for r := range n {
		fmt.Fprintf(&sb, "%2d ", r+1)
		for c := range n {
			ch := "."
			switch b.At(game.SquareAt(n, c, r)) {
			case game.Black:
				ch = "X"
			case game.White:
				ch = "O"
			}
			sb.WriteString(" " + ch)
		}
		sb.WriteByte('\n')
	}
	res := b.Result()
	fmt.Fprintf(&sb, "black (X) %d, white (O) %d; ", res.Black, res.White)
	switch {
	case b.Over():
		sb.WriteString("game over")
	default:
		sb.WriteString(b.Turn().String() + " to move")
	}
	return sb.String()
}
