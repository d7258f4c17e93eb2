// This file holds the rules of a match, above the rules of the board: who
// holds which seat, whose turn it is for the person looking, playing a
// move with the computer's replies, what undo takes back, resigning, the
// next round of an online match and its score. The caller stores what
// changed.
//
// A [Match] is a stored game replayed and seen from one seat. The seat is
// the viewer's, never written into the stored game: a refused request shows
// the game from the same seat that loaded it.

package play

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"reversi/club"
	"reversi/game"
)

// Refusals: the request is well formed but the match does not allow it
// now. Each changes nothing.
var (
	ErrOver          = errors.New("the game is over")
	ErrStale         = fmt.Errorf("the form is out of date: %w", club.ErrStale)
	ErrNotYourTurn   = errors.New("not the player's turn")
	ErrComputersTurn = errors.New("the player's turn, not the computer's")
	ErrNoGuest       = errors.New("the guest has not taken the seat yet")
	ErrNotSeated     = errors.New("the player holds no seat in this game")
	ErrNothingToUndo = errors.New("no placement of the player's to take back")
	ErrUndoOff       = errors.New("undo is switched off")
	ErrNoHint        = errors.New("no hint: not the player's move, or no move to make")
	ErrOnlineOnly    = errors.New("only online games do that")
	ErrNotOnline     = errors.New("online games do not do that")
	ErrRoundPlaying  = errors.New("the round is not over")
	ErrNotHost       = errors.New("only the host may do that")

	// ErrNoGame: no game has the id asked for (or it is not an id).
	ErrNoGame = errors.New("no such game")
	// ErrNotYours: the game is another player's.
	ErrNotYours = errors.New("the game is another player's")
	// ErrNoRoom: no online room has the invite token asked for.
	ErrNoRoom = errors.New("no such room")
	// ErrExpired: the online room sat unused for too long.
	ErrExpired = errors.New("the room has expired")
	// ErrHintFailed: no hint could be found in time.
	ErrHintFailed = errors.New("no hint could be found in time")
)

// IllegalMoveError is a move that the rules forbid in the position. It
// unwraps to game.ErrIllegalMove.
type IllegalMoveError struct {
	Board game.Board
	Move  game.Square
}

func (e *IllegalMoveError) Error() string {
	return "illegal move " + e.Move.Name(e.Board.Size())
}

func (e *IllegalMoveError) Unwrap() error { return game.ErrIllegalMove }

// Match is a stored game with its positions replayed, seen from one seat.
type Match struct {
	// Game is the game as stored, changed only by the methods that play,
	// undo, hint or resign; the caller stores it after them.
	Game *club.Game
	// Positions[i] is the board before ply i; the last is the current one.
	Positions []game.Board
	// Room is the room of an online game, or nil.
	Room *club.Room
	// Seat is the viewer's side: the human's side against the computer,
	// the viewer's seat online, and Empty in a local game, where both
	// sides play at this device.
	Seat game.Color
	// Host reports whether the viewer is the room's host.
	Host bool
	// Spectator reports whether the viewer watches a public room's game
	// without a seat: they see it, and may do nothing in it.
	Spectator bool
	// Names are the players' names by side (game.Black, game.White), ""
	// for an anonymous one: read for a spectator, whose page names both
	// players since neither is "you", and for a lobby game's player, but
	// their own (their page names only the opponent).
	Names [3]club.Name
	// At is when the request loaded the match (App.Judge sets it): a
	// clocked game's move and clocks are reckoned at it.
	At time.Time
}

// Load replays a game that is not played online.
func Load(g *club.Game) (*Match, error) {
	ps, err := g.Record.Positions()
	if err != nil {
		return nil, fmt.Errorf("replay game %s: %w", g.ID, err)
	}
	m := &Match{Game: g, Positions: ps}
	if g.Opponent == club.Computer {
		m.Seat = g.Human
	}
	return m, nil
}

// LoadSeated replays an online game of room r for player, who must hold
// one of its seats (else ErrNotSeated).
func LoadSeated(g *club.Game, r *club.Room, player string) (*Match, error) {
	seat := SeatOf(g, r, player)
	if seat == game.Empty {
		return nil, ErrNotSeated
	}
	m, err := Load(g)
	if err != nil {
		return nil, err
	}
	m.Room, m.Seat, m.Host = r, seat, player == r.Host
	return m, nil
}

// LoadWatched replays a game of public room r for someone without a seat
// in it, who may watch it only.
func LoadWatched(g *club.Game, r *club.Room) (*Match, error) {
	if !r.Public {
		return nil, ErrNotSeated
	}
	m, err := Load(g)
	if err != nil {
		return nil, err
	}
	m.Room, m.Spectator = r, true
	return m, nil
}

