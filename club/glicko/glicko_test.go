package glicko

import (
	"errors"
	"math"
	"testing"
)

// near reports whether got rounds to want at the given number of
// decimals, the way the paper prints its figures.
func near(got, want float64, decimals int) bool {
	p := math.Pow(10, float64(decimals))
	return math.Round(got*p) == math.Round(want*p)
}

// TestPaperExample reproduces the worked example of Glickman's paper: a
// player rated 1500 (RD 200, σ 0.06) beats a 1400 (RD 30) and loses to a
// 1550 (RD 100) and a 1700 (RD 300), with τ 0.5. The paper finds 1464.06,
// RD 151.52 and σ 0.05999, from μ' = -0.2069 and φ' = 0.8722 on the
// internal scale. The paper rounds μ' and φ' to four places before it
// converts them back (and cuts σ' at five), so the published figures sit
// within one unit of their last digit of the exact ones (1464.0507,
// 151.5165, 0.0599960): the internal values are checked rounded as the
// paper rounds them, the published ones to within that unit.
func TestPaperExample(t *testing.T) {
	player := Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	got, err := player.Update([]Result{
		{Opponent: Rating{Rating: 1400, Deviation: 30}, Score: 1},
		{Opponent: Rating{Rating: 1550, Deviation: 100}, Score: 0},
		{Opponent: Rating{Rating: 1700, Deviation: 300}, Score: 0},
	})
	if err != nil {
		t.Fatal(err)
	}
	if mu, phi := (got.Rating-1500)/scale, got.Deviation/scale; !near(mu, -0.2069, 4) || !near(phi, 0.8722, 4) {
		t.Errorf("internal μ' %.6f, φ' %.6f; want -0.2069, 0.8722", mu, phi)
	}
	within := func(got, want, unit float64) bool { return math.Abs(got-want) < unit }
	if !within(got.Rating, 1464.06, 0.01) || !within(got.Deviation, 151.52, 0.01) || !within(got.Volatility, 0.05999, 0.00001) {
		t.Errorf("Update = %.4f, RD %.4f, σ %.6f; want 1464.06, RD 151.52, σ 0.05999", got.Rating, got.Deviation, got.Volatility)
	}
}

// TestFirstGame checks one game between two new players, each game its
// own period: the winner goes to about 1662 and the loser to about 1338,
// each deviation to about 290; a draw moves neither rating.
func TestFirstGame(t *testing.T) {
	tests := []struct {
		name       string
		score      float64
		wantRating float64
	}{
		{"win", 1, 1662.31},
		{"loss", 0, 1337.69},
		{"draw", 0.5, 1500},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := New().Update([]Result{{Opponent: New(), Score: tt.score}})
			if err != nil {
				t.Fatal(err)
			}
			if !near(got.Rating, tt.wantRating, 2) {
				t.Errorf("rating %.4f, want %.2f", got.Rating, tt.wantRating)
			}
			if !near(got.Deviation, 290.32, 2) {
				t.Errorf("deviation %.4f, want 290.32", got.Deviation)
			}
			if !got.Provisional() {
				t.Error("a rating after one game is not provisional")
			}
		})
	}
}

// TestSymmetry checks that one game moves the two players by equal and
// opposite amounts when they start equal.
func TestSymmetry(t *testing.T) {
	a, b := Rating{1620, 80, 0.06}, Rating{1620, 80, 0.06}
	wa, _ := a.Update([]Result{{Opponent: b, Score: 1}})
	lb, _ := b.Update([]Result{{Opponent: a, Score: 0}})
	if !near(wa.Rating-1620, 1620-lb.Rating, 6) {
		t.Errorf("winner +%.6f, loser -%.6f", wa.Rating-1620, 1620-lb.Rating)
	}
}

// TestIdle checks that a period without games grows the deviation by
// the volatility alone, up to a new player's.
func TestIdle(t *testing.T) {
	r := Rating{Rating: 1700, Deviation: 50, Volatility: 0.06}
	got := r.Idle()
	want := math.Sqrt(50*50/(scale*scale)+0.06*0.06) * scale
	if got.Rating != 1700 || got.Volatility != 0.06 || !near(got.Deviation, want, 9) {
		t.Errorf("Idle = %+v, want deviation %.4f", got, want)
	}
	if got, _ := r.Update(nil); got != r.Idle() {
		t.Errorf("Update(nil) = %+v, want Idle's %+v", got, r.Idle())
	}
	for range 10000 {
		r = r.Idle()
	}
	if r.Deviation != StartDeviation {
		t.Errorf("after long idleness the deviation is %.2f, want %d", r.Deviation, StartDeviation)
	}
}

func TestBadScore(t *testing.T) {
	if _, err := New().Update([]Result{{Opponent: New(), Score: 2}}); !errors.Is(err, ErrScore) {
		t.Errorf("score 2: %v, want ErrScore", err)
	}
}

// FuzzUpdate checks that any game between sensible ratings gives finite
// figures, a deviation that never grows past the period's, and a rating
// that moves the way the score says.
func FuzzUpdate(f *testing.F) {
	f.Add(1500.0, 350.0, 0.06, 1500.0, 350.0, uint8(2))
	f.Add(2400.0, 40.0, 0.03, 900.0, 300.0, uint8(0))
	f.Fuzz(func(t *testing.T, r, rd, vol, or, ord float64, s uint8) {
		if !(r > 0 && r < 4000 && rd >= 30 && rd <= 350 && vol > 0.001 && vol < 0.2 && or > 0 && or < 4000 && ord >= 30 && ord <= 350) {
			return
		}
		score := float64(s%3) / 2
		before := Rating{r, rd, vol}
		got, err := before.Update([]Result{{Opponent: Rating{or, ord, 0.06}, Score: score}})
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range []float64{got.Rating, got.Deviation, got.Volatility} {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				t.Fatalf("%+v → %+v", before, got)
			}
		}
		if got.Deviation > before.Idle().Deviation+1e-9 {
			t.Errorf("deviation grew from %.4f to %.4f", rd, got.Deviation)
		}
		if score == 1 && got.Rating < r || score == 0 && got.Rating > r {
			t.Errorf("score %v moved %.4f to %.4f", score, r, got.Rating)
		}
	})
}
