package play

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"reversi/club"
	"reversi/game"
)

// The practice board: a player's own board, apart from the games, where
// they play both sides for a few placements from a fixed opening, take
// placements back and start again. It is kept per player and versioned
// like a game: a form sent at an old version changes nothing.

// PracticeOpening is where the practice board starts: four plies into a
// game from the 8×8 cross start that opens with f5, not the tutorial's d3.
// Black is to move with nine legal moves spread around the centre and no
// edge or corner in reach, and White leads 5 to 3, which shows again that
// the count in the middle of a game decides nothing.
const PracticeOpening = "f5f6e6f4"

// PracticeLimit is the number of placements the exercise lasts.
const PracticeLimit = 4

// Refusals of the practice board.
var (
	ErrPracticeStale   = fmt.Errorf("practice board changed since the form: %w", club.ErrStale)
	ErrPracticeOver    = errors.New("the exercise is over")
	ErrPracticeNoUndo  = errors.New("nothing to take back on the practice board")
	ErrPracticeAtStart = errors.New("the practice board is at its start already")
)

// Practice is a practice board replayed.
type Practice struct {
	*club.Practice
	Opening []game.Square
	Plies   []game.Square
	Board   game.Board
	Placed  int         // placements made since the opening
	Last    game.Square // the last placement, or game.Pass
	Flips   game.Bits   // what it turned over
	Mover   game.Color  // who made it
}

func newPractice(p *club.Practice) (*Practice, error) {
	g, err := game.ParseTranscript(game.Options{Size: 8}, p.Opening)
	if err != nil {
		return nil, fmt.Errorf("practice opening: %w", err)
	}
	b, err := g.Board()
	if err != nil {
		return nil, fmt.Errorf("practice opening: %w", err)
	}
	st := &Practice{Practice: p, Opening: g.Plies, Last: game.Pass}
	for _, f := range strings.Fields(p.Plies) {
		m, err := game.ParseMove(8, f)
		if err != nil {
			return nil, fmt.Errorf("practice plies: %w", err)
		}
		mover := b.Turn()
		next, flips, err := b.Play(m)
		if err != nil {
			return nil, fmt.Errorf("practice ply %s: %w", f, err)
		}
		if m != game.Pass {
			st.Placed++
			st.Last, st.Flips, st.Mover = m, flips, mover
		}
		b = next
		st.Plies = append(st.Plies, m)
	}
	st.Board = b
	return st, nil
}

// Over reports whether the exercise is over: its placements are used, or
// neither side can move.
func (st *Practice) Over() bool { return st.Placed >= PracticeLimit || st.Board.Over() }

// CanUndo reports whether a change can be taken back.
func (st *Practice) CanUndo() bool { return len(st.History) > 0 }

// CanReset reports whether the board has moved from its opening.
func (st *Practice) CanReset() bool { return st.Practice.Plies != "" }

// Passed reports whether the last ply was a forced pass.
func (st *Practice) Passed() bool { return len(st.Plies) > 0 && st.Plies[len(st.Plies)-1] == game.Pass }

// Check refuses a form sent at another version than the board's.
func (st *Practice) Check(version int) error {
	if version != st.Version {
		return ErrPracticeStale
	}
	return nil
}

// Move places a disc at sq for the side to move; a forced pass after it is
// played at once, since the learner plays both sides.
func (st *Practice) Move(sq game.Square) error {
	if st.Over() {
		return ErrPracticeOver
	}
	if !st.Board.Legal(sq) {
		return &IllegalMoveError{Board: st.Board, Move: sq}
	}
	next, _, err := st.Board.Play(sq)
	if err != nil {
		return fmtErr("practice move", err)
	}
	st.History = append(st.History, st.Practice.Plies)
	plies := append(strings.Fields(st.Practice.Plies), sq.Name(8))
	if next.MustPass() {
		plies = append(plies, "pass")
	}
	st.Practice.Plies = strings.Join(plies, " ")
	return nil
}

