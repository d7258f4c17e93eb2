package play

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"reversi/ai"
	"reversi/game"
)

// The analysis page values every legal move of any position: one set up
// by hand, or one of a game, stepped to by its moves. Its searches take a
// slot of their own (App.analysisSlots), fair among networks as the
// computer's are, so that a computer move never waits behind an analysis
// and no network fills the line; each has a time budget, beyond the moves
// always solved exactly; and the exact solutions go to the cache that the
// review and the hints share (App.solved).

// Refusals of an analysis.
var (
	// ErrBadPosition: the position, side or moves of an analysis do not
	// read, or the moves are not legal from the position.
	ErrBadPosition = errors.New("not a position to analyse")
	// ErrAnalysisBusy: no analysis slot came free in time.
	ErrAnalysisBusy = errors.New("the analyses are all busy")
)

// Bounds of an analysis.
const (
	// AnalysisWait is how long an analysis waits for its slot.
	AnalysisWait = 10 * time.Second
	// AnalysisBudget is its time for the searches that may be cut short
	// (ai.AnalysisOptions.Budget).
	AnalysisBudget = 2 * time.Second
	// analysisCap bounds the solves that are never cut short, at 20
	// empties or fewer on 8×8, which take seconds at worst: a safety stop.
	analysisCap = 60 * time.Second
	// maxAnalysisMoves is the most moves an analysis's address may carry
	// from its position.
	maxAnalysisMoves = 120
	// solvedPositions is the shared cache's size: some 15 MB.
	solvedPositions = 100_000
)

// AnalysisQuery is what an analysis is asked for: a position, the moves
// played from it, and a move to play next (from the board's form), if any.
type AnalysisQuery struct {
	Start game.Board
	// Moves are the plies played from Start, passes included.
	Moves []game.Square
	// Board is the position they lead to, the one analysed.
	Board game.Board
	// Moved is set when the query played one more move than its moves
	// (the board's form): its page is at its own address, without it.
	Moved bool
}

// ParseAnalysisQuery reads an analysis's address: position, 36, 64 or 100
// squares of X, O and - from a1 (as `reversi solve` reads them), side, X or
// O to move (the squares may be split by white space, in rows, say),
// moves, a transcript of the moves played from there (passes
// left out), and move, one more to play. An empty position is the
// standard start of 8×8. Every failure is ErrBadPosition, with its cause.
func ParseAnalysisQuery(position, side, moves, move string) (AnalysisQuery, error) {
	var q AnalysisQuery
	var err error
	if q.Start, err = readPosition(position, side); err != nil {
		return q, fmt.Errorf("%w: %w", ErrBadPosition, err)
	}
	if len(moves) > 4*maxAnalysisMoves {
		return q, fmt.Errorf("%w: too many moves", ErrBadPosition)
	}
	q.Board = q.Start
	text := moves
	if move != "" {
		text += " " + move
		q.Moved = true
	}
	if strings.TrimSpace(text) != "" {
		o, err := game.OptionsFrom(q.Start)
		if err != nil {
			return q, fmt.Errorf("%w: %w", ErrBadPosition, err)
		}
		g, err := game.ParseTranscript(o, text)
		if err != nil {
			return q, fmt.Errorf("%w: %w", ErrBadPosition, err)
		}
		if len(g.Plies) > maxAnalysisMoves {
			return q, fmt.Errorf("%w: too many moves", ErrBadPosition)
		}
		if q.Board, err = g.Board(); err != nil {
			return q, fmt.Errorf("%w: %w", ErrBadPosition, err)
		}
		q.Moves = g.Plies
	}
	if err := Analysable(q.Board); err != nil {
		return q, err
	}
	// A side with no move passes: the position shown is the one where
	// someone moves, unless the game is over.
	if q.Board.MustPass() {
		q.Board, _, _ = q.Board.Play(game.Pass)
		q.Moves = append(q.Moves, game.Pass)
	}
	return q, nil
}

// readPosition reads a position's squares and side to move; none is the
// standard start of 8×8. The squares may come in rows (the set-up form's
// text box).
func readPosition(position, side string) (game.Board, error) {
	if position == "" && side == "" {
		return game.NewStart(game.Options{Size: 8})
	}
	return game.ParseLine(strings.Join(strings.Fields(position), "") + " " + strings.TrimSpace(side))
}

// MoveValue is one legal move's value in an analysis.
type MoveValue = ai.MoveValue

// AnalysisExactEmpties is the number of empty squares from which every
// move of a size×size position is solved exactly.
func AnalysisExactEmpties(size int) int { return ai.AnalysisExactEmpties(size) }

