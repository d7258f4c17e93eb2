package play

import (
	"cmp"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"reversi/club"
	"reversi/game"
	"reversi/play/puzzle"
)

// The endgame puzzles: the set is play/puzzle's, made ahead of time with
// every move's exact value, so judging an answer is a lookup. Here are the
// rules around it: which puzzle comes next for a player, the daily one,
// and the progress an answer makes (solved, streak, grade reached), kept
// per player and versioned like the practice board.

// Refusals of the puzzles.
var (
	ErrNoPuzzle    = errors.New("no such puzzle")
	ErrPuzzleStale = fmt.Errorf("puzzle progress changed since it was read: %w", club.ErrStale)
)

// PuzzlesPerLevel is how many right first answers in a row take a player
// up a grade; MissesPerLevel how many wrong answers in a row take them
// down one.
const (
	PuzzlesPerLevel = 3
	MissesPerLevel  = 2
)

// Puzzles returns the whole set; puzzle n is Puzzles()[n-1].
func Puzzles() []*puzzle.Puzzle {
	set, err := puzzle.All()
	if err != nil {
		panic(err) // the embedded set is checked by its tests
	}
	return set
}

// Puzzle returns puzzle n, or ErrNoPuzzle.
func Puzzle(n int) (*puzzle.Puzzle, error) {
	set := Puzzles()
	if n < 1 || n > len(set) {
		return nil, ErrNoPuzzle
	}
	return set[n-1], nil
}

// PuzzleAnswer is the verdict on a move in a puzzle.
type PuzzleAnswer struct {
	Puzzle *puzzle.Puzzle
	Move   game.Square
	Value  int // the exact value of Move for the side to move
	Right  bool
	Best   puzzle.MoveValue
}

// CheckPuzzle judges move m in puzzle p: right for a move as good as the
// best (in the set, only the best is: it is strictly better; a review's
// puzzle may have several). A move that is not legal is an
// *IllegalMoveError.
func CheckPuzzle(p *puzzle.Puzzle, m game.Square) (PuzzleAnswer, error) {
	v, ok := p.Value(m)
	if !ok {
		return PuzzleAnswer{}, &IllegalMoveError{Board: p.Board, Move: m}
	}
	best := p.Best()
	return PuzzleAnswer{Puzzle: p, Move: m, Value: v, Right: v == best.Value, Best: best}, nil
}

// PuzzleProgress returns the player's puzzle progress, or a fresh one at
// version 0 (grade 1) for a player who has none, or no player yet.
func (a *App) PuzzleProgress(ctx context.Context, player string) (*club.PuzzleProgress, error) {
	if player != "" {
		p, err := a.store.PuzzleProgress(ctx, player)
		if err == nil {
			return p, nil
		}
		if !errors.Is(err, club.ErrNotFound) {
			return nil, err
		}
	}
	return &club.PuzzleProgress{PlayerID: player, Level: 1}, nil
}

// AnswerPuzzle judges move m in puzzle n for player, whose row the
// caller has recorded, and stores the progress it makes. A refused
// answer (no such puzzle, an illegal move) stores nothing; so does one
// whose write is raced twice, which returns ErrPuzzleStale (a club.ErrStale).
func (a *App) AnswerPuzzle(ctx context.Context, player string, n int, m game.Square) error {
	p, err := Puzzle(n)
	if err != nil {
		return err
	}
	ans, err := CheckPuzzle(p, m)
	if err != nil {
		return err
	}
	// A write raced by another tab's answer is tried once more on the
	// progress as that answer left it.
	for try := 0; ; try++ {
		pr, err := a.PuzzleProgress(ctx, player)
		if err != nil {
			return err
		}
		pr.PlayerID = player
		old := pr.Version
		if !Progress(pr, n, ans.Right) {
			return nil
		}
		err = a.store.SavePuzzleProgress(ctx, pr, old)
		if !errors.Is(err, club.ErrStale) {
			return err
		}
		if try > 0 {
			return ErrPuzzleStale
		}
	}
}

