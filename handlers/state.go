package handlers

import (
	"fmt"
	"strconv"
	"strings"

	"reversi/db"
	"reversi/game"
	"reversi/views"
)

var errNotFound = db.ErrNotFound

// gameState is a stored game with its positions replayed.
type gameState struct {
	*db.Game
	positions []game.Board // positions[i] is the board before ply i
	// Of an online game: its room, whether the viewer is the host, and the
	// host's side in this game. Human is then the viewer's side (see
	// seated), so that "you" reads as it does against the computer.
	room      *db.Room
	host      bool
	hostColor game.Color
}

func newGameState(g *db.Game) (*gameState, error) {
	ps, err := g.Record.Positions()
	if err != nil {
		return nil, fmt.Errorf("replay game %s: %w", g.ID, err)
	}
	return &gameState{Game: g, positions: ps}, nil
}

// board returns the current position.
func (st *gameState) board() game.Board { return st.positions[len(st.positions)-1] }

// play plays m and keeps the positions current. The caller has checked m.
func (st *gameState) play(m game.Square) (game.Bits, error) {
	next, flips, err := st.board().Play(m)
	if err != nil {
		return game.Bits{}, err
	}
	st.Record.Plies = append(st.Record.Plies, m)
	st.positions = append(st.positions, next)
	if next.Over() {
		st.Status = db.Over
	}
	return flips, nil
}

// undoTo takes the game back to ply n.
func (st *gameState) undoTo(n int) {
	st.Record.Plies = st.Record.Plies[:n]
	st.positions = st.positions[:n+1]
	st.Status = db.Playing
}

// humanToMove reports whether the side to move is played by a person here.
func (st *gameState) humanToMove() bool {
	return st.Opponent == db.Local || st.board().Turn() == st.Human
}

// isHuman reports whether c is played by a person on this device.
func (st *gameState) isHuman(c game.Color) bool {
	return st.Opponent == db.Local || c == st.Human
}

// undoTarget returns the ply to go back to, or -1 when there is nothing to
// take back. Against the computer it is the start of the player's previous
// turn (their last placement), which removes every computer reply since;
// in a local game it is the last placement. Passes are never the target:
// a pass is forced, so taking back only the pass would ask for it again.
func (st *gameState) undoTarget() int {
	for i := len(st.Record.Plies) - 1; i >= 0; i-- {
		if st.Record.Plies[i] != game.Pass && st.isHuman(st.positions[i].Turn()) {
			return i
		}
	}
	return -1
}

// humanPassed reports whether the player has passed in this game.
func (st *gameState) humanPassed() bool {
	for i, m := range st.Record.Plies {
		if m == game.Pass && st.isHuman(st.positions[i].Turn()) {
			return true
		}
	}
	return false
}

// event is one ply of the last turn, for the page's words and marks.
type event struct {
	color  game.Color
	square game.Square // game.Pass for a pass
	placed bool        // a free-start placement, which flips nothing
	flips  game.Bits
}

// lastTurn returns the plies since the start of the last human turn:
// against the computer, the player's last ply and the computer's replies;
// in a local game, the last placement and any passes after it.
func (st *gameState) lastTurn() []event {
	plies := st.Record.Plies
	from := 0
	for i := len(plies) - 1; i >= 0; i-- {
		mover := st.positions[i].Turn()
		if st.Opponent == db.Local && plies[i] != game.Pass || st.Opponent != db.Local && mover == st.Human {
			from = i
			break
		}
	}
	var evs []event
	for i := from; i < len(plies); i++ {
		b := st.positions[i]
		ev := event{color: b.Turn(), square: plies[i], placed: b.Placing()}
		if plies[i] != game.Pass {
			_, ev.flips, _ = b.Play(plies[i])
		}
		evs = append(evs, ev)
	}
	return evs
}

