package play

import (
	"time"

	"reversi/club"
	"reversi/game"
	"reversi/play/puzzle"
)

// The facts of a page: what the application decides about what a page
// shows, such as which puzzle comes next or which grades are solved, so
// that views/ only presents them and handlers/ adds only what the request
// knows (addresses, the question asked, the origin).

// PuzzleIndexFacts are the facts of the puzzles' list for a player.
type PuzzleIndexFacts struct {
	Progress *club.PuzzleProgress
	Next     int // the player's next puzzle
	Daily    int // the day's puzzle
	Total    int // puzzles in the set
	Grades   []GradeFacts
}

// GradeFacts are one grade's counts on the list; only grades with
// puzzles are listed.
type GradeFacts struct {
	Grade, Count, Solved int
	// Link is the puzzle its link leads to: its first unsolved one in the
	// set's order, or its first when all are solved.
	Link int
}

// PuzzleIndexFor decides the list's facts for a player at progress pr;
// daily is the day's puzzle.
func PuzzleIndexFor(pr *club.PuzzleProgress, daily int) PuzzleIndexFacts {
	set := Puzzles()
	f := PuzzleIndexFacts{Progress: pr, Next: NextFor(pr, 0), Daily: daily, Total: len(set)}
	for g := 1; g <= puzzle.MaxGrade; g++ {
		gf := GradeFacts{Grade: g}
		first := 0
		for _, p := range set {
			if p.Grade != g {
				continue
			}
			gf.Count++
			if Solved(pr, p.Number) {
				gf.Solved++
			} else if gf.Link == 0 {
				gf.Link = p.Number
			}
			if first == 0 {
				first = p.Number
			}
		}
		if gf.Link == 0 {
			gf.Link = first
		}
		if gf.Count > 0 {
			f.Grades = append(f.Grades, gf)
		}
	}
	return f
}

// PuzzleFacts are the facts of a puzzle's page for a player.
type PuzzleFacts struct {
	Puzzle   *puzzle.Puzzle
	Answer   *PuzzleAnswer // the verdict on an answer, or nil
	Progress *club.PuzzleProgress
	Next     int // the puzzle to offer after this one
	Daily    int // the day's puzzle
}

// PuzzleFor decides the facts of puzzle p's page for a player at progress
// pr, with the verdict on ans when there is one; daily is the day's
// puzzle.
func PuzzleFor(p *puzzle.Puzzle, ans *PuzzleAnswer, pr *club.PuzzleProgress, daily int) PuzzleFacts {
	return PuzzleFacts{Puzzle: p, Answer: ans, Progress: pr, Next: NextFor(pr, p.Number), Daily: daily}
}

// GameFacts are the facts of a game's page, decided from its match: who
// the page speaks to, what the last turn did, what the viewer may do now.
type GameFacts struct {
	ID       string
	Opponent club.Opponent
	Level    string
	Seat     game.Color // the viewer's side; Empty in a local game, where both sides are the viewer's
	Size     int
	Board    game.Board
	Ply      int
	Plies    []game.Square // the moves so far, passes included
	Outcome  Outcome
	Playing  bool // the game goes on
	Waiting  bool // an online game waits for its guest
	// Hint is the hint shown, or game.Pass for none.
	Hint game.Square
	// Intro is what the game's first page says first; LastTurn what the
	// viewer's last action brought, each ply with whether a human played
	// it.
	Intro    Intro
	LastTurn []TurnPly
	// Playable enables the board's empty squares: the viewer is to move
	// and has a move. ShowLegal rings the legal moves: the game shows
	// them and the viewer may move now.
	Playable, ShowLegal bool
	// ToMove is the side whose score line says it is to move, or Empty
	// when nobody is; Computer the side the computer plays, or Empty.
	ToMove, Computer game.Color
	// What the page offers: to pass, to let the computer move in a game
	// stored at its turn, to undo, a hint, to resign, to delete.
	Pass, Resume, CanUndo, CanHint, CanResign, CanDelete bool
	ShowMoves, AllowUndo, Sound                          bool
	Hints, Undos                                         int
	Room                                                 *RoomFacts // an online game's room, or nil
	// Clock is a clocked game's two clocks, or nil.
	Clock *ClockFacts
	// Spectator reports that the viewer watches a public game without a
	// seat: the page names both players (Names, by side, "" for an
	// anonymous one), speaks of them in the third person and offers
	// nothing to do.
	Spectator bool
	Names     [3]club.Name
	// Opening is the named opening the game follows, if any, and Analysis
	// the position a finished game's link opens on the analysis page.
	Opening  Opening
	Analysis *AnalysisAt
	// Lobby reports a game of a public room, whose players met in the
	// lobby: the page names the opponent (Names) rather than "a friend";
	// Rated, a lobby game whose result moves both players' ratings.
	Lobby, Rated bool
}

