package play

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"reversi/club"
	"reversi/game"
)

// first is a Chooser that plays the first legal move.
func first(_ context.Context, b game.Board) game.Square { return b.Moves().First() }

func newTestGame(t *testing.T, opp club.Opponent, human game.Color, size int, moves string) *club.Game {
	t.Helper()
	o := game.Options{Size: size, Start: game.Cross}
	rec, err := game.ParseTranscript(o, moves)
	if err != nil {
		t.Fatalf("ParseTranscript(%q): %v", moves, err)
	}
	g := &club.Game{ID: "g", PlayerID: "p", Opponent: opp, Human: human, Level: "easy", Record: *rec,
		Status: club.Playing, Settings: club.Settings{AllowUndo: true}, HintPly: -1, HintSquare: game.Pass}
	if b, _ := rec.Board(); b.Over() {
		g.Status = club.Over
	}
	return g
}

func load(t *testing.T, g *club.Game) *Match {
	t.Helper()
	m, err := Load(g)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// passGame finds, by random play on 6×6 from seed, a transcript that ends
// where side must pass while the other side can move.
func passGame(t *testing.T, side game.Color, seed uint64) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, seed))
	for range 1000 {
		g, _ := game.NewGame(game.Options{Size: 6, Start: game.Cross})
		for {
			b, _ := g.Board()
			if b.Over() {
				break
			}
			if b.MustPass() && b.Turn() == side && len(g.Plies) > 0 && g.Plies[len(g.Plies)-1] != game.Pass {
				return g.Transcript()
			}
			ms := slices.Collect(b.Moves().All())
			mv := game.Pass
			if len(ms) > 0 {
				mv = ms[rng.IntN(len(ms))]
			}
			g.Play(mv)
		}
	}
	t.Fatal("no game with a pass found")
	return ""
}

func TestSeats(t *testing.T) {
	g := newTestGame(t, club.Online, game.White, 6, "")
	r := &club.Room{ID: "r", GameID: "g", Host: "host", Guest: "guest", HostColor: game.White}
	tests := []struct {
		player string
		want   game.Color
	}{{"host", game.White}, {"guest", game.Black}, {"third", game.Empty}, {"", game.Empty}}
	for _, tt := range tests {
		if got := SeatOf(g, r, tt.player); got != tt.want {
			t.Errorf("SeatOf(%q) = %v, want %v", tt.player, got, tt.want)
		}
	}
	if _, err := LoadSeated(g, r, "third"); !errors.Is(err, ErrNotSeated) {
		t.Errorf("LoadSeated(third) error = %v, want ErrNotSeated", err)
	}
	m, err := LoadSeated(g, r, "guest")
	if err != nil {
		t.Fatal(err)
	}
	// The viewer's seat never goes into the stored game.
	if m.Seat != game.Black || m.Host || g.Human != game.White {
		t.Errorf("guest's match: seat %v, host %v, stored human %v; want Black, false, White", m.Seat, m.Host, g.Human)
	}
	if !m.HumanToMove() || !m.CanPlay() {
		t.Errorf("guest (Black) cannot play at the start")
	}
	h, _ := LoadSeated(g, r, "host")
	if h.HumanToMove() || h.CanPlay() {
		t.Errorf("host (White) can play at the start")
	}
	if err := h.Play(0, game.SquareAt(6, 1, 2)); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("host plays out of turn: %v, want ErrNotYourTurn", err)
	}
	r.Guest = ""
	w, _ := LoadSeated(g, r, "host")
	if w.CanPlay() || !w.Waiting() {
		t.Errorf("the host can play before the guest comes")
	}
}