// Reload replays g, the same game read again, from m's seat.
func (m *Match) Reload(g *club.Game) (*Match, error) {
	n, err := Load(g)
	if err != nil {
		return nil, err
	}
	n.Room, n.Seat, n.Host, n.Spectator, n.Names, n.At = m.Room, m.Seat, m.Host, m.Spectator, m.Names, m.At
	return n, nil
}

// SeatOf returns player's side in g, a game of room r, or Empty when
// player holds no seat. The stored Human of an online game is the host's
// side in it.
func SeatOf(g *club.Game, r *club.Room, player string) game.Color {
	switch {
	case player == "":
		return game.Empty
	case player == r.Host:
		return g.Human
	case player == r.Guest:
		return g.Human.Opponent()
	}
	return game.Empty
}

// Expired reports whether room r, whose current game may be g, has sat
// unused for longer than ttl at now. A room whose current game is a
// correspondence game still being played never has.
func Expired(r *club.Room, g *club.Game, ttl time.Duration, now time.Time) bool {
	last := r.Updated
	if g != nil && g.ID == r.GameID && g.Updated.After(last) {
		last = g.Updated
	}
	// A correspondence game in play is never unused: its side to move has
	// days, and once they run out the first to look at it (or the
	// janitor's sweep) ends it on time, which makes it new again.
	if g != nil && g.ID == r.GameID && g.Status == club.Playing && g.TimeControl.Correspondence() {
		return false
	}
	return now.Sub(last) > ttl
}

// Board returns the current position.
func (m *Match) Board() game.Board { return m.Positions[len(m.Positions)-1] }

// Ply returns the number of plies played.
func (m *Match) Ply() int { return m.Game.Ply() }

// Playing reports whether the game goes on.
func (m *Match) Playing() bool { return m.Game.Status == club.Playing && !m.Board().Over() }

// Current reports whether the game is its room's current round (always,
// offline).
func (m *Match) Current() bool { return m.Room == nil || m.Room.GameID == m.Game.ID }

// Waiting reports whether an online game waits for its guest.
func (m *Match) Waiting() bool { return m.Room != nil && m.Room.Guest == "" }

// IsHuman reports whether side c is played by the viewer.
func (m *Match) IsHuman(c game.Color) bool {
	return m.Game.Opponent == club.Local || c == m.Seat
}

// HumanToMove reports whether the side to move is the viewer's.
func (m *Match) HumanToMove() bool { return m.IsHuman(m.Board().Turn()) }

// CanPlay reports whether the viewer may move now: the game goes on, it is
// their turn, and online, the guest has come and this is the current round.
func (m *Match) CanPlay() bool {
	return m.Playing() && m.HumanToMove() && m.Current() && !m.Waiting()
}

// Check refuses a request sent from ply ply when the game is over or has
// moved on since.
func (m *Match) Check(ply int) error {
	switch {
	case !m.Playing():
		return ErrOver
	case ply != m.Ply():
		return ErrStale
	}
	return nil
}

// play plays mv, which the caller has checked, and keeps the positions and
// status current.
func (m *Match) play(mv game.Square) error {
	next, _, err := m.Board().Play(mv)
	if err != nil {
		return err
	}
	m.Game.Record.Plies = append(m.Game.Record.Plies, mv)
	m.Positions = append(m.Positions, next)
	if next.Over() {
		m.Game.Status = club.Over
	}
	return nil
}

// Play plays the viewer's move mv (a square or game.Pass) from a form sent
// at ply ply. In a clocked game it is refused once the game is due to end
// at m.At (the caller ends it: App.Judge), and otherwise runs the clock
// and plays any forced pass after it (clockMoved).
func (m *Match) Play(ply int, mv game.Square) error {
	if m.Spectator {
		return ErrSpectator
	}
	if err := m.Check(ply); err != nil {
		return err
	}
	if m.Due(m.At) != club.EndedNormally {
		return ErrOver
	}
	if !m.HumanToMove() || !m.Current() {
		return ErrNotYourTurn
	}
	if m.Waiting() {
		return ErrNoGuest
	}
	b := m.Board()
	if !b.Legal(mv) {
		return &IllegalMoveError{Board: b, Move: mv}
	}
	if err := m.play(mv); err != nil {
		return err
	}
	return m.clockMoved(b.Turn())
}

// A Chooser picks the computer's move in a position; it must return a
// legal move (game.Pass when the side to move must pass).
type Chooser func(ctx context.Context, b game.Board) game.Square

