package club

import (
	"strconv"
	"time"

	"reversi/game"
)

// Player is a visitor as the site keeps them: the id their cookie holds,
// and the name they chose, if any. A player without a name plays casual
// games only and shows as anonymous.
type Player struct {
	ID       string
	Name     Name // "" until they choose one
	Created  time.Time
	LastSeen time.Time
}

// DeletedName is the name of the row that keeps a deleted player's seats
// in games played against someone else. Nobody can choose it (it is
// shorter than MinName); the pages say "a deleted player".
const DeletedName Name = "-"

// Named reports whether the player has chosen a name.
func (p *Player) Named() bool { return p.Name != "" && p.Name != DeletedName }

// ChallengeLife is how long an open challenge lasts after its maker's
// waiting page last asked about it: a maker who leaves leaves no ghost.
const ChallengeLife = 10 * time.Minute

// Challenge is an offer to play in the lobby, open until another player
// accepts it, its maker cancels it, or it goes unwatched for
// ChallengeLife. A quick-pairing wait is a challenge too, one that the
// lobby does not list: the next player who asks for the same pool meets
// it. A player has at most one open challenge.
type Challenge struct {
	ID       string
	PlayerID string
	// Name is the maker's name, or "" for an anonymous maker.
	Name  Name
	Size  int
	Clock TimeControl
	// Color is the side the maker wants, or game.Empty for either.
	Color game.Color
	Rated bool
	// Quick marks a quick-pairing wait.
	Quick bool
	// Created is when it was made, Seen when its maker's page last asked.
	Created, Seen time.Time
	// GameID is the game it became once accepted, or "".
	GameID string
	// Network is the network its maker made it from, as the app names
	// it (a digest, never an address), or "".
	Network string
	// Rating is the maker's rating of the challenge's kind (its size and
	// its clock's speed), or nil when they have none yet. The store sets
	// it when it reads a challenge.
	Rating *Rating
}

// Open reports whether the challenge may still be accepted at now.
func (c *Challenge) Open(now time.Time) bool {
	return c.GameID == "" && now.Sub(c.Seen) < ChallengeLife
}

// Pool names the quick-pairing pool that the challenge waits in: a board
// size and a clock.
func (c *Challenge) Pool() string { return strconv.Itoa(c.Size) + " " + c.Clock.String() }

// ChallengeKey is the key that a challenge's waiters subscribe to with a
// [Notifier]: the store notifies it when the challenge is accepted.
func ChallengeKey(id string) string { return "challenge:" + id }

// LiveGame is a game being played in a public room, as the lobby lists it.
type LiveGame struct {
	GameID string
	Size   int
	Clock  TimeControl
	// Black and White are the players' names, "" for an anonymous one.
	Black, White Name
	Ply          int
}