// AnalysisFacts are the analysis page's facts.
type AnalysisFacts struct {
	Query    AnalysisQuery
	Analysis *ai.Analysis
	// Opening names the opening that Start and Moves follow, if any.
	Opening Opening
}

// Analyse values every legal move of q's position, within a slot of the
// analyses' own (waiting up to AnalysisWait: ErrAnalysisBusy) and the
// analysis's budget.
func (a *App) Analyse(ctx context.Context, q AnalysisQuery) (*AnalysisFacts, error) {
	f := &AnalysisFacts{Query: q, Opening: OpeningOf(q.Start, q.Moves)}
	if q.Board.Moves().IsZero() {
		f.Analysis = &ai.Analysis{}
		return f, nil
	}
	if an, ok := a.analysed.get(q.Board); ok {
		f.Analysis = an
		return f, nil
	}
	wctx, cancel := context.WithTimeout(ctx, AnalysisWait)
	release, ok := a.analysisSlots.acquire(wctx, networkOf(ctx), nil)
	cancel()
	if !ok {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return nil, ErrAnalysisBusy
	}
	defer release()
	sctx, cancel := context.WithTimeout(ctx, analysisCap)
	defer cancel()
	start := time.Now()
	an, err := ai.Analyse(sctx, q.Board, ai.AnalysisOptions{Budget: AnalysisBudget, Cache: a.solved})
	a.observer.Thought("analysis", time.Since(start))
	if err != nil && ctx.Err() == nil && sctx.Err() != nil {
		return nil, fmt.Errorf("%w: past the safety stop: %w", ErrAnalysisBusy, err)
	}
	if err != nil {
		return nil, err
	}
	f.Analysis = an
	a.analysed.put(q.Board, an)
	return f, nil
}

// analysedPositions is how many analyses App.analysed keeps: a position's
// estimates cost the whole budget, and a reader steps back and forth, or
// switches language, over the same few.
const analysedPositions = 1024

// analysisCache keeps the latest analyses by position, the least recently
// used forgotten first; the zero value is ready to use.
type analysisCache struct {
	mu    sync.Mutex
	order list.List // of *analysisEntry, most recent first
	items map[game.Board]*list.Element
}

type analysisEntry struct {
	b  game.Board
	an *ai.Analysis
}

func (c *analysisCache) get(b game.Board) (*ai.Analysis, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[b]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*analysisEntry).an, true
}

func (c *analysisCache) put(b game.Board, an *ai.Analysis) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.items == nil {
		c.items = map[game.Board]*list.Element{}
	}
	if e, ok := c.items[b]; ok {
		e.Value.(*analysisEntry).an = an
		c.order.MoveToFront(e)
		return
	}
	c.items[b] = c.order.PushFront(&analysisEntry{b: b, an: an})
	for c.order.Len() > analysedPositions {
		old := c.order.Back()
		c.order.Remove(old)
		delete(c.items, old.Value.(*analysisEntry).b)
	}
}

// SolvedCache returns the number of solved positions the app holds, and
// the lookups that found theirs.
func (a *App) SolvedCache() (n int, hits uint64) { return a.solved.Len() }

// Opening is a named opening that a game follows.
type Opening = game.Opening

// OpeningOf returns the named opening that moves, played from start,
// begin with: only a game of 8×8 from the cross start has one.
func OpeningOf(start game.Board, moves []game.Square) Opening {
	if cross, err := game.NewStart(game.Options{Size: 8}); err != nil || start != cross {
		return Opening{}
	}
	o, _ := game.OpeningOf(moves)
	return o
}

// AnalysisAt is a position of a game to analyse: the game's start and the
// moves played from it.
type AnalysisAt struct {
	Start game.Board
	Moves []game.Square
}

// MayAnalyse reports whether m's positions may be opened on the analysis
// page from its own pages: once it is over, never while it goes on.
func MayAnalyse(m *Match) bool { return !m.Playing() }

// lastDecision returns the last position of m's game where someone placed
// a disc past the placement phase, for the finished game's link to the
// analysis, or nil when there is none or the game goes on.
func lastDecision(m *Match) *AnalysisAt {
	plies := m.Game.Record.Plies
	if !MayAnalyse(m) || len(m.Positions) != len(plies)+1 {
		return nil
	}
	for i := len(plies) - 1; i >= 0; i-- {
		if plies[i] != game.Pass && !m.Positions[i].Placing() {
			return &AnalysisAt{Start: m.Positions[0], Moves: plies[:i:i]}
		}
	}
	return nil
}