// ComputerReplies plays the computer's moves for as long as it is to move,
// against the computer only. The player acknowledges a pass with the Pass
// button, so this stops at the player's turn even when they must pass,
// unless passOn is set: then, after the player has pressed Pass once, each
// further pass of theirs in the same run is played too, until they can
// move or the game ends.
func (m *Match) ComputerReplies(ctx context.Context, choose Chooser, passOn bool) error {
	if m.Game.Opponent != club.Computer {
		return nil
	}
	for m.Playing() {
		b := m.Board()
		mv := game.Pass
		switch {
		case b.Turn() != m.Seat:
			mv = choose(ctx, b)
		case !passOn || !b.MustPass():
			return nil
		}
		if err := m.play(mv); err != nil {
			return fmt.Errorf("computer reply: %w", err)
		}
	}
	return nil
}

// Resume checks that a game stored at the computer's turn (which only an
// interrupted request leaves behind) may be resumed from ply ply.
func (m *Match) Resume(ply int) error {
	if err := m.Check(ply); err != nil {
		return err
	}
	if m.Game.Opponent != club.Computer || m.HumanToMove() {
		return ErrComputersTurn
	}
	return nil
}

// UndoTarget returns the ply to go back to, or -1 when there is nothing to
// take back. Against the computer it is the start of the player's previous
// turn (their last placement), which removes every computer reply since,
// and every pass after it; in a local game it is the last placement.
// Passes are never the target: a pass is forced, so taking back only the
// pass would ask for it again.
func (m *Match) UndoTarget() int {
	plies := m.Game.Record.Plies
	for i := len(plies) - 1; i >= 0; i-- {
		if plies[i] != game.Pass && m.IsHuman(m.Positions[i].Turn()) {
			return i
		}
	}
	return -1
}

// CanUndo reports whether Undo would take something back now.
func (m *Match) CanUndo() bool {
	return m.Room == nil && m.Playing() && m.Game.AllowUndo && m.UndoTarget() >= 0
}

// Undo takes the game back to the start of the viewer's previous turn, from
// a form sent at ply ply, and counts the undo.
func (m *Match) Undo(ply int) error {
	if err := m.offline(ply); err != nil {
		return err
	}
	if !m.Game.AllowUndo {
		return ErrUndoOff
	}
	to := m.UndoTarget()
	if to < 0 {
		return ErrNothingToUndo
	}
	if err := m.Game.Record.UndoTo(to); err != nil {
		return err
	}
	m.Positions = m.Positions[:to+1]
	m.Game.Status = club.Playing
	m.Game.Undos++
	return nil
}

// offline checks a form sent at ply to a game in play that is not online,
// where undo and hints are not offered.
func (m *Match) offline(ply int) error {
	if err := m.Check(ply); err != nil {
		return err
	}
	if m.Room != nil {
		return ErrNotOnline
	}
	return nil
}

// CanHint reports whether a hint may be asked for now.
func (m *Match) CanHint() bool {
	return m.Room == nil && m.Playing() && m.HumanToMove() && !m.Board().Moves().IsZero()
}

// NeedsHint checks a hint request sent at ply ply. It reports whether a
// new hint must be found: false when the hint on record is for this ply
// already.
func (m *Match) NeedsHint(ply int) (bool, error) {
	if err := m.offline(ply); err != nil {
		return false, err
	}
	if !m.CanHint() {
		return false, ErrNoHint
	}
	return m.Game.HintPly != ply, nil
}

// SetHint records sq as the hint for the current ply and counts it.
func (m *Match) SetHint(sq game.Square) {
	m.Game.HintPly, m.Game.HintSquare = m.Ply(), sq
	m.Game.Hints++
}

// Hint returns the hint on record for the current position, if the viewer
// is to move.
func (m *Match) Hint() (game.Square, bool) {
	g := m.Game
	if g.HintPly == m.Ply() && g.HintSquare != game.Pass && m.CanPlay() {
		return g.HintSquare, true
	}
	return game.Pass, false
}

// Resign ends the game, from a form sent at ply ply, with the viewer's
// side (the side to move, in a local game) losing.
func (m *Match) Resign(ply int) error {
	if m.Spectator {
		return ErrSpectator
	}
	if err := m.Check(ply); err != nil {
		return err
	}
	if !m.Current() {
		return ErrOver
	}
	if m.Waiting() {
		return ErrNoGuest
	}
	side := m.Seat
	if side == game.Empty {
		side = m.Board().Turn()
	}
	if m.Clocked() && !m.At.IsZero() {
		// The clocks stop: the side to move keeps what it had left then.
		m.Game.Clock = m.Game.Clock.Stopped(m.Board().Turn(), m.At)
	}
	m.Game.Status, m.Game.Resigned = club.Over, side
	return nil
}

