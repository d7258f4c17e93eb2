package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// A Record is a game with the details that a GGF record carries: where and
// when it was played, by whom, and the result. The text fields are kept as
// written.
//
// GGF (the Generic Game Format of the Othello servers, engines and game
// databases) writes a game as properties in square brackets between "(;"
// and ";)":
//
//	(;GM[Othello]PC[place]DT[date]PB[black]PW[white]RE[+6.00]TI[time]TY[8]
//	BO[8 ---------------------------O*------*O--------------------------- *]
//	B[f5]W[d6]B[c3];)
//
// BO holds the board size, its squares row by row from a1 (* black,
// O white, - empty) and the side to move; B and W the moves of each side,
// a square or PA for a pass, perhaps followed by /evaluation/time. RE is
// the final disc difference for Black, "?" while the game is unfinished.
// The free placement start is written as an empty board followed by the
// four placements, which only this program reads back.
type Record struct {
	Game  Game
	Place string // PC
	Date  string // DT
	Black string // PB, the black player's name
	White string // PW
	// Result is RE: the final disc difference for Black, such as "+6.00"
	// (see [GGFResult]), or "?" when unknown.
	Result string
	Time   string // TI, the time control
}

// GGFResult returns what RE says of a game whose last position is b: the
// final disc difference for Black with the empty squares given to the
// winner, as "+6.00", "-2.00" or "+0.00", or "?" if the game is not over.
func GGFResult(b Board) string {
	if !b.Over() {
		return "?"
	}
	r := b.Result()
	return fmt.Sprintf("%+d.00", r.BlackScore-r.WhiteScore)
}

// GGF returns the record in GGF, on one line, passes written as PA.
func (r *Record) GGF() (string, error) {
	ps, err := r.Game.Positions()
	if err != nil {
		return "", err
	}
	n := r.Game.Options.Size
	var sb strings.Builder
	sb.WriteString("(;GM[Othello]")
	for _, p := range []struct{ name, value string }{
		{"PC", r.Place}, {"DT", r.Date}, {"PB", r.Black}, {"PW", r.White},
		{"RE", r.Result}, {"TI", r.Time},
	} {
		sb.WriteString(p.name)
		sb.WriteByte('[')
		sb.WriteString(ggfEscape(p.value))
		sb.WriteByte(']')
	}
	fmt.Fprintf(&sb, "TY[%d]BO[%d ", n, n)
	start := ps[0]
	for sq := range Square(n * n) {
		sb.WriteByte(ggfDisc[start.At(sq)])
	}
	sb.WriteByte(' ')
	sb.WriteByte(ggfDisc[start.Turn()])
	sb.WriteByte(']')
	for i, m := range r.Game.Plies {
		side := "B["
		if ps[i].Turn() == White {
			side = "W["
		}
		sb.WriteString(side)
		if m == Pass {
			sb.WriteString("PA")
		} else {
			sb.WriteString(m.Name(n))
		}
		sb.WriteByte(']')
	}
	sb.WriteString(";)")
	return sb.String(), nil
}

var ggfDisc = [...]byte{Empty: '-', Black: '*', White: 'O'}