func TestPlayRefusals(t *testing.T) {
	g := newTestGame(t, club.Computer, game.Black, 8, "f5")
	m := load(t, g)
	d6 := game.SquareAt(8, 3, 5)
	tests := []struct {
		name string
		ply  int
		mv   game.Square
		want error
	}{
		{"stale", 0, d6, club.ErrStale},
		{"not your turn", 1, d6, ErrNotYourTurn},
	}
	for _, tt := range tests {
		if err := m.Play(tt.ply, tt.mv); !errors.Is(err, tt.want) {
			t.Errorf("%s: Play = %v, want %v", tt.name, err, tt.want)
		}
	}
	g = newTestGame(t, club.Computer, game.Black, 8, "")
	m = load(t, g)
	var illegal *IllegalMoveError
	if err := m.Play(0, game.SquareAt(8, 0, 0)); !errors.As(err, &illegal) || !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("Play(a1) = %v, want an IllegalMoveError", err)
	}
	if err := m.Play(0, game.Pass); !errors.As(err, &illegal) {
		t.Errorf("Play(pass) with moves = %v, want an IllegalMoveError", err)
	}
	if g.Ply() != 0 {
		t.Errorf("refused moves changed the game: %d plies", g.Ply())
	}
	if err := m.Play(0, game.SquareAt(8, 5, 4)); err != nil {
		t.Fatal(err)
	}
	if err := m.ComputerReplies(context.Background(), first, false); err != nil {
		t.Fatal(err)
	}
	if g.Ply() != 2 || !m.HumanToMove() {
		t.Errorf("after f5 and the reply: %d plies, human to move %v; want 2, true", g.Ply(), m.HumanToMove())
	}
}

// TestPassRuns checks that against the computer one press of Pass plays
// every pass of the run, that the last turn names them all, and that undo
// goes back past them to the player's last placement.
func TestPassRuns(t *testing.T) {
	// A game where Black must pass, and after the run of passes that one
	// press plays, can move again.
	var (
		moves string
		g     *club.Game
		m     *Match
	)
	for seed := uint64(1); ; seed++ {
		moves = passGame(t, game.Black, seed)
		g = newTestGame(t, club.Computer, game.Black, 6, moves)
		m = load(t, g)
		try := load(t, newTestGame(t, club.Computer, game.Black, 6, moves))
		try.Play(try.Ply(), game.Pass)
		try.ComputerReplies(context.Background(), first, true)
		if !try.Board().Over() {
			break
		}
	}
	if !m.Board().MustPass() || !m.HumanToMove() {
		t.Fatalf("%s: Black does not have to pass", moves)
	}
	// The player's own placement and the replies are the last turn until
	// Pass is pressed.
	if evs := m.LastTurn(); evs[0].Color != game.Black || evs[0].Square == game.Pass {
		t.Errorf("last turn before the pass starts with %+v, want Black's placement", evs[0])
	}
	before := m.UndoTarget()
	ply := m.Ply()
	if err := m.Play(ply, game.Pass); err != nil {
		t.Fatal(err)
	}
	if err := m.ComputerReplies(context.Background(), first, true); err != nil {
		t.Fatal(err)
	}
	b := m.Board()
	if !b.Over() && (b.Turn() != game.Black || b.MustPass()) {
		t.Fatalf("after one press: turn %v, must pass %v; want Black to move, or the end", b.Turn(), b.MustPass())
	}
	evs := m.LastTurn()
	if evs[0].Square != game.Pass || evs[0].Color != game.Black {
		t.Errorf("last turn starts with %+v, want Black's pass", evs[0])
	}
	passes := 0
	for i, mv := range g.Record.Plies[ply:] {
		if mv == game.Pass && m.Positions[ply+i].Turn() == game.Black {
			passes++
		}
	}
	named := 0
	for _, ev := range evs {
		if ev.Square == game.Pass && ev.Color == game.Black {
			named++
		}
	}
	if named != passes || len(evs) != g.Ply()-ply {
		t.Errorf("last turn names %d of %d passes in %d events, want every ply since the press (%d)", named, passes, len(evs), g.Ply()-ply)
	}
	if got := m.UndoTarget(); got != before {
		t.Errorf("UndoTarget after the run = %d, want the placement before it, %d", got, before)
	}
	if err := m.Undo(m.Ply()); err != nil {
		t.Fatal(err)
	}
	if g.Ply() != before || g.Undos != 1 || len(m.Positions) != before+1 {
		t.Errorf("after undo: %d plies, %d undos, %d positions; want %d, 1, %d", g.Ply(), g.Undos, len(m.Positions), before, before+1)
	}
	// After a placement the loop stops at the player's turn, even when
	// they must pass: they acknowledge it. Here the computer replays the
	// last placement of the game, which leaves Black without a move.
	last, _ := game.ParseMove(6, moves[len(moves)-2:])
	g2 := newTestGame(t, club.Computer, game.Black, 6, moves[:len(moves)-2])
	m2 := load(t, g2)
	replay := func(context.Context, game.Board) game.Square { return last }
	if err := m2.ComputerReplies(context.Background(), replay, false); err != nil {
		t.Fatal(err)
	}
	if b := m2.Board(); g2.Record.Transcript() != moves || !b.MustPass() || b.Turn() != game.Black {
		t.Errorf("without passOn the computer played on to %s, want it to stop at Black's pass after %s", g2.Record.Transcript(), moves)
	}
}

