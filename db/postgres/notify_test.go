package postgres

import (
	neturl "net/url"
	"testing"
	"time"

	"reversi/club"
	"reversi/db/postgres/pgtest"
	"reversi/game"
)

// notifier is the handlers' interface, which Notifier must satisfy
// without this package importing handlers.
var _ interface {
	Notify(gameID string)
	Subscribe(gameID string) (<-chan struct{}, func())
} = (*Notifier)(nil)

func listen(t testing.TB, url string) *Notifier {
	t.Helper()
	n, err := Listen(ctx, url, nil)
	if err != nil {
		t.Fatalf("Listen: %v", err)
	}
	t.Cleanup(func() { n.Close() })
	return n
}

// onlineGame stores a room and its game, with both seats taken.
func onlineGame(t testing.TB, s *Store, id string) *club.Game {
	t.Helper()
	for _, p := range []string{"host-" + id, "guest-" + id} {
		if err := s.CreatePlayer(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	g := &club.Game{ID: id, PlayerID: "host-" + id, Opponent: club.Online, Human: game.Black, Level: "easy",
		Record: game.Game{Options: game.Options{Size: 8, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass}
	r := &club.Room{ID: "room-" + id, Token: "tok-" + id, Host: "host-" + id, HostColor: game.Black, Round: 1}
	if err := s.CreateRoom(ctx, r, g); err != nil {
		t.Fatal(err)
	}
	if err := s.JoinRoom(ctx, r.ID, "guest-"+id); err != nil {
		t.Fatal(err)
	}
	return g
}

// moveAndUndo stores one move in g, or takes it back when there is one,
// so that it can be called again and again.
func moveAndUndo(tb testing.TB, s *Store, g *club.Game) {
	old := g.Ply()
	if old == 0 {
		g.Record.Plies = append(g.Record.Plies, game.SquareAt(8, 5, 4)) // f5
	} else {
		g.Record.Plies = g.Record.Plies[:0]
	}
	if err := s.UpdateGame(ctx, g, old); err != nil {
		tb.Fatal(err)
	}
}

// TestNotifierAcrossServers has a move stored through one server's store
// wake a waiter on another server's Notifier, and only the waiters of that
// game; and Notify wake local waiters at once.
func TestNotifierAcrossServers(t *testing.T) {
	base := pgtest.NewDatabase(t)
	u, _ := neturl.Parse(base)
	q := u.Query()
	q.Set("pool_max_conns", "3") // a pool's parameter, which the listener must leave out
	u.RawQuery = q.Encode()
	url := u.String()
	a, b := open(t, url), listen(t, url)
	ch1, stop1 := b.Subscribe("g1")
	defer stop1()
	ch2, stop2 := b.Subscribe("g2")
	defer stop2()
	g := onlineGame(t, a, "g1")
	onlineGame(t, a, "g2")
	// Notifications arrive in commit order: once a marker sent now has
	// arrived, so have the setup's, and the waiters can be emptied.
	marker := syncWith(t, base, b)
	drain(ch1, ch2)
	moveAndUndo(t, a, g)
	<-ch1 // the test's deadline bounds the wait
	marker()
	select {
	case <-ch2:
		t.Error("a move in g1 woke a waiter on g2")
	default:
	}
	b.Notify("g2")
	<-ch2
	stop1()
	b.Notify("g1") // no one is waiting: nothing to do, nothing blocks
}

// syncWith sends a notification of its own through the database and waits
// until n has delivered it, and returns a function that does it again.
func syncWith(t *testing.T, url string, n *Notifier) func() {
	conn := connect(t, url)
	ch, stop := n.Subscribe("marker")
	t.Cleanup(stop)
	f := func() {
		t.Helper()
		drain(ch)
		if _, err := conn.Exec(ctx, `SELECT pg_notify($1, 'marker')`, Channel); err != nil {
			t.Fatal(err)
		}
		<-ch
	}
	f()
	return f
}

func drain(chs ...<-chan struct{}) {
	for _, ch := range chs {
		select {
		case <-ch:
		default:
		}
	}
}

// TestNotifierReconnects cuts the listener's connection from the server
// side: the Notifier reconnects by itself, wakes every local waiter (a
// notification may have been lost meanwhile), and listens again.
func TestNotifierReconnects(t *testing.T) {
	url := pgtest.NewDatabase(t)
	s, n := open(t, url), listen(t, url)
	g := onlineGame(t, s, "g1")
	ch, stop := n.Subscribe("g1")
	defer stop()
	other, stopOther := n.Subscribe("g-other")
	defer stopOther()
	admin := connect(t, pgtest.URL(t))
	for round := range 3 {
		pid, next := n.backendPID()
		if pid == 0 {
			t.Fatal("not listening")
		}
		if _, err := admin.Exec(ctx, `SELECT pg_terminate_backend($1)`, int32(pid)); err != nil {
			t.Fatal(err)
		}
		<-next  // reconnected
		<-ch    // woken by the reconnection
		<-other // every waiter is
		moveAndUndo(t, s, g)
		<-ch // and notifications arrive again
		t.Logf("round %d: reconnected after pid %d", round, pid)
	}
}

// TestNotifierClose checks that Close ends the listener, and may be
// called twice.
func TestNotifierClose(t *testing.T) {
	n := listen(t, pgtest.NewDatabase(t))
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-n.done:
	default:
		t.Error("the listener still runs after Close")
	}
}

// TestNotifierPingsWhenIdle checks that the listener's pings, sent when no
// notification has come for a while, leave its connection listening.
func TestNotifierPingsWhenIdle(t *testing.T) {
	url := pgtest.NewDatabase(t)
	s := open(t, url)
	d := idlePing
	idlePing = 20 * time.Millisecond
	n := listen(t, url)
	idlePing = d
	pid, _ := n.backendPID()
	for range 3 {
		<-n.pinged
	}
	if again, _ := n.backendPID(); again != pid {
		t.Errorf("the listener reconnected (pid %d, then %d); want the same connection after pings", pid, again)
	}
	ch, stop := n.Subscribe("g1")
	defer stop()
	moveAndUndo(t, s, onlineGame(t, s, "g1"))
	<-ch
}

// TestChallengeAcceptedAcrossServers has a challenge accepted through one
// server's store wake its maker's waiting page on another server: the
// notification of the challenge's key goes with the accept's commit.
func TestChallengeAcceptedAcrossServers(t *testing.T) {
	url := pgtest.NewDatabase(t)
	a, b := open(t, url), listen(t, url)
	for _, p := range []string{"maker", "taker"} {
		if err := a.CreatePlayer(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	c := &club.Challenge{ID: "c1", PlayerID: "maker", Size: 8}
	if err := a.MakeChallenge(ctx, c); err != nil {
		t.Fatal(err)
	}
	ch, stop := b.Subscribe(club.ChallengeKey("c1"))
	defer stop()
	syncWith(t, url, b)
	drain(ch)
	g := &club.Game{ID: "g1", PlayerID: "maker", Opponent: club.Online, Human: game.White, Level: "easy",
		Record: game.Game{Options: game.Options{Size: 8, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass}
	r := &club.Room{ID: "r1", Token: "t1", Host: "maker", Guest: "taker", HostColor: game.White, Round: 1, Public: true}
	if err := a.AcceptChallenge(ctx, "c1", time.Now().Add(-time.Hour), r, g); err != nil {
		t.Fatal(err)
	}
	<-ch // the test's deadline bounds the wait
}