// ClockFacts are a clocked game's two clocks as they stood when the
// request loaded the game (Match.At): what a page shows is exact at every
// load, whatever a script does after.
type ClockFacts struct {
	// Black and White are each side's time left, never below zero.
	Black, White time.Duration
	// Running is the side whose clock runs, or Empty once the game is
	// over (or while a room waits for its guest).
	Running game.Color
	// Correspondence reports days per move rather than a live clock.
	Correspondence bool
}

// clockFor decides the clocks of m's page, or nil for a game without one.
func clockFor(m *Match) *ClockFacts {
	if !m.Clocked() {
		return nil
	}
	at := m.At
	if at.IsZero() { // loaded without a judge: show the clocks as stored
		at = m.Game.Clock.Since
	}
	f := &ClockFacts{Black: max(0, m.Left(game.Black, at)), White: max(0, m.Left(game.White, at)),
		Correspondence: m.Game.TimeControl.Correspondence()}
	if m.Playing() && !m.Waiting() {
		f.Running = m.Board().Turn()
	}
	return f
}

// TurnPly is one ply of the last turn, and whether a human played it.
type TurnPly struct {
	Event
	Human bool
}

// Intro is what a game's first page says first.
type Intro int

// The intros.
const (
	NoIntro       Intro = iota
	IntroComputer       // a new game against the computer
	IntroOnline         // a new online game
	IntroLocal          // a new game for two at one device
)

// Awaiting is what an online player waits for.
type Awaiting int

// What a player may wait for.
const (
	AwaitingNothing Awaiting = iota
	AwaitingGuest            // the friend who has not opened the invite link yet
	AwaitingMove             // the other side's move
	AwaitingAnswer           // the other side's answer to "play again?"
)

// RoomFacts are the facts of an online game's room.
type RoomFacts struct {
	// Later is set when the page shows an earlier round than the room's
	// current one, and Invite when the host waits for the guest.
	Later, Invite bool
	Awaiting      Awaiting
	Them          game.Color // the other player's side
	Score         Score
	// Again is the play-again question of a finished round, or nil.
	Again *AgainFacts
}

// AgainFacts are the play-again question of a finished round.
type AgainFacts struct {
	Version int // the room's version, sent back to detect a stale form
	// Mine and Theirs are the two answers so far: "", "switch" or "keep".
	Mine, Theirs string
}

