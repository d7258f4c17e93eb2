package play

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"time"

	"reversi/club"
	"reversi/club/glicko"
	"reversi/game"
)

// Ratings: a named player's profile and the list of the best active
// players of a kind. The ratings themselves are written by the store, in
// the write that ends a rated game (club.Store.UpdateGame).

// Refusals of the ratings' pages.
var (
	// ErrNoPlayer: no player has the name asked for.
	ErrNoPlayer = errors.New("no player of that name")
	// ErrNoKind: a board size or speed that no rating is kept for.
	ErrNoKind = errors.New("no such kind of rating")
)

// ActiveFor is how recently a player must have finished a counted rated
// game of a kind to be listed among its best players.
const ActiveFor = 30 * 24 * time.Hour

// The bounds of the pages, which keep them under 4 KB gzipped.
const (
	// RecentGames is how many of a player's rated games the profile lists.
	RecentGames = 10
	// HistoryPoints is how many games of each rating its graph shows, the
	// latest.
	HistoryPoints = 30
	// maxLeaders is how many players the list of the best shows.
	maxLeaders = 40
)

// RatingLine is one of a player's ratings as a page shows it: the
// stored rating, its values as they stand now (the deviation grown for
// the days without a game), whether that makes it provisional, and its
// counted games, the oldest first, for the graph.
type RatingLine struct {
	*club.Rating
	Now         glicko.Rating
	Provisional bool
	History     []*club.RatedGame
}

// Profile is what a named player's page shows: their ratings and their
// recent rated games, the newest first.
type Profile struct {
	Player  *club.Player
	Ratings []RatingLine
	Recent  []*club.RatedGame
}

// Profile returns the profile of the player named name, or ErrNoPlayer.
func (a *App) Profile(ctx context.Context, name string) (*Profile, error) {
	if name == "" || len(name) > 4*club.MaxName {
		return nil, ErrNoPlayer
	}
	p, err := a.store.PlayerByName(ctx, club.Name(name))
	if errors.Is(err, club.ErrNotFound) {
		return nil, ErrNoPlayer
	}
	if err != nil {
		return nil, err
	}
	rs, err := a.store.Ratings(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	recent, err := a.store.RatedGames(ctx, p.ID, 0, "", RecentGames)
	if err != nil {
		return nil, err
	}
	pr := &Profile{Player: p, Recent: recent}
	for _, r := range rs {
		line := a.ratingLine(r, p.ID, r.Size, r.Speed)
		if line.History, err = a.store.RatedGames(ctx, p.ID, r.Size, r.Speed, HistoryPoints); err != nil {
			return nil, err
		}
		slices.Reverse(line.History)
		pr.Ratings = append(pr.Ratings, line)
	}
	return pr, nil
}

// Kind is a kind of rating: a board size and a speed.
type Kind struct {
	Size  int
	Speed club.Speed
}

// Kinds lists every kind of rating, in the order pages show them.
func Kinds() []Kind {
	var ks []Kind
	for _, n := range game.Sizes() {
		for _, sp := range club.Speeds() {
			ks = append(ks, Kind{n, sp})
		}
	}
	return ks
}

// DefaultKind is the kind the list of the best shows unless asked.
var DefaultKind = Kind{8, club.Live}

// ParseKind reads a kind from a size and a speed, each the default when
// empty, or returns ErrNoKind.
func ParseKind(size, speed string) (Kind, error) {
	k := DefaultKind
	if size != "" {
		n, err := strconv.Atoi(size)
		if err != nil || !slices.Contains(game.Sizes(), n) || strconv.Itoa(n) != size {
			return Kind{}, ErrNoKind
		}
		k.Size = n
	}
	if speed != "" {
		if !slices.Contains(club.Speeds(), club.Speed(speed)) {
			return Kind{}, ErrNoKind
		}
		k.Speed = club.Speed(speed)
	}
	return k, nil
}

// Leaders is the list of a kind's best active players: those whose
// rating is settled, the best first, and below them those whose rating
// is still provisional, the best first.
type Leaders struct {
	Kind
	Settled, Provisional []RatingLine
}

// Leaders returns the named players who finished a counted rated game
// of kind k within ActiveFor, by rating: the settled ones first, then
// the provisional ones (who are all there is for a while on a new
// site, or after a player's first game).
func (a *App) Leaders(ctx context.Context, k Kind) (*Leaders, error) {
	now := a.now()
	rs, err := a.store.Leaders(ctx, k.Size, k.Speed, now.Add(-ActiveFor), maxLeaders)
	if err != nil {
		return nil, err
	}
	l := &Leaders{Kind: k}
	for _, r := range rs {
		line := a.ratingLine(r, r.PlayerID, k.Size, k.Speed)
		if line.Provisional {
			l.Provisional = append(l.Provisional, line)
		} else {
			l.Settled = append(l.Settled, line)
		}
	}
	return l, nil
}

// ratingLine is r as it stands now, or a new player's rating of the kind
// when r is nil.
func (a *App) ratingLine(r *club.Rating, player string, size int, speed club.Speed) RatingLine {
	if r == nil {
		nr := club.NewRating(player, size, speed)
		r = &nr
	}
	now := a.now()
	return RatingLine{Rating: r, Now: r.At(now), Provisional: r.Provisional(now)}
}
