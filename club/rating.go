package club

import (
	"math"
	"time"

	"reversi/club/glicko"
	"reversi/game"
)

// Ratings. A named player has one Glicko-2 rating per board size and per
// speed (live clocks apart from correspondence), made when they finish
// their first rated game of that kind. Each rated game is its own rating
// period; each whole day a rating goes without a game is an idle period,
// in which only its deviation grows (glicko.Rating.Idle). The store
// applies a rated game's result in the same write as the game's end
// (Store.UpdateGame), so that it is applied once or not at all.

// Speed is the pace of a game, which a rating is kept apart for.
type Speed string

// The speeds. A game without a clock is played at leisure, and counts as
// correspondence.
const (
	Live           Speed = "live"
	Correspondence Speed = "correspondence"
)

// Speeds lists the speeds, in the order pages show them.
func Speeds() []Speed { return []Speed{Live, Correspondence} }

// SpeedOf returns the speed of a game with clock tc.
func SpeedOf(tc TimeControl) Speed {
	if tc.Correspondence() || tc.None() {
		return Correspondence
	}
	return Live
}

// IdlePeriod is how long a rating goes without a game for one idle
// period, in which its deviation grows.
const IdlePeriod = 24 * time.Hour

// Rating is one of a player's ratings: its kind (a board size and a
// speed), the Glicko-2 values after its last counted game, when that was,
// and the counts of its games.
type Rating struct {
	PlayerID string
	Name     Name
	Size     int
	Speed    Speed
	glicko.Rating
	// Last is when its last counted game ended.
	Last                       time.Time
	Games, Wins, Losses, Draws int
}

// NewRating returns the rating a player starts a kind with.
func NewRating(player string, size int, speed Speed) Rating {
	return Rating{PlayerID: player, Size: size, Speed: speed, Rating: glicko.New()}
}

// At returns the Glicko-2 values as they stand at now: the deviation
// grown by one idle period for each whole IdlePeriod since Last.
func (r *Rating) At(now time.Time) glicko.Rating {
	g := r.Rating
	if r.Last.IsZero() || !now.After(r.Last) {
		return g
	}
	// n idle steps in one: each adds σ² to φ² on the internal scale
	// (σ is the same at every step), never past a new player's.
	n := float64(now.Sub(r.Last) / IdlePeriod)
	if n == 0 {
		return g
	}
	phi := g.Deviation / glickoScale
	g.Deviation = min(glickoScale*math.Sqrt(phi*phi+n*g.Volatility*g.Volatility), glicko.StartDeviation)
	return g
}

// glickoScale is the Glicko-2 paper's factor between the familiar scale
// and its internal one (step 2).
const glickoScale = 173.7178

// Provisional reports whether the rating, as it stands at now, is too
// uncertain to be settled: its deviation is not below
// glicko.ProvisionalDeviation.
func (r *Rating) Provisional(now time.Time) bool { return r.At(now).Provisional() }

// Rate returns a's and b's ratings after a game between them that ended
// at now, where a scored scoreA (1 a win, 0.5 a draw, 0 a loss): each
// rating is first aged to now (At), then updated against the other's aged
// one, the game being its own rating period; the counts move on.
func Rate(a, b Rating, scoreA float64, now time.Time) (Rating, Rating, error) {
	ga, gb := a.At(now), b.At(now)
	na, err := ga.Update([]glicko.Result{{Opponent: gb, Score: scoreA}})
	if err != nil {
		return a, b, err
	}
	nb, err := gb.Update([]glicko.Result{{Opponent: ga, Score: 1 - scoreA}})
	if err != nil {
		return a, b, err
	}
	a.Rating, b.Rating = na, nb
	a.Last, b.Last = now, now
	a.count(scoreA)
	b.count(1 - scoreA)
	return a, b, nil
}

func (r *Rating) count(score float64) {
	r.Games++
	switch score {
	case 1:
		r.Wins++
	case 0:
		r.Losses++
	default:
		r.Draws++
	}
}

// RatedGame is one rated game in a player's history: the game, its kind,
// the opponent as they were then (their name and rating are kept as
// values, so that the line outlives an opponent who deletes themselves),
// the player's score and their rating after it.
type RatedGame struct {
	GameID   string
	PlayerID string
	Size     int
	Speed    Speed
	Opponent Name
	// OpponentRating is the opponent's rating before the game.
	OpponentRating float64
	Score          float64
	// Before is the player's rating before the game; Rating and
	// Deviation after it (the same as before when it did not count).
	Before, Rating, Deviation float64
	At                        time.Time
	// Counted is false for a result that moved no rating: see
	// Game.SharedNetwork.
	Counted bool
	// Gone says that the game itself is no longer kept (its room
	// expired, and its games with it): the result stands, but there is
	// no game to show.
	Gone bool
}

// Score returns what the side with colour c scored in a finished game: 1
// a win, 0.5 a draw, 0 a loss; ok is false for a game that is not over
// or was aborted, which has no result. A resignation or a loss on time
// (the side to move's) decides it whatever the discs say.
func (g *Game) Score(c game.Color) (score float64, ok bool) {
	if g.Status != Over || g.Ending == EndedAborted {
		return 0, false
	}
	var winner game.Color
	switch {
	case g.Resigned != game.Empty:
		winner = g.Resigned.Opponent()
	default:
		b, err := g.Record.Board()
		if err != nil {
			return 0, false
		}
		if g.Ending == EndedOnTime {
			winner = b.Turn().Opponent()
		} else {
			winner = b.Result().Winner
		}
	}
	switch winner {
	case game.Empty:
		return 0.5, true
	case c:
		return 1, true
	}
	return 0, true
}