// GameFor decides the facts of m's page.
func GameFor(m *Match) GameFacts {
	g, b := m.Game, m.Board()
	canPlay := m.CanPlay()
	f := GameFacts{
		ID: g.ID, Opponent: g.Opponent, Level: g.Level, Seat: m.Seat, Size: g.Record.Options.Size,
		Board: b, Ply: m.Ply(), Plies: g.Record.Plies, Outcome: m.Outcome(), Playing: m.Playing(), Waiting: m.Waiting(),
		Hint: game.Pass, Intro: gameIntro(m),
		Playable: canPlay && !b.MustPass(), ShowLegal: g.ShowMoves && canPlay,
		Pass: canPlay && b.MustPass(), Resume: m.Playing() && !m.HumanToMove() && g.Opponent == club.Computer,
		CanUndo: m.CanUndo(), CanHint: m.CanHint(), CanResign: m.Playing() && m.Current() && !m.Waiting() && !m.Spectator,
		CanDelete: m.Room == nil, ShowMoves: g.ShowMoves, AllowUndo: g.AllowUndo, Sound: g.Sound,
		Hints: g.Hints, Undos: g.Undos, Spectator: m.Spectator, Names: m.Names,
		Lobby: m.Room != nil && m.Room.Public, Rated: g.Rated,
	}
	if sq, ok := m.Hint(); ok {
		f.Hint = sq
	}
	for _, ev := range m.LastTurn() {
		f.LastTurn = append(f.LastTurn, TurnPly{Event: ev, Human: m.IsHuman(ev.Color)})
	}
	if f.Playing && !f.Waiting {
		f.ToMove = b.Turn()
	}
	if g.Opponent == club.Computer {
		f.Computer = m.Seat.Opponent()
	}
	if m.Room != nil {
		f.Room = roomFor(m)
	}
	f.Clock = clockFor(m)
	f.Opening, f.Analysis = OpeningOf(m.Positions[0], g.Record.Plies), lastDecision(m)
	return f
}

// gameIntro is what the first page of m's game says first.
func gameIntro(m *Match) Intro {
	switch {
	case m.Spectator: // the intros speak to a player
		return NoIntro
	case m.Game.Opponent == club.Computer && m.UndoTarget() < 0 && !m.HumanPassed():
		return IntroComputer
	case m.Game.Opponent == club.Online && m.Ply() == 0:
		return IntroOnline
	case m.Game.Opponent == club.Local && m.Ply() == 0:
		return IntroLocal
	}
	return NoIntro
}

// roomFor decides the facts of m's room.
func roomFor(m *Match) *RoomFacts {
	r, b := m.Room, m.Board()
	f := &RoomFacts{Them: m.Seat.Opponent(), Score: m.Score()}
	if m.Spectator {
		// A spectator waits for whoever is to move, and is asked nothing.
		f.Score = Score{}
		switch {
		case !m.Current():
			f.Later = true
		case m.Playing() && !m.Waiting():
			f.Awaiting, f.Them = AwaitingMove, b.Turn()
		}
		return f
	}
	switch {
	case !m.Current():
		f.Later = true
	case m.Waiting():
		f.Invite = m.Host
		f.Awaiting = AwaitingGuest
	case m.Playing() && b.Turn() != m.Seat:
		f.Awaiting = AwaitingMove
	case !m.Playing():
		a := &AgainFacts{Version: r.Version, Mine: string(r.GuestAgain), Theirs: string(r.HostAgain)}
		if m.Host {
			a.Mine, a.Theirs = a.Theirs, a.Mine
		}
		f.Again = a
		if a.Mine != "" {
			f.Awaiting = AwaitingAnswer
		}
	}
	return f
}

// ReplayFacts are what a replay's page shows of position Ply of a game:
// the board there, the move that led to it (its number as the transcript
// counts, who played it, the square or game.Pass, the discs it turned),
// and how many plies the game has.
type ReplayFacts struct {
	Record     *game.Game
	Board      game.Board
	Ply, Plies int
	Number     int
	By         game.Color
	Placed     game.Square
	Flips      game.Bits
}

// ReplayFor gives the facts of position ply of g, whose positions are ps.
func ReplayFor(g *game.Game, ps []game.Board, ply int) ReplayFacts {
	f := ReplayFacts{Record: g, Board: ps[ply], Ply: ply, Plies: len(g.Plies), Placed: game.Pass, By: game.Empty}
	for _, mv := range g.Plies[:ply] {
		if mv != game.Pass {
			f.Number++
		}
	}
	if ply > 0 {
		f.Placed, f.By = g.Plies[ply-1], ps[ply-1].Turn()
		if f.Placed != game.Pass {
			_, f.Flips, _ = ps[ply-1].Play(f.Placed)
		}
	}
	return f
}
