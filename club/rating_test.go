package club

import (
	"math"
	"testing"
	"time"

	"reversi/club/glicko"
	"reversi/game"
)

// TestRateFirstGame: two new players, the first game each: 1662 and
// 1338, both deviations about 290, both provisional; a draw moves
// neither rating.
func TestRateFirstGame(t *testing.T) {
	now := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name         string
		score        float64
		wantA, wantB float64
	}{
		{"win", 1, 1662.31, 1337.69},
		{"loss", 0, 1337.69, 1662.31},
		{"draw", 0.5, 1500, 1500},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b, err := Rate(NewRating("a", 8, Live), NewRating("b", 8, Live), tt.score, now)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(a.Rating.Rating-tt.wantA) > 0.01 || math.Abs(b.Rating.Rating-tt.wantB) > 0.01 {
				t.Errorf("Rate = %.2f, %.2f; want %.2f, %.2f", a.Rating.Rating, b.Rating.Rating, tt.wantA, tt.wantB)
			}
			if math.Abs(a.Deviation-290.32) > 0.01 || !a.Provisional(now) || a.Games != 1 || !a.Last.Equal(now) {
				t.Errorf("a = %+v; want RD 290.32, provisional, one game, last now", a)
			}
		})
	}
	if _, _, err := Rate(NewRating("a", 8, Live), NewRating("b", 8, Live), 0.3, now); err == nil {
		t.Error("Rate with score 0.3: no error")
	}
}

// TestRatingAt: the deviation grows by one idle step (glicko's Idle) per
// whole day without a game, never past 350, and a rating that settles
// below 110 becomes provisional again after long enough.
func TestRatingAt(t *testing.T) {
	last := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r := Rating{Rating: glicko.Rating{Rating: 1800, Deviation: 60, Volatility: 0.06}, Last: last}
	if got := r.At(last.Add(23 * time.Hour)); got != r.Rating {
		t.Errorf("At, within a day = %+v, want unchanged", got)
	}
	want := r.Rating
	for range 3 {
		want = want.Idle()
	}
	if got := r.At(last.Add(3*24*time.Hour + time.Hour)); math.Abs(got.Deviation-want.Deviation) > 1e-9 || got.Rating != 1800 {
		t.Errorf("At, three days on = %+v, want %+v", got, want)
	}
	if r.Provisional(last.Add(24 * time.Hour)) {
		t.Error("provisional a day after RD 60")
	}
	if !r.Provisional(last.Add(2 * 365 * 24 * time.Hour)) {
		t.Errorf("not provisional two years on: RD %.1f", r.At(last.Add(2*365*24*time.Hour)).Deviation)
	}
	if got := r.At(last.Add(100 * 365 * 24 * time.Hour)).Deviation; got != glicko.StartDeviation {
		t.Errorf("RD after a century = %v, want 350", got)
	}
}

func TestSpeedOf(t *testing.T) {
	for name, want := range map[string]Speed{"1+0": Live, "5+3": Live, "15+10": Live, "1d": Correspondence, "7d": Correspondence, "none": Correspondence} {
		tc, err := ParseTimeControl(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := SpeedOf(tc); got != want {
			t.Errorf("SpeedOf(%s) = %s, want %s", name, got, want)
		}
	}
}

// TestScore: a resignation and a loss on time decide whatever the
// discs; an aborted game or one still playing has no result.
func TestScore(t *testing.T) {
	g := &Game{Record: game.Game{Options: game.Options{Size: 8, Start: game.Cross}}, Status: Over}
	for _, m := range []string{"f5", "d6", "c3", "d3"} {
		sq, _ := game.ParseMove(8, m)
		if _, err := g.Record.Play(sq); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name     string
		resigned game.Color
		ending   Ending
		status   Status
		black    float64
		ok       bool
	}{
		{"black resigns", game.Black, EndedNormally, Over, 0, true},
		{"white resigns", game.White, EndedNormally, Over, 1, true},
		{"black on time (to move)", game.Empty, EndedOnTime, Over, 0, true},
		{"aborted", game.Empty, EndedAborted, Over, 0, false},
		{"playing", game.Empty, EndedNormally, Playing, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := *g
			h.Resigned, h.Ending, h.Status = tt.resigned, tt.ending, tt.status
			got, ok := h.Score(game.Black)
			if got != tt.black || ok != tt.ok {
				t.Errorf("Score(Black) = %v, %v; want %v, %v", got, ok, tt.black, tt.ok)
			}
			if w, _ := h.Score(game.White); ok && w != 1-got {
				t.Errorf("Score(White) = %v, want %v", w, 1-got)
			}
		})
	}
}

// TestMeIsNoName: the profile's address /players/{name} sits beside the
// player's own page /players/me, which no name can shadow.
func TestMeIsNoName(t *testing.T) {
	if _, err := ParseName("me", nil); err == nil {
		t.Error(`"me" is a name`)
	}
}
