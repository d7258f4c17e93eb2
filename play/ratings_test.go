package play_test

import (
	"context"
	"errors"
	"math"
	"testing"

	"reversi/club"
	"reversi/game"
	"reversi/play"
)

// ratedLobbyGame has alice (named Alice, from network netA) challenge to
// a rated 8×8 5+3 game as Black, and bob (Bob, from netB) accept it; it
// returns the game's id.
func ratedLobbyGame(t *testing.T, app *play.App, netA, netB string) string {
	t.Helper()
	ctx := context.Background()
	c, err := app.MakeChallenge(play.WithNetwork(ctx, netA), alice, offer(t, "8", "5+3", "black", true))
	if err != nil {
		t.Fatal(err)
	}
	id, err := app.Accept(play.WithNetwork(ctx, netB), bob, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func name(t *testing.T, app *play.App, player, n string) {
	t.Helper()
	if _, err := app.SetName(context.Background(), player, n); err != nil {
		t.Fatal(err)
	}
}

func TestRatedGameProfilesAndLeaders(t *testing.T) {
	app, _ := newApp(t, nil)
	ctx := context.Background()
	name(t, app, alice, "Alice")
	name(t, app, bob, "Bob")
	// An anonymous player can neither accept a rated challenge nor wait
	// in a rated pool.
	c, err := app.MakeChallenge(ctx, alice, offer(t, "8", "5+3", "black", true))
	if err != nil {
		t.Fatal(err)
	}
	if err := app.CheckAccept(ctx, "", c.ID); !errors.Is(err, play.ErrRatedAnonymous) {
		t.Errorf("CheckAccept by a visitor: %v, want ErrRatedAnonymous", err)
	}
	if _, err := app.Accept(ctx, carol, c.ID); !errors.Is(err, play.ErrRatedAnonymous) {
		t.Errorf("Accept by an anonymous player: %v, want ErrRatedAnonymous", err)
	}
	if _, _, err := app.Quick(ctx, carol, offer(t, "8", "5+3", "", true)); !errors.Is(err, play.ErrRatedAnonymous) {
		t.Errorf("a rated quick pool for an anonymous player: %v, want ErrRatedAnonymous", err)
	}

	id := ratedLobbyGame(t, app, "net a", "net b")
	m := mustGame(t, app, alice, id)
	if !m.Game.Rated || m.Game.SharedNetwork || m.Seat != game.Black {
		t.Fatalf("the game: rated %v, shared %v, alice %v; want rated, apart, Black", m.Game.Rated, m.Game.SharedNetwork, m.Seat)
	}
	for i, mv := range []string{"f5", "d6", "c3", "d3"} {
		p := []string{alice, bob}[i%2]
		m := mustGame(t, app, p, id)
		sq, _ := game.ParseSquare(8, mv)
		if _, err := app.Move(ctx, play.Who{Player: p}, m, i, sq); err != nil {
			t.Fatalf("move %s: %v", mv, err)
		}
	}
	if _, err := app.Resign(ctx, mustGame(t, app, alice, id), 4); err != nil {
		t.Fatal(err)
	}

	pb, err := app.Profile(ctx, "BOB")
	if err != nil || len(pb.Ratings) != 1 || len(pb.Recent) != 1 {
		t.Fatalf("Profile(BOB) = %+v, %v", pb, err)
	}
	r := pb.Ratings[0]
	if math.Round(r.Now.Rating) != 1662 || !r.Provisional || r.Size != 8 || r.Speed != club.Live || len(r.History) != 1 {
		t.Errorf("Bob's rating = %+v, want 1662, provisional, 8×8 live, one game in its history", r)
	}
	if _, err := app.Profile(ctx, "Nobody"); !errors.Is(err, play.ErrNoPlayer) {
		t.Errorf("Profile(Nobody): %v, want ErrNoPlayer", err)
	}
	l, err := app.Leaders(ctx, play.DefaultKind)
	if err != nil || len(l.Settled) != 0 || len(l.Provisional) != 2 || l.Provisional[0].Name != "Bob" {
		t.Errorf("Leaders = %+v, %v; want Bob then Alice, both provisional", l, err)
	}
	// One network for both: the game is marked.
	id = ratedLobbyGame(t, app, "net a", "net a")
	if m := mustGame(t, app, bob, id); !m.Game.SharedNetwork {
		t.Error("a rated game from one network is not marked")
	}
}

func TestParseKind(t *testing.T) {
	for _, tt := range []struct {
		size, speed string
		want        play.Kind
		ok          bool
	}{
		{"", "", play.Kind{Size: 8, Speed: club.Live}, true},
		{"6", "correspondence", play.Kind{Size: 6, Speed: club.Correspondence}, true},
		{"10", "", play.Kind{Size: 10, Speed: club.Live}, true},
		{"7", "", play.Kind{}, false},
		{"08", "", play.Kind{}, false},
		{"8", "blitz", play.Kind{}, false},
	} {
		got, err := play.ParseKind(tt.size, tt.speed)
		if (err == nil) != tt.ok || got != tt.want || (err != nil && !errors.Is(err, play.ErrNoKind)) {
			t.Errorf("ParseKind(%q, %q) = %v, %v", tt.size, tt.speed, got, err)
		}
	}
}

// TestRatedPoolsApart: a rated quick pool does not meet the casual one of
// the same clock and size.
func TestRatedPoolsApart(t *testing.T) {
	app, _ := newApp(t, nil)
	ctx := context.Background()
	name(t, app, alice, "Alice")
	name(t, app, bob, "Bob")
	if g, w, err := app.Quick(ctx, alice, offer(t, "", "3+2", "", true)); err != nil || g != "" || w == "" {
		t.Fatalf("the first in the rated pool: %q, %q, %v", g, w, err)
	}
	if g, _, err := app.Quick(ctx, bob, offer(t, "", "3+2", "", false)); err != nil || g != "" {
		t.Errorf("the casual pool met the rated one: %q, %v", g, err)
	}
	g, _, err := app.Quick(ctx, carol, offer(t, "", "3+2", "", false))
	if err != nil || g == "" {
		t.Fatalf("the casual pool: %q, %v; want bob's game", g, err)
	}
	if m := mustGame(t, app, carol, g); m.Game.Rated {
		t.Error("a casual pool made a rated game")
	}
	g, _, err = app.Quick(ctx, bob, offer(t, "", "3+2", "", true))
	if err != nil || g == "" {
		t.Fatalf("the rated pool: %q, %v; want alice's game", g, err)
	}
	if m := mustGame(t, app, bob, g); !m.Game.Rated {
		t.Error("a rated pool made a casual game")
	}
}
