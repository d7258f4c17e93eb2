package puzzle

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"time"

	"reversi/ai"
	"reversi/game"
)

// ErrNotAPuzzle is returned by Make for a position without one move
// strictly best by at least two discs, or with fewer than two moves.
var ErrNotAPuzzle = errors.New("not a puzzle")

// MinEmpties and MaxEmpties bound a puzzle's empty squares.
const (
	MinEmpties = 6
	MaxEmpties = 24
)

// Values solves every legal move of b exactly and returns them best
// first (ties in square order).
func Values(ctx context.Context, b game.Board) ([]MoveValue, error) {
	var out []MoveValue
	for sq := range b.Moves().All() {
		child, _, err := b.Play(sq)
		if err != nil {
			return nil, err
		}
		sol, err := ai.Solve(ctx, child, nil)
		if err != nil {
			return nil, err
		}
		v := sol.Score
		if child.Turn() != b.Turn() {
			v = -v
		}
		out = append(out, MoveValue{sq, v})
	}
	slices.SortStableFunc(out, func(a, c MoveValue) int { return c.Value - a.Value })
	return out, nil
}

// Solve solves every legal move of b (which has one at least) and the
// perfect line after the best: a puzzle of any position, ungraded, whose
// best move need not be the only one.
func Solve(ctx context.Context, b game.Board) (*Puzzle, error) {
	if b.Moves().Count() == 0 {
		return nil, ErrNotAPuzzle
	}
	moves, err := Values(ctx, b)
	if err != nil {
		return nil, err
	}
	p := &Puzzle{Board: b, Moves: moves}
	// The line: the best move, then the solver's move in each position.
	cur, _, _ := b.Play(moves[0].Move)
	p.Line = []game.Square{moves[0].Move}
	for !cur.Over() {
		m := game.Pass
		if !cur.MustPass() {
			sol, err := ai.Solve(ctx, cur, nil)
			if err != nil {
				return nil, err
			}
			m = sol.Move
		}
		p.Line = append(p.Line, m)
		cur, _, _ = cur.Play(m)
	}
	if p.FinalValue() != moves[0].Value {
		return nil, errors.New("the solver's line does not reach the solver's value")
	}
	return p, nil
}

// Make turns a position into a puzzle: it solves every move, checks that
// one is best by at least two discs, follows the perfect line to the end,
// asks Normal and Hard tries times each (seeded by seed) and grades and
// tags the result. It returns ErrNotAPuzzle when the position is none.
func Make(ctx context.Context, b game.Board, tries int, seed uint64) (*Puzzle, error) {
	if b.Size() != Size || b.Placing() {
		return nil, ErrNotAPuzzle
	}
	if e := b.Count(game.Empty); e < MinEmpties || e > MaxEmpties || b.Moves().Count() < 2 {
		return nil, ErrNotAPuzzle
	}
	p, err := Solve(ctx, b)
	if err != nil {
		return nil, err
	}
	if p.Moves[0].Value-p.Moves[1].Value < 2 {
		return nil, ErrNotAPuzzle
	}
	p.Tries = tries
	moves := p.Moves
	// How often the middle levels miss it. Hard's time cap is lifted so
	// that its choice depends on its node budget alone: reproducible.
	best := moves[0].Move
	for i := range tries {
		for _, lv := range []ai.Level{ai.Normal, ai.Hard} {
			rng := rand.New(rand.NewPCG(seed, uint64(i)))
			m, err := ai.Player{Level: lv, MoveTime: time.Hour}.Choose(ctx, b, rng)
			if err != nil {
				return nil, err
			}
			if m != best && lv == ai.Normal {
				p.NormalWrong++
			} else if m != best {
				p.HardWrong++
			}
		}
	}
	p.Themes = themes(p)
	p.Grade = grade(p)
	return p, nil
}

// grade scores a puzzle 1 to MaxGrade from its empties, its number of
// moves and how often Normal and Hard miss it.
func grade(p *Puzzle) int {
	pts := 0
	switch e := p.Empties(); {
	case e >= 22:
		pts += 4
	case e >= 18:
		pts += 3
	case e >= 14:
		pts += 2
	case e >= 10:
		pts++
	}
	switch n := len(p.Moves); {
	case n >= 7:
		pts += 2
	case n >= 4:
		pts++
	}
	if p.Tries > 0 {
		miss := float64(p.NormalWrong+p.HardWrong) / float64(2*p.Tries)
		switch {
		case miss > 0.5:
			pts += 3
		case miss > 0.25:
			pts += 2
		case miss > 0:
			pts++
		}
	}
	return min(MaxGrade, 1+pts/2)
}

var corners = game.Bit(game.SquareAt(Size, 0, 0)).Or(game.Bit(game.SquareAt(Size, 7, 0))).
	Or(game.Bit(game.SquareAt(Size, 0, 7))).Or(game.Bit(game.SquareAt(Size, 7, 7)))

// themes tags a solved puzzle.
func themes(p *Puzzle) Theme {
	var t Theme
	b := p.Board
	best := p.Moves[0].Move
	child, _, _ := b.Play(best)
	if corners.Has(best) {
		t |= Corner
	}
	if child.MustPass() {
		t |= PassDecides
	}
	if !child.Moves().And(corners).AndNot(b.OpponentMoves()).IsZero() {
		t |= Sacrifice
	}
	end := b
	for _, m := range p.Line {
		end, _, _ = end.Play(m)
	}
	if end.Count(b.Turn().Opponent()) == 0 {
		t |= WipeOut
	}
	region := regions(b)
	if region[best]%2 == 1 {
		for _, mv := range p.Moves[1:] {
			if region[mv.Move]%2 == 0 {
				t |= Parity
				break
			}
		}
	}
	return t
}

// regions returns, for every empty square, the size of the region of
// empty squares (joined by sides and corners) that holds it.
func regions(b game.Board) [Size * Size]int {
	var size [Size * Size]int
	var seen [Size * Size]bool
	for start := range game.Square(Size * Size) {
		if b.At(start) != game.Empty || seen[start] {
			continue
		}
		stack := []game.Square{start}
		seen[start] = true
		var members []game.Square
		for len(stack) > 0 {
			sq := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			members = append(members, sq)
			c, r := sq.Col(Size), sq.Row(Size)
			for dc := -1; dc <= 1; dc++ {
				for dr := -1; dr <= 1; dr++ {
					nc, nr := c+dc, r+dr
					if nc < 0 || nr < 0 || nc >= Size || nr >= Size {
						continue
					}
					n := game.SquareAt(Size, nc, nr)
					if b.At(n) == game.Empty && !seen[n] {
						seen[n] = true
						stack = append(stack, n)
					}
				}
			}
		}
		for _, sq := range members {
			size[sq] = len(members)
		}
	}
	return size
}