// ggfEscape puts a backslash before each ] and \ so that the value
// cannot end its property early (the convention of SGF, GGF's ancestor).
func ggfEscape(s string) string {
	if !strings.ContainsAny(s, `]\`) {
		return s
	}
	var sb strings.Builder
	for _, c := range []byte(s) {
		if c == ']' || c == '\\' {
			sb.WriteByte('\\')
		}
		sb.WriteByte(c)
	}
	return sb.String()
}

// maxGGF bounds what ParseGGF reads: a 10×10 game with every property
// long is far shorter.
const maxGGF = 64 << 10

// ParseGGF reads one game in GGF, as [Record.GGF] writes it and as the
// Othello servers and engines do: properties in any order, any case for
// squares, passes as PA or pass, evaluations and times after a move
// ignored, unknown properties (ratings, clocks, comments) skipped. The
// board setup may be any position on 6×6, 8×8 or 10×10 that is not a
// finished game: the cross, parallel and empty (free placement) boards
// with Black to move are those starts, any other is a [Setup] start. A
// pass left out before a move of
// the side that did not have the turn is put back when the rules force it.
// It fails with a [*RecordError] that names the first bad move and its
// number (1 for the first B or W property), or says why the record cannot
// be read.
func ParseGGF(s string) (*Record, error) {
	if len(s) > maxGGF {
		return nil, tooLong()
	}
	props, err := ggfProperties(s)
	if err != nil {
		return nil, err
	}
	r := &Record{}
	var (
		start  Board
		haveBO bool
		ty     string
		moves  []ggfProperty
	)
	for _, p := range props {
		switch p.name {
		case "GM":
			if !strings.EqualFold(strings.TrimSpace(p.value), "othello") {
				e := badRecord(NotOthello, fmt.Errorf("it is a game of %q, not Othello", p.value))
				e.Value = p.value
				return nil, e
			}
		case "PC":
			r.Place = p.value
		case "DT":
			r.Date = p.value
		case "PB":
			r.Black = p.value
		case "PW":
			r.White = p.value
		case "RE":
			r.Result = p.value
		case "TI":
			r.Time = p.value
		case "TY":
			ty = strings.TrimSpace(p.value)
		case "BO":
			if haveBO {
				return nil, badRecord(TwoSetups, errors.New("it has two board setups (BO)"))
			}
			if len(moves) > 0 {
				return nil, badRecord(SetupAfterMoves, errors.New("its board setup (BO) comes after the moves"))
			}
			if start, err = parseGGFBoard(p.value); err != nil {
				return nil, err
			}
			haveBO = true
		case "B", "W":
			moves = append(moves, p)
		}
	}
	if !haveBO {
		return nil, badRecord(NoSetup, errors.New("it has no board setup (BO)"))
	}
	n := start.Size()
	if err := checkGGFType(ty, n); err != nil {
		return nil, err
	}
	opts, err := OptionsFrom(start)
	if err != nil {
		return nil, badRecord(SetupOver, errors.New("its board setup is a finished game"))
	}
	r.Game = Game{Options: opts}
	b := start
	for i, p := range moves {
		num, text := i+1, p.name+"["+p.value+"]"
		move, _, _ := strings.Cut(p.value, "/")
		move = strings.TrimSpace(move)
		m := Pass
		if !strings.EqualFold(move, "pa") {
			if m, err = ParseMove(n, move); err != nil {
				return nil, notSquare(num, move, n, err)
			}
		}
		side := Black
		if p.name == "W" {
			side = White
		}
		if side != b.Turn() && b.MustPass() {
			b, _, _ = b.Play(Pass)
			r.Game.Plies = append(r.Game.Plies, Pass)
		}
		if side != b.Turn() && !b.Over() {
			return nil, &RecordError{Move: num, Text: text, Square: m, Reason: NotTurn, Side: b.Turn(),
				Err: fmt.Errorf("%w: %s to move", ErrIllegalMove, b.Turn())}
		}
		if b, err = playMove(b, m, num, text); err != nil {
			return nil, err
		}
		r.Game.Plies = append(r.Game.Plies, m)
	}
	return r, nil
}

// checkGGFType checks TY against the board size: GGS writes the size
// with letters for variants (r for a random start, which BO gives
// anyway; k for komi, which only scores the result). Anti and synchro games
// have other rules.
func checkGGFType(ty string, n int) error {
	if ty == "" {
		return nil
	}
	digits := strings.TrimFunc(ty, func(c rune) bool { return c < '0' || c > '9' })
	letters := strings.Map(func(c rune) rune {
		if c >= '0' && c <= '9' {
			return -1
		}
		return c
	}, strings.ToLower(ty))
	if strings.ContainsAny(letters, "as") {
		e := badRecord(VariantRules, fmt.Errorf("it is an anti or synchro game (TY[%s]), whose rules differ", ty))
		e.Value = ty
		return e
	}
	if size, err := strconv.Atoi(digits); err != nil || size != n {
		e := badRecord(TypeMismatch, fmt.Errorf("its game type TY[%s] does not match the %d×%d board", ty, n, n))
		e.Value, e.Size = ty, n
		return e
	}
	return nil
}

// parseGGFBoard reads BO's value: the size, n×n squares (spaces between
// them allowed) and the side to move.
func parseGGFBoard(v string) (Board, error) {
	f := strings.Fields(v)
	if len(f) < 2 {
		e := badRecord(SetupShort, fmt.Errorf("its board setup BO[%s] lacks the squares or the side to move", v))
		e.Value = v
		return Board{}, e
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || geometryOf(n) == nil {
		e := badRecord(BadSize, fmt.Errorf("its board size %q is not 6, 8 or 10", f[0]))
		e.Value = f[0]
		return Board{}, e
	}
	squares := strings.Join(f[1:len(f)-1], "")
	if len(squares) != n*n {
		e := badRecord(SquareCount, fmt.Errorf("its board setup has %d squares, not %d", len(squares), n*n))
		e.Count, e.Size = len(squares), n
		return Board{}, e
	}
	var black, white Bits
	for i := range len(squares) {
		switch squares[i] {
		case '*', 'X', 'x':
			black = black.Or(Bit(Square(i)))
		case 'O', 'o':
			white = white.Or(Bit(Square(i)))
		case '-', '.':
		default:
			e := badRecord(BadDisc, fmt.Errorf("its board setup holds %q, which is not *, O or -", squares[i]))
			e.Value = squares[i : i+1]
			return Board{}, e
		}
	}
	var turn Color
	switch f[len(f)-1] {
	case "*", "X", "x":
		turn = Black
	case "O", "o":
		turn = White
	default:
		e := badRecord(BadSide, fmt.Errorf("its side to move %q is not * or O", f[len(f)-1]))
		e.Value = f[len(f)-1]
		return Board{}, e
	}
	return NewBoard(n, black, white, turn)
}

type ggfProperty struct{ name, value string }

// ggfProperties splits one game, "(;" to ";)", into its properties, with
// backslash escapes undone. Text after the game is refused: one record
// holds one game.
func ggfProperties(s string) ([]ggfProperty, error) {
	s = strings.TrimSpace(s)
	rest, ok := strings.CutPrefix(s, "(;")
	if !ok {
		return nil, badRecord(NoGGFStart, errors.New("a GGF record starts with (;"))
	}
	var props []ggfProperty
	for {
		rest = strings.TrimLeft(rest, " \t\r\n")
		if tail, ok := strings.CutPrefix(rest, ";)"); ok {
			if strings.TrimSpace(tail) != "" {
				return nil, badRecord(TextAfterEnd, errors.New("there is more after the end of the game, ;)"))
			}
			return props, nil
		}
		i := 0
		for i < len(rest) && ('A' <= rest[i] && rest[i] <= 'Z' || 'a' <= rest[i] && rest[i] <= 'z') {
			i++
		}
		if i == 0 || i == len(rest) || rest[i] != '[' {
			if rest == "" {
				return nil, badRecord(NoGGFEnd, errors.New("the game does not end with ;)"))
			}
			e := badRecord(PropertyExpected, fmt.Errorf("a property name and [ were expected at %q", clip(rest)))
			e.Value = clip(rest)
			return nil, e
		}
		name := strings.ToUpper(rest[:i])
		var value strings.Builder
		j := i + 1
		for ; j < len(rest) && rest[j] != ']'; j++ {
			if rest[j] == '\\' && j+1 < len(rest) {
				j++
			}
			value.WriteByte(rest[j])
		}
		if j == len(rest) {
			e := badRecord(UnclosedProperty, fmt.Errorf("the property %s[ has no closing ]", name))
			e.Value = name
			return nil, e
		}
		props = append(props, ggfProperty{name, value.String()})
		rest = rest[j+1:]
	}
}

// tooLong is the error of a record longer than maxGGF.
func tooLong() *RecordError {
	e := badRecord(TooLong, fmt.Errorf("it is longer than %d KB", maxGGF>>10))
	e.Limit = maxGGF >> 10
	return e
}

// clip shortens s for a message.
func clip(s string) string {
	if len(s) > 12 {
		return s[:12] + "…"
	}
	return s
}

// ParseRecord reads a game from what a player pasted or uploaded: a GGF
// record if it starts with "(", else a transcript. A transcript does not
// say its board or start, so ParseRecord tries 8×8, 6×6 and 10×10, each
// with the cross, the parallel and the free placement start, and keeps the
// first under which every move is legal. If there is none, the error is
// the one of the reading that went furthest.
func ParseRecord(s string) (*Record, error) { return parseRecord(s, nil) }

// ParseRecordAs reads a GGF record, which says its own board and start, or
// a transcript of a game set up with o, as [ParseTranscript] reads one;
// a bad move's error is the one of o's start.
func ParseRecordAs(s string, o Options) (*Record, error) { return parseRecord(s, &o) }

func parseRecord(s string, o *Options) (*Record, error) {
	if strings.HasPrefix(strings.TrimSpace(s), "(") {
		return ParseGGF(s)
	}
	if strings.TrimSpace(s) == "" {
		return nil, badRecord(EmptyRecord, errors.New("it is empty"))
	}
	if len(s) > maxGGF {
		return nil, tooLong()
	}
	if o != nil {
		g, err := ParseTranscript(*o, s)
		if err != nil {
			return nil, err
		}
		b, err := g.Board()
		if err != nil {
			return nil, err
		}
		return &Record{Game: *g, Result: GGFResult(b)}, nil
	}
	var best *RecordError
	for _, size := range []int{8, 6, 10} {
		for _, start := range []Start{Cross, Parallel, Free} {
			g, err := ParseTranscript(Options{Size: size, Start: start}, s)
			if err == nil {
				b, err := g.Board()
				if err != nil {
					return nil, err
				}
				return &Record{Game: *g, Result: GGFResult(b)}, nil
			}
			re, ok := err.(*RecordError)
			if !ok {
				return nil, err
			}
			if best == nil || re.Move > best.Move {
				best = re
			}
		}
	}
	return nil, best
}