// Outcome is how a game ended.
type Outcome struct {
	game.Result
	// Resigned is the side that resigned, and OnTime the side whose time
	// ran out, or Empty. Either decides Winner whatever the discs say, and
	// the tournament score: the whole board to the winner, nothing to the
	// loser (64 to 0 on 8×8), as GGF writes a resignation or a loss on
	// time. The disc counts stay as on the board.
	Resigned, OnTime game.Color
	// Aborted reports a game that never got going: no winner, no score,
	// and nothing counted in a room's match score.
	Aborted bool
}

// Loser returns the side that lost other than on the board (by resigning
// or on time), or Empty.
func (o Outcome) Loser() game.Color {
	if o.Resigned != game.Empty {
		return o.Resigned
	}
	return o.OnTime
}

// Outcome returns how the game stands or ended: the disc counts, and the
// winner and tournament score once it is over.
func (m *Match) Outcome() Outcome {
	o := Outcome{Result: m.Board().Result(), Resigned: m.Game.Resigned}
	switch m.Game.Ending {
	case club.EndedOnTime:
		o.OnTime = m.Board().Turn() // the side to move when its time ran out
	case club.EndedAborted:
		o.Aborted = true
		o.Winner, o.BlackScore, o.WhiteScore = game.Empty, 0, 0
	}
	if lost := o.Loser(); lost != game.Empty {
		o.Winner = lost.Opponent()
		n := m.Game.Record.Options.Size
		o.BlackScore, o.WhiteScore = n*n, 0
		if o.Winner == game.White {
			o.BlackScore, o.WhiteScore = 0, n*n
		}
	}
	return o
}

// GGFResult is the outcome as GGF's RE writes it: the tournament score's
// difference for Black, "+64.00:r" for a resignation, "+64.00:t" for a
// loss on time, "?" while playing (and for an aborted game, which has no
// result).
func (o Outcome) GGFResult(over bool) string {
	switch {
	case o.Aborted:
		return "?"
	case o.Resigned != game.Empty:
		return fmt.Sprintf("%+d.00:r", o.BlackScore-o.WhiteScore)
	case o.OnTime != game.Empty:
		return fmt.Sprintf("%+d.00:t", o.BlackScore-o.WhiteScore)
	case !over:
		return "?"
	}
	return fmt.Sprintf("%+d.00", o.BlackScore-o.WhiteScore)
}

// GGF is m's game as a GGF record, with the players' names as given, the
// date it began and the result.
func (m *Match) GGF(black, white string) *game.Record {
	g := m.Game
	return &game.Record{Game: g.Record, Place: "reversi", Date: g.Created.UTC().Format("2006.01.02_15:04:05.UTC"),
		Time: g.TimeControl.GGF(), Black: black, White: white, Result: m.Outcome().GGFResult(m.Board().Over())}
}

// HumanPassed reports whether the viewer has passed in this game.
func (m *Match) HumanPassed() bool {
	for i, mv := range m.Game.Record.Plies {
		if mv == game.Pass && m.IsHuman(m.Positions[i].Turn()) {
			return true
		}
	}
	return false
}

// Event is one ply of the last turn, for the page's words and marks.
type Event struct {
	Color  game.Color
	Square game.Square // game.Pass for a pass
	Placed bool        // a free-start placement, which flips nothing
	Flips  game.Bits
}

// LastTurn returns the plies that the viewer's last action brought: in a
// local game, the last placement and any passes after it; otherwise the
// viewer's last placement and the replies since or, when the viewer last
// pressed Pass, that pass and everything after it (the computer's moves and
// each further pass of the run).
func (m *Match) LastTurn() []Event {
	plies := m.Game.Record.Plies
	from := 0
	for i := len(plies) - 1; i >= 0; i-- {
		mine := m.IsHuman(m.Positions[i].Turn())
		if m.Game.Opponent == club.Local {
			if plies[i] != game.Pass {
				from = i
				break
			}
			continue
		}
		if !mine {
			continue
		}
		if plies[i] == game.Pass && m.Clocked() {
			// In a clocked game the server plays a forced pass with
			// the move before it: the viewer did nothing, so it starts
			// no turn of theirs, and the move that forced it is said.
			continue
		}
		from = i
		if plies[i] != game.Pass {
			// A placement starts the turn, unless a pass of the
			// viewer's came after it: then that pass did.
			if i+1 < len(plies) && !m.Clocked() && m.passedSince(i+1) {
				from = m.firstPassSince(i + 1)
			}
			break
		}
	}
	var evs []Event
	for i := from; i < len(plies); i++ {
		b := m.Positions[i]
		ev := Event{Color: b.Turn(), Square: plies[i], Placed: b.Placing()}
		if plies[i] != game.Pass {
			_, ev.Flips, _ = b.Play(plies[i])
		}
		evs = append(evs, ev)
	}
	return evs
}