// TestLocalUndo checks that in a local game undo takes back the last
// placement, and passes with it.
func TestLocalUndo(t *testing.T) {
	moves := passGame(t, game.White, 1)
	g := newTestGame(t, club.Local, game.Empty, 6, moves)
	m := load(t, g)
	if err := m.Play(m.Ply(), game.Pass); err != nil {
		t.Fatal(err)
	}
	if got, want := m.UndoTarget(), len(moves)/2-1; got != want {
		t.Errorf("UndoTarget after a placement and a pass = %d, want %d", got, want)
	}
	if evs := m.LastTurn(); len(evs) != 2 || evs[1].Square != game.Pass {
		t.Errorf("local last turn = %+v, want the placement and the pass", evs)
	}
	if err := m.Undo(m.Ply()); err != nil {
		t.Fatal(err)
	}
	if g.Ply() != len(moves)/2-1 {
		t.Errorf("after undo %d plies, want %d", g.Ply(), len(moves)/2-1)
	}
	g.AllowUndo = false
	if err := m.Undo(m.Ply()); !errors.Is(err, ErrUndoOff) {
		t.Errorf("Undo switched off = %v, want ErrUndoOff", err)
	}
	fresh := load(t, newTestGame(t, club.Local, game.Empty, 6, ""))
	if err := fresh.Undo(0); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("Undo at the start = %v, want ErrNothingToUndo", err)
	}
}

func TestResign(t *testing.T) {
	g := newTestGame(t, club.Computer, game.White, 8, "f5")
	m := load(t, g)
	if err := m.Resign(0); !errors.Is(err, club.ErrStale) {
		t.Errorf("Resign from an old page = %v, want stale", err)
	}
	if err := m.Resign(1); err != nil {
		t.Fatal(err)
	}
	if g.Status != club.Over || g.Resigned != game.White || m.Playing() {
		t.Errorf("after resigning: status %q, resigned %v", g.Status, g.Resigned)
	}
	if o := m.Outcome(); o.Winner != game.Black || o.Resigned != game.White {
		t.Errorf("Outcome = %+v, want Black winning by White's resignation", o)
	}
	if err := m.Resign(1); !errors.Is(err, ErrOver) {
		t.Errorf("Resign twice = %v, want ErrOver", err)
	}
	// Resigning while ahead still loses, and the tournament score gives
	// the whole board to the winner, as GGF's RE writes it.
	ahead := load(t, newTestGame(t, club.Computer, game.Black, 8, "f5d6c3"))
	if err := ahead.Resign(3); err != nil {
		t.Fatal(err)
	}
	o := ahead.Outcome()
	if o.Black <= o.White {
		t.Fatalf("discs %d–%d: want Black ahead for this test", o.Black, o.White)
	}
	if o.Winner != game.White || o.BlackScore != 0 || o.WhiteScore != 64 {
		t.Errorf("Black resigning ahead: %+v, want White winning 64–0", o)
	}
	if got := ahead.GGF("b", "w").Result; got != "-64.00:r" {
		t.Errorf("GGF RE = %q, want -64.00:r", got)
	}
	if got := load(t, newTestGame(t, club.Local, game.Empty, 6, "")).Outcome().GGFResult(false); got != "?" {
		t.Errorf("GGF RE of a game in play = %q, want ?", got)
	}
	// In a local game the side to move resigns.
	l := load(t, newTestGame(t, club.Local, game.Empty, 8, "f5"))
	if err := l.Resign(1); err != nil || l.Game.Resigned != game.White {
		t.Errorf("local resign: %v, resigned %v; want White", err, l.Game.Resigned)
	}
}