// Undo takes the last change back: a placement, or starting again.
func (st *Practice) Undo() error {
	if len(st.History) == 0 {
		return ErrPracticeNoUndo
	}
	st.Practice.Plies = st.History[len(st.History)-1]
	st.History = st.History[:len(st.History)-1]
	return nil
}

// Reset starts the exercise again from the opening; undo brings the board
// back.
func (st *Practice) Reset() error {
	if st.Practice.Plies == "" {
		return ErrPracticeAtStart
	}
	st.History = append(st.History, st.Practice.Plies)
	st.Practice.Plies = ""
	return nil
}

// Practice returns the player's practice board, or a fresh one at version
// 0 for a player who has none (or no player yet).
func (a *App) Practice(ctx context.Context, player string) (*Practice, error) {
	p := &club.Practice{PlayerID: player, Opening: PracticeOpening}
	if player != "" {
		stored, err := a.store.Practice(ctx, player)
		switch {
		case err == nil:
			p = stored
		case !errors.Is(err, club.ErrNotFound):
			return nil, err
		}
	}
	return newPractice(p)
}

// Enrol makes sure a player stands behind a change to the practice board
// before it is stored, and returns their id: it makes one for a browser
// that has none yet, or records a known one whose row may be gone (a new
// database). The front supplies it, since making a player is a matter of
// its cookies and its limits; it is called only for a change that stands,
// so that a refused form makes no player.
type Enrol func() (player string, err error)

// PracticeMove places a disc at sq on player's practice board (player ""
// for a browser with none yet), from a form sent at version, and stores
// the board. A refusal (a stale version, an illegal square, the exercise
// over) changes nothing and comes with the board as it stands.
func (a *App) PracticeMove(ctx context.Context, player string, enrol Enrol, version int, sq game.Square) (*Practice, error) {
	return a.changePractice(ctx, player, enrol, version, func(st *Practice) error { return st.Move(sq) })
}

// PracticeUndo takes the last change to player's practice board back, as
// PracticeMove changes it.
func (a *App) PracticeUndo(ctx context.Context, player string, enrol Enrol, version int) (*Practice, error) {
	return a.changePractice(ctx, player, enrol, version, (*Practice).Undo)
}

// PracticeReset starts player's exercise again from the opening, as
// PracticeMove changes the board; PracticeUndo brings it back.
func (a *App) PracticeReset(ctx context.Context, player string, enrol Enrol, version int) (*Practice, error) {
	return a.changePractice(ctx, player, enrol, version, (*Practice).Reset)
}

// changePractice loads player's board, checks the version the form was
// sent at, applies change (one of Practice's rules), and, once the change
// stands, has enrol make or record the player and stores the board.
func (a *App) changePractice(ctx context.Context, player string, enrol Enrol, version int, change func(*Practice) error) (*Practice, error) {
	st, err := a.Practice(ctx, player)
	if err != nil {
		return nil, err
	}
	if err := st.Check(version); err != nil {
		return st, err
	}
	if err := change(st); err != nil {
		return st, err
	}
	if player == "" || st.Version == 0 {
		if player, err = enrol(); err != nil {
			return st, fmt.Errorf("practice: enrol the player: %w", err)
		}
	}
	return a.savePractice(ctx, player, st)
}

// savePractice stores st, changed by Move, Undo or Reset, as the next
// version of player's board (whose row the caller has recorded). If the
// board changed since it was read, it stores nothing and returns the board
// as it now stands with ErrPracticeStale.
func (a *App) savePractice(ctx context.Context, player string, st *Practice) (*Practice, error) {
	st.PlayerID = player
	if err := a.store.SavePractice(ctx, st.Practice, st.Version); err != nil {
		if !errors.Is(err, club.ErrStale) {
			return st, err
		}
		fresh, err := a.Practice(ctx, player)
		if err != nil {
			return st, err
		}
		return fresh, ErrPracticeStale
	}
	return st, nil
}