// firstPassSince returns the first ply from i on that is a pass of the
// viewer's, or -1.
func (m *Match) firstPassSince(i int) int {
	for ; i < len(m.Game.Record.Plies); i++ {
		if m.Game.Record.Plies[i] == game.Pass && m.IsHuman(m.Positions[i].Turn()) {
			return i
		}
	}
	return -1
}

func (m *Match) passedSince(i int) bool { return m.firstPassSince(i) >= 0 }

// Stamp names the state of an online game's page: it changes whenever
// anything that page shows changes (a move, a seat taken, an answer to play
// again, the next round, and an ending that adds no ply: a flag or an
// abort, marked by a third part).
func (m *Match) Stamp() string {
	s := strconv.Itoa(m.Ply()) + "-" + strconv.Itoa(m.Room.Version)
	if m.Game.Status == club.Over {
		s += "-1"
	}
	return s
}

// ValidStamp reports whether s has the form of a Stamp: two numbers
// joined by a hyphen, and perhaps "-1".
func ValidStamp(s string) bool {
	ply, version, ok := strings.Cut(s, "-")
	version = strings.TrimSuffix(version, "-1")
	return ok && len(s) <= 24 && digits(ply) && digits(version)
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// Score is a match's score from the viewer's seat.
type Score struct {
	Round, Mine, Theirs, Draws int
}

// Score returns how the match stands, counting this round once it is over.
func (m *Match) Score() Score {
	r := m.Room
	s := Score{Round: r.Round, Mine: r.GuestWins, Theirs: r.HostWins, Draws: r.Draws}
	if m.Host {
		s.Mine, s.Theirs = s.Theirs, s.Mine
	}
	if o := m.Outcome(); m.Current() && !m.Playing() && !o.Aborted {
		switch w := o.Winner; w {
		case game.Empty:
			s.Draws++
		case m.Seat:
			s.Mine++
		default:
			s.Theirs++
		}
	}
	return s
}

// Again parses a seat's answer to "play again?": "switch" (or nothing) to
// switch sides, "keep" to keep them.
func Again(sides string) (club.Again, bool) {
	switch sides {
	case "keep":
		return club.AgainKeep, true
	case "switch", "":
		return club.AgainSwitch, true
	}
	return club.AgainNone, false
}

// CheckAgain refuses an answer to "play again?" sent at room version v
// before the round is over or after the room has moved on.
func (m *Match) CheckAgain(v int) error {
	switch {
	case m.Spectator:
		return ErrSpectator
	case m.Room == nil:
		return ErrOnlineOnly
	case m.Current() && m.Playing():
		return ErrRoundPlaying
	case v != m.Room.Version:
		return ErrStale
	}
	return nil
}

// BothAgain reports whether both seats of room r have said yes.
func BothAgain(r *club.Room) bool {
	return r.HostAgain != club.AgainNone && r.GuestAgain != club.AgainNone
}

// NextRound returns the room's next game, with id as its id, and changes r
// to match: the round just played (m, which must be r's current and
// finished) goes into the score, and the sides switch unless either
// player asked to keep them. The caller stores both with the room's
// version as read.
func NextRound(m *Match, r *club.Room, id string) *club.Game {
	hostColor := m.Game.Human // the host's side in the round just played
	o := m.Outcome()
	switch {
	case o.Aborted: // no result: the score stands
	case o.Winner == game.Empty:
		r.Draws++
	case o.Winner == hostColor:
		r.HostWins++
	default:
		r.GuestWins++
	}
	if r.HostAgain != club.AgainKeep && r.GuestAgain != club.AgainKeep {
		hostColor = hostColor.Opponent()
	}
	r.HostColor = hostColor
	r.Round++
	g := m.Game
	return &club.Game{
		ID: id, PlayerID: r.Host, Opponent: club.Online, Human: hostColor, Level: g.Level,
		Record: game.Game{Options: g.Record.Options}, Status: club.Playing, Settings: g.Settings,
		HintPly: -1, HintSquare: game.Pass,
	}
}
