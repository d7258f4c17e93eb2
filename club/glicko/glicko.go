// Package glicko rates players with the Glicko-2 system, as Mark
// Glickman's paper "Example of the Glicko-2 system" sets out its steps:
// a rating, its deviation (how sure the rating is) and a volatility (how
// much the player's strength swings), updated after a rating period from
// the games played in it.
//
// The site makes each game its own rating period, so Update is usually
// called with one result; a player who sits out periods has only their
// deviation grown ([Rating.Idle]). The numbers are on the familiar
// scale (1500 a start); the steps run on the paper's internal scale.
package glicko

import (
	"errors"
	"math"
)

// The system's settings, as the site uses them.
const (
	// StartRating, StartDeviation and StartVolatility are a new player's.
	StartRating     = 1500
	StartDeviation  = 350
	StartVolatility = 0.06
	// Tau constrains how fast the volatility changes: small values keep
	// it steady. The paper suggests 0.3 to 1.2.
	Tau = 0.5
	// ProvisionalDeviation is the deviation at or above which a rating is
	// shown as provisional: too few games to trust it.
	ProvisionalDeviation = 110
)

// scale turns the familiar scale into the internal one (step 2).
const scale = 173.7178

// epsilon is the convergence tolerance of the volatility's iteration
// (step 5), the paper's value.
const epsilon = 0.000001

// Rating is a player's rating: the rating itself (R), its deviation (RD)
// and the volatility (σ).
type Rating struct {
	Rating, Deviation, Volatility float64
}

// New returns a new player's rating.
func New() Rating {
	return Rating{Rating: StartRating, Deviation: StartDeviation, Volatility: StartVolatility}
}

// Provisional reports whether the rating is too uncertain to show as
// settled.
func (r Rating) Provisional() bool { return r.Deviation >= ProvisionalDeviation }

// Result is one game of a rating period: the opponent's rating before
// the period, and the score, 1 for a win, 0.5 for a draw, 0 for a loss.
type Result struct {
	Opponent Rating
	Score    float64
}

// ErrScore means that a result's score is not 0, 0.5 or 1.
var ErrScore = errors.New("a score is 0, 0.5 or 1")

// Idle returns the rating after a period without games: the rating and
// volatility stay, and the deviation grows (step 6 alone), never past a
// new player's.
func (r Rating) Idle() Rating {
	phi := r.Deviation / scale
	phi = math.Sqrt(phi*phi + r.Volatility*r.Volatility)
	r.Deviation = min(phi*scale, StartDeviation)
	return r
}

// Update returns the rating after a period with the given results,
// following the paper's steps 2 to 8. With no results it is Idle.
func (r Rating) Update(results []Result) (Rating, error) {
	if len(results) == 0 {
		return r.Idle(), nil
	}
	// Step 2: to the internal scale.
	mu := (r.Rating - StartRating) / scale
	phi := r.Deviation / scale
	sigma := r.Volatility
	// Steps 3 and 4: the estimated variance v of the rating from the
	// games alone, and the estimated improvement Δ.
	var vInv, sum float64
	for _, res := range results {
		if res.Score != 0 && res.Score != 0.5 && res.Score != 1 {
			return r, ErrScore
		}
		muJ := (res.Opponent.Rating - StartRating) / scale
		gJ := g(res.Opponent.Deviation / scale)
		e := expected(mu, muJ, gJ)
		vInv += gJ * gJ * e * (1 - e)
		sum += gJ * (res.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	sigma = volatility(delta, phi, v, sigma)
	// Step 6: the deviation grown by the volatility over the period.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	// Step 7: the new deviation and rating.
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	// Step 8: back to the familiar scale.
	return Rating{Rating: scale*muNew + StartRating, Deviation: scale * phiNew, Volatility: sigma}, nil
}

// g weighs a game by the opponent's deviation: an uncertain opponent's
// result says less.
func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

// expected is the expected score against an opponent at muJ.
func expected(mu, muJ, gJ float64) float64 { return 1 / (1 + math.Exp(-gJ*(mu-muJ))) }

// volatility solves step 5's equation f(x) = 0 for x = ln σ'² and
// returns σ'.
func volatility(delta, phi, v, sigma float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(Tau*Tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*Tau) < 0 {
			k++
		}
		B = a - k*Tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > epsilon {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