func TestHints(t *testing.T) {
	g := newTestGame(t, club.Computer, game.Black, 8, "")
	m := load(t, g)
	need, err := m.NeedsHint(0)
	if err != nil || !need {
		t.Fatalf("NeedsHint(0) = %v, %v; want true", need, err)
	}
	m.SetHint(game.SquareAt(8, 5, 4))
	if need, err := m.NeedsHint(0); err != nil || need {
		t.Errorf("NeedsHint after a hint = %v, %v; want false", need, err)
	}
	if sq, ok := m.Hint(); !ok || sq.Name(8) != "f5" || g.Hints != 1 {
		t.Errorf("Hint() = %v, %v with %d hints; want f5, true, 1", sq, ok, g.Hints)
	}
	m.Room = &club.Room{GameID: "g", Guest: "x"}
	if _, err := m.NeedsHint(0); !errors.Is(err, ErrNotOnline) {
		t.Errorf("NeedsHint online = %v, want ErrNotOnline", err)
	}
}

// TestNextRound plays the score and sides of a match through rounds.
func TestNextRound(t *testing.T) {
	// A finished 6×6 game, won by one side, found by random play.
	rng := rand.New(rand.NewPCG(3, 4))
	var rec *game.Game
	winner := game.Empty
	for winner == game.Empty {
		rec, _ = game.NewGame(game.Options{Size: 6, Start: game.Cross})
		b, _ := rec.Board()
		for ; !b.Over(); b, _ = rec.Board() {
			ms := slices.Collect(b.Moves().All())
			mv := game.Pass
			if len(ms) > 0 {
				mv = ms[rng.IntN(len(ms))]
			}
			rec.Play(mv)
		}
		winner = b.Result().Winner
	}
	tests := []struct {
		name                string
		hostColor           game.Color
		hostAgain, guestAgn club.Again
		wantHostColor       game.Color
	}{
		{"switch", game.Black, club.AgainSwitch, club.AgainSwitch, game.White},
		{"host keeps", game.Black, club.AgainKeep, club.AgainSwitch, game.Black},
		{"guest keeps", game.White, club.AgainSwitch, club.AgainKeep, game.White},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &club.Game{ID: "g1", Opponent: club.Online, Human: tt.hostColor, Level: "easy", Record: *rec, Status: club.Over}
			r := &club.Room{ID: "r", GameID: "g1", Host: "host", Guest: "guest", HostColor: tt.hostColor, Round: 1,
				HostAgain: tt.hostAgain, GuestAgain: tt.guestAgn, Version: 4}
			m, err := LoadSeated(g, r, "guest")
			if err != nil {
				t.Fatal(err)
			}
			sc := m.Score()
			guestWon := winner != tt.hostColor
			if want := map[bool]int{true: 1, false: 0}[guestWon]; sc.Mine != want || sc.Theirs != 1-want || sc.Round != 1 {
				t.Errorf("guest's Score() = %+v, want mine %d, theirs %d in round 1", sc, want, 1-want)
			}
			if err := m.CheckAgain(3); !errors.Is(err, club.ErrStale) {
				t.Errorf("CheckAgain(old version) = %v, want stale", err)
			}
			if !BothAgain(r) {
				t.Fatal("BothAgain = false")
			}
			next := NextRound(m, r, "g2")
			if r.HostColor != tt.wantHostColor || next.Human != tt.wantHostColor || r.Round != 2 || next.ID != "g2" || next.PlayerID != "host" {
				t.Errorf("next round: room %+v, game human %v; want host %v in round 2", r, next.Human, tt.wantHostColor)
			}
			if r.HostWins+r.GuestWins != 1 || (r.GuestWins == 1) != guestWon {
				t.Errorf("score after the round: host %d, guest %d; guest won: %v", r.HostWins, r.GuestWins, guestWon)
			}
		})
	}
}

func TestExpired(t *testing.T) {
	now := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	r := &club.Room{GameID: "g", Updated: now.Add(-48 * time.Hour)}
	g := &club.Game{ID: "g", Updated: now.Add(-time.Hour)}
	if Expired(r, g, 24*time.Hour, now) {
		t.Error("a room whose game moved an hour ago expired")
	}
	if !Expired(r, nil, 24*time.Hour, now) {
		t.Error("a room unused for two days did not expire after one")
	}
}

func TestValidStamp(t *testing.T) {
	for s, want := range map[string]bool{
		"0-0": true, "12-3": true, "": false, "1": false, "1-": false, "-1": false, "a-1": false,
		"1-2-1": true, "1-2-3": false, "1-2-": false, "1-2\n\ndata: x": false, "+1-2": false, "1-+2": false,
	} {
		if got := ValidStamp(s); got != want {
			t.Errorf("ValidStamp(%q) = %v, want %v", s, got, want)
		}
	}
}