// Progress applies an answer to puzzle n to pr, and reports whether it
// changed anything. A right first answer counts: solved, streak, and every
// PuzzlesPerLevel in a row a grade up. A wrong answer ends the streak, and
// MissesPerLevel in a row take a grade down. A puzzle solved before counts
// no more, and a second wrong answer to the same puzzle no more than the
// first; a right answer after a wrong one, even puzzles later, marks the
// puzzle done without counting it: only a first answer counts, and the
// progress remembers every puzzle answered.
func Progress(pr *club.PuzzleProgress, n int, right bool) bool {
	x := parseAnswered(pr.Done)
	if x.solved.has(n) {
		return false
	}
	retry := x.tried.has(n) || pr.Current == n && pr.Tried
	switch {
	case right:
		x.solved.add(n)
		pr.Done = x.String()
		if !retry {
			pr.Solved++
			pr.Streak++
			pr.Best = max(pr.Best, pr.Streak)
			pr.Misses = 0
			if pr.Streak%PuzzlesPerLevel == 0 {
				pr.Level = min(puzzle.MaxGrade, pr.Level+1)
			}
		}
		pr.Current, pr.Tried = 0, false
	case retry:
		return false
	default:
		pr.Streak = 0
		pr.Misses++
		if pr.Misses >= MissesPerLevel {
			pr.Level, pr.Misses = max(1, pr.Level-1), 0
		}
		pr.Current, pr.Tried = n, true
		x.tried.add(n)
		pr.Done = x.String()
	}
	pr.Level = max(1, pr.Level)
	return true
}

// Solved reports whether puzzle n is among those pr has solved.
func Solved(pr *club.PuzzleProgress, n int) bool { return parseAnswered(pr.Done).solved.has(n) }

// MayShowVerdict reports whether player may see the verdicts of puzzle n:
// only once they have answered it (see Answered).
func (a *App) MayShowVerdict(ctx context.Context, player string, n int) (bool, error) {
	pr, err := a.PuzzleProgress(ctx, player)
	if err != nil {
		return false, err
	}
	return Answered(pr, n), nil
}

// Answered reports whether the player whose progress is pr has answered
// puzzle n, right or wrong: only then is its verdict shown, so that
// reading a verdict cannot come before a first answer that counts.
func Answered(pr *club.PuzzleProgress, n int) bool {
	x := parseAnswered(pr.Done)
	return x.solved.has(n) || x.tried.has(n) || pr.Current == n && pr.Tried
}

// NextPuzzle returns the number of the puzzle to offer player after
// puzzle after (0 for none): one not yet solved, at the grade they have
// reached or the nearest grade that has one left, never after itself.
// Within a grade the puzzles come in a fixed shuffled order, so that
// following "next" visits them all.
func (a *App) NextPuzzle(ctx context.Context, player string, after int) (int, error) {
	pr, err := a.PuzzleProgress(ctx, player)
	if err != nil {
		return 0, err
	}
	return NextFor(pr, after), nil
}

// NextFor is NextPuzzle's choice for progress pr.
func NextFor(pr *club.PuzzleProgress, after int) int {
	set := Puzzles()
	done := parseAnswered(pr.Done).solved
	level := max(1, min(puzzle.MaxGrade, pr.Level))
	// The grade reached, then one above, one below, two above, …
	for d := range 2 * puzzle.MaxGrade {
		g := level + (d+1)/2
		if d%2 == 0 {
			g = level - d/2
		}
		if g < 1 || g > puzzle.MaxGrade {
			continue
		}
		if n := nextInGrade(set, g, after, func(n int) bool { return !done.has(n) }); n != 0 {
			return n
		}
	}
	// Everything solved: go round again, at the grade reached.
	if n := nextInGrade(set, level, after, func(int) bool { return true }); n != 0 {
		return n
	}
	return nextInGrade(set, 0, after, func(int) bool { return true })
}

// shuffleKey orders the puzzles of a grade: a fixed scramble of their
// numbers, so that neighbours in the set (often from one game) do not
// follow each other.
func shuffleKey(n int) uint32 { return uint32(n) * 2654435761 }