// marks returns the last turn's placed and flipped discs, with animation
// steps from each placed disc outward, the computer's reply after the
// player's move.
func (st *gameState) marks(evs []event, animate bool) views.Marks {
	size := st.Record.Options.Size
	m := views.Marks{Hint: game.Pass}
	steps := map[game.Square]int{}
	kind := map[game.Square]bool{} // true: placed, false: flipped; the latest event wins
	base := 0
	for _, ev := range evs {
		if ev.square == game.Pass {
			continue
		}
		steps[ev.square], kind[ev.square] = base, true
		top := base
		for f := range ev.flips.All() {
			d := base + views.Distance(size, ev.square, f)
			steps[f], kind[f] = d, false
			top = max(top, d)
		}
		base = top + 2
	}
	for sq, placed := range kind {
		if placed {
			m.Placed = append(m.Placed, sq)
		} else {
			m.Flipped = m.Flipped.Or(game.Bit(sq))
		}
	}
	if animate {
		m.Steps = steps
	}
	return m
}

// who names a side in the page's words: "you" for the human against the
// computer, else "Black" or "White".
func (st *gameState) who(c game.Color) string {
	if st.Opponent != db.Local && c == st.Human {
		return "you"
	}
	return colorName(c)
}

func colorName(c game.Color) string {
	if c == game.Black {
		return "Black"
	}
	return "White"
}

// narrate says what the last turn did and what comes next, as in "You
// played f5 and flipped 1; White played f6 and flipped 1; your move".
func (st *gameState) narrate(evs []event) string {
	size := st.Record.Options.Size
	var parts []string
	switch {
	case st.Opponent == db.Computer && st.undoTarget() < 0 && !st.humanPassed():
		parts = append(parts, "New game: you play "+colorName(st.Human))
	case st.Opponent == db.Online && len(st.Record.Plies) == 0:
		parts = append(parts, "Online game: you play "+colorName(st.Human))
	case st.Opponent == db.Local && len(st.Record.Plies) == 0:
		parts = append(parts, "New game for two players")
	}
	for _, ev := range evs {
		who := st.who(ev.color)
		switch {
		case ev.square == game.Pass && who == "you":
			parts = append(parts, "you passed")
		case ev.square == game.Pass:
			parts = append(parts, who+" had no move and passed")
		case ev.placed:
			parts = append(parts, who+" placed a disc on "+ev.square.Name(size))
		default:
			n := ev.flips.Count()
			parts = append(parts, fmt.Sprintf("%s played %s and flipped %d", who, ev.square.Name(size), n))
		}
	}
	parts = append(parts, st.next())
	return sentence(parts)
}

// next says whose move it is, or how the game ended.
func (st *gameState) next() string {
	b := st.board()
	if b.Over() {
		return "the game is over: " + st.outcome()
	}
	who := st.who(b.Turn())
	switch {
	case b.MustPass() && who == "you":
		return "you have no move and must pass"
	case b.MustPass():
		return who + " has no move and must pass"
	case who == "you":
		return "your move"
	}
	return who + " to move"
}

// outcome says who won and by how much.
func (st *gameState) outcome() string {
	r := st.board().Result()
	if r.Winner == game.Empty {
		return "a draw, " + strconv.Itoa(r.Black) + " discs each"
	}
	win, lose := r.Black, r.White
	if r.Winner == game.White {
		win, lose = lose, win
	}
	who := st.who(r.Winner)
	verb := "won"
	if st.Opponent != db.Local && who != "you" {
		who, verb = "you", "lost"
		win, lose = lose, win
	}
	return fmt.Sprintf("%s %s %d to %d", who, verb, win, lose)
}

// sentence joins parts with semicolons and capitalises the first letter.
func sentence(parts []string) string {
	s := strings.Join(parts, "; ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// describe is a one-line description of a game for links.
func describe(g *db.Game) string {
	n := g.Record.Options.Size
	var who string
	switch g.Opponent {
	case db.Local:
		who = "two players on one device"
	case db.Online:
		who = "online with a friend"
	default:
		who = "you (" + colorName(g.Human) + ") against the computer (" + titleCase(g.Level) + ")"
	}
	moves := 0
	for _, m := range g.Record.Plies {
		if m != game.Pass {
			moves++
		}
	}
	plural := "s"
	if moves == 1 {
		plural = ""
	}
	return fmt.Sprintf("%d×%d, %s, %d move%s played", n, n, who, moves, plural)
}

func titleCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
