package play

import (
	"errors"
	"fmt"

	"reversi/game"
)

// The tutorial: its steps' positions and questions, and how a trial
// placement answers a question. Its words (titles, prose, prompts) are in
// package views, by step number.

// LateGame is the product's seed example: a whole game from the 8×8
// cross start, found by scripts/seedgame (a search over random games that
// tries every ending from ten empty squares) and replayed by its test.
// White's c7 turns over d7 alone, against e7; Black has no move while
// White has b1; b1 turns over six discs along two lines; then neither side
// can move, with a8 still empty: White 48, Black 15.
const LateGame = "f5f4f3g4h3f6g5g6d3g3h2f2h5h4h7e6g7c5b6g8e3d2c2c3d7e7f7g2d6h8g1d8c8h6f8c6e8b2d1c4b3f1e2c1a2a6b4b8b5a3a4b7a7h1a1e1a5c7b1"

// LateBeforePass is LateGame up to White's c7, after which Black must
// pass: LateGame without its last move, b1 (a test checks it), written out
// so that it is a constant.
const LateBeforePass = "f5f4f3g4h3f6g5g6d3g3h2f2h5h4h7e6g7c5b6g8e3d2c2c3d7e7f7g2d6h8g1d8c8h6f8c6e8b2d1c4b3f1e2c1a2a6b4b8b5a3a4b7a7h1a1e1a5c7"

// AskKind is how a trial or a choice answers a step's question.
type AskKind int

// The kinds of question.
const (
	AskNothing AskKind = iota // the step asks nothing
	AskFlips                  // right when the trial turns over Target
	AskLegal                  // right when the trial is a legal move
	AskNone                   // no square is right: the side to move has no move
	AskChoice                 // right when the chosen answer is Right
)

// Question is what a step asks.
type Question struct {
	Kind    AskKind
	Target  string   // AskFlips: the disc to turn over
	Choices []string // AskChoice: the answers offered
	Right   string   // AskChoice: the right one
}

// Step is one step of the tutorial.
type Step struct {
	Moves string // from the 8×8 cross start, passes implied
	Pass  bool   // the side to move passes after Moves
	List  bool   // the page lists the moves, to show they were legal play
	Count bool   // the page shows the final count
	Question
}

// steps are the tutorial's steps, in order.
var steps = []Step{
	{Question: Question{Kind: AskFlips, Target: "d4"}},
	{Moves: "d3", Question: Question{Kind: AskFlips, Target: "e4"}},
	{Moves: "d3e3"},
	{Moves: "d3e3", Question: Question{Kind: AskChoice, Choices: []string{"1", "2", "3"}, Right: "2"}},
	{Moves: "d3e3f3", Question: Question{Kind: AskLegal}},
	{Moves: LateBeforePass, List: true, Question: Question{Kind: AskNone}},
	{Moves: LateBeforePass, List: true, Pass: true, Question: Question{Kind: AskLegal}},
	{Moves: LateGame, List: true, Count: true},
}

// Steps returns the tutorial's steps, in order; step n is Steps()[n-1].
func Steps() []Step { return steps }

// Position returns the step's position and its last placement with the
// discs it turned over (game.Pass when there was none).
func (st Step) Position() (game.Board, game.Square, game.Bits, error) {
	g, err := game.ParseTranscript(game.Options{Size: 8}, st.Moves)
	if err != nil {
		return game.Board{}, game.Pass, game.Bits{}, err
	}
	ps, err := g.Positions()
	if err != nil {
		return game.Board{}, game.Pass, game.Bits{}, err
	}
	b := ps[len(ps)-1]
	last, flips := game.Pass, game.Bits{}
	for i := len(g.Plies) - 1; i >= 0; i-- {
		if g.Plies[i] != game.Pass {
			last = g.Plies[i]
			_, flips, _ = ps[i].Play(last)
			break
		}
	}
	if st.Pass {
		if b, _, err = b.Play(game.Pass); err != nil {
			return game.Board{}, game.Pass, game.Bits{}, fmt.Errorf("tutorial pass: %w", err)
		}
	}
	return b, last, flips, nil
}

// MoveNames returns the step's moves, two characters each.
func (st Step) MoveNames() []string {
	var ms []string
	for i := 0; i+2 <= len(st.Moves); i += 2 {
		ms = append(ms, st.Moves[i:i+2])
	}
	return ms
}