// nextInGrade returns the puzzle of grade g (0: any) that ok accepts and
// that follows after in the grade's order, going round; 0 if none.
func nextInGrade(set []*puzzle.Puzzle, g, after int, ok func(int) bool) int {
	var cands []int
	for _, p := range set {
		if (g == 0 || p.Grade == g) && p.Number != after && ok(p.Number) {
			cands = append(cands, p.Number)
		}
	}
	if len(cands) == 0 {
		return 0
	}
	slices.SortFunc(cands, func(x, y int) int { return cmp.Compare(shuffleKey(x), shuffleKey(y)) })
	if after > 0 {
		k := shuffleKey(after)
		for _, n := range cands {
			if shuffleKey(n) > k {
				return n
			}
		}
	}
	return cands[0]
}

// DailyPuzzle returns the number of the day's puzzle: the same for
// everyone on a given day (UTC), chosen among grades 2 to 4.
func (a *App) DailyPuzzle() int { return DailyFor(a.now()) }

// DailyFor is the daily puzzle of the day that holds t.
func DailyFor(t time.Time) int {
	var cands []int
	for _, p := range Puzzles() {
		if p.Grade >= 2 && p.Grade <= 4 {
			cands = append(cands, p.Number)
		}
	}
	if len(cands) == 0 {
		return 1
	}
	day := uint64(t.UTC().Unix() / 86400)
	h := day * 0x9E3779B97F4A7C15
	h ^= h >> 29
	return cands[h%uint64(len(cands))]
}

// answered is what the progress's Done column keeps: the puzzles solved,
// and those answered wrong first (whose later right answer counts for
// nothing), as two bitmaps written "solved.tried"; a value from before the
// second set is the first alone.
type answered struct{ solved, tried doneSet }

func parseAnswered(s string) answered {
	solved, tried, _ := strings.Cut(s, ".")
	return answered{parseDone(solved), parseDone(tried)}
}

func (x answered) String() string {
	if len(x.tried) == 0 {
		return x.solved.String()
	}
	return x.solved.String() + "." + x.tried.String()
}

// doneSet is a set of puzzles, stored as a bitmap in base64.
type doneSet []byte

func parseDone(s string) doneSet {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil // a damaged set starts again
	}
	return b
}

func (d doneSet) has(n int) bool { return n >= 0 && n/8 < len(d) && d[n/8]>>(n%8)&1 != 0 }

func (d *doneSet) add(n int) {
	for len(*d) <= n/8 {
		*d = append(*d, 0)
	}
	(*d)[n/8] |= 1 << (n % 8)
}

func (d doneSet) String() string { return base64.RawURLEncoding.EncodeToString(d) }

// ErrPuzzleSquare is an answer that names no square.
var ErrPuzzleSquare = errors.New("a puzzle's answer names no square")

// PuzzleAnswerFor reads a puzzle's number and, unless move is empty, an
// answer to it, as a request gives them. It returns ErrNoPuzzle (and no
// puzzle) for a number that names none, and the puzzle with
// ErrPuzzleSquare or an *IllegalMoveError for an answer that is no square
// or no legal move.
func PuzzleAnswerFor(number, move string) (*puzzle.Puzzle, *PuzzleAnswer, error) {
	n, err := strconv.Atoi(number)
	if err != nil || len(number) > 6 {
		return nil, nil, ErrNoPuzzle
	}
	p, err := Puzzle(n)
	if err != nil || move == "" {
		return p, nil, err
	}
	ans, err := PuzzleMove(p, move)
	return p, ans, err
}

// PuzzleMove reads an answer to p as a request gives it, and judges it:
// ErrPuzzleSquare for no square, an *IllegalMoveError for no legal move.
func PuzzleMove(p *puzzle.Puzzle, move string) (*PuzzleAnswer, error) {
	sq, err := game.ParseSquare(puzzle.Size, strings.TrimSpace(move))
	if err != nil || len(move) > 4 {
		return nil, ErrPuzzleSquare
	}
	ans, err := CheckPuzzle(p, sq)
	if err != nil {
		return nil, err
	}
	return &ans, nil
}