// Verdict is how a trial placement answers a step's question.
type Verdict int

// The verdicts.
const (
	NoAnswer       Verdict = iota // the question says nothing of trials, or the square is taken
	FlipsTarget                   // AskFlips: it turns over the target
	FlipsOthers                   // AskFlips: legal, but the target stays
	FlipsNothing                  // AskFlips: not a move at all
	LegalMove                     // AskLegal: a legal move
	NotLegal                      // AskLegal: it traps nothing
	NoMoveAnywhere                // AskNone: right, nothing is legal
)

// Answer is a trial's answer to a step's question, for the words.
type Answer struct {
	Verdict Verdict
	Right   bool
	Mover   game.Color  // the side to move
	Square  game.Square // the trial
	Target  game.Square // AskFlips: the disc to turn over
	Flips   game.Bits   // what the trial turns over
}

// Check answers q with a trial placement at sq in b.
func (q Question) Check(b game.Board, sq game.Square) Answer {
	a := Answer{Mover: b.Turn(), Square: sq, Target: game.Pass}
	if b.At(sq) != game.Empty {
		return a
	}
	a.Flips = b.Flips(sq)
	legal := !a.Flips.IsZero()
	switch q.Kind {
	case AskFlips:
		a.Target, _ = game.ParseSquare(b.Size(), q.Target)
		switch {
		case a.Flips.Has(a.Target):
			a.Verdict, a.Right = FlipsTarget, true
		case legal:
			a.Verdict = FlipsOthers
		default:
			a.Verdict = FlipsNothing
		}
	case AskLegal:
		a.Verdict, a.Right = NotLegal, false
		if legal {
			a.Verdict, a.Right = LegalMove, true
		}
	case AskNone:
		a.Verdict, a.Right = NoMoveAnywhere, true
	}
	return a
}

// ErrNoStep means that the tutorial has no step of the number asked for.
var ErrNoStep = errors.New("no such tutorial step")

// StepFacts are what a tutorial step's page shows: the step (its number N
// of Steps), its position and the placement that led there with the discs
// it turned; once tried, the trial placement and its verdict, or the
// answer chosen among the step's choices and whether it is right.
type StepFacts struct {
	N, Steps int
	Step
	Board game.Board
	Last  game.Square // game.Pass at the start
	Flips game.Bits
	// Trial is the square tried, or game.Pass; Verdict is what it says
	// to the step's question.
	Trial   game.Square
	Verdict Answer
	// Chosen is the answer chosen among Choices, or ""; Right says
	// whether it is the right one.
	Chosen string
	Right  bool
}

// StepFor returns step n's facts before any trial (see Try).
func StepFor(n int) (StepFacts, error) {
	if n < 1 || n > len(steps) {
		return StepFacts{}, ErrNoStep
	}
	st := steps[n-1]
	b, last, flips, err := st.Position()
	if err != nil {
		return StepFacts{}, fmt.Errorf("tutorial step %d: %w", n, err)
	}
	if st.Moves == "" {
		last = game.Pass
	}
	return StepFacts{N: n, Steps: len(steps), Step: st, Board: b, Last: last, Flips: flips, Trial: game.Pass}, nil
}

// Try gives the facts after a trial placement at sq (game.Pass for none)
// and, if chose, the answer chosen, which counts only for a step whose
// question offers choices.
func (f StepFacts) Try(sq game.Square, answer string, chose bool) StepFacts {
	if sq != game.Pass {
		f.Trial, f.Verdict = sq, f.Check(f.Board, sq)
	}
	if chose && f.Kind == AskChoice {
		f.Chosen, f.Right = answer, answer == f.Question.Right
	}
	return f
}

// Answered reports whether the learner has answered the step's question,
// by a trial or a choice. A question that no trial answers (AskNothing)
// counts as answered: nothing waits for it.
func (f StepFacts) Answered() bool {
	return f.Kind == AskNothing || f.Trial != game.Pass || f.Chosen != ""
}

// HidesPass reports whether the position's line must keep unsaid that the
// side to move has to pass: the step asks whether anything can be played,
// and the learner's trials are to find out.
func (f StepFacts) HidesPass() bool { return f.Kind == AskNone && f.Trial == game.Pass }
