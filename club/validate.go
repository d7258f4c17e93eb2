package club

import (
	"errors"
	"fmt"
	"regexp"

	"reversi/game"
)

// ErrInvalid means that a value breaks the core's rules for what may be
// stored; stores check new games with [Game.Validate] and store nothing
// then.
var ErrInvalid = errors.New("invalid value")

// levelPattern is the shape of a level's name. The levels themselves are
// listed once, in the engine's registry (package ai); the application
// checks a game's level against it. Here, and not in the schema, is the
// only check of the level that the stores make, so that a new level needs
// no migration.
var levelPattern = regexp.MustCompile(`^[a-z]{1,16}$`)

// Validate reports whether g may be stored as a new game: a known
// opponent, sides that fit it, a level that is a plain name, and options
// that package game accepts.
func (g *Game) Validate() error {
	switch {
	case g.ID == "" || g.PlayerID == "":
		return fmt.Errorf("%w: a game needs an id and a player", ErrInvalid)
	case g.Opponent != Computer && g.Opponent != Local && g.Opponent != Online:
		return fmt.Errorf("%w: opponent %q", ErrInvalid, g.Opponent)
	case (g.Opponent == Local) != (g.Human == game.Empty):
		return fmt.Errorf("%w: side %v against opponent %q", ErrInvalid, g.Human, g.Opponent)
	case !levelPattern.MatchString(g.Level):
		return fmt.Errorf("%w: level %q", ErrInvalid, g.Level)
	case g.Ending != EndedNormally && g.Ending != EndedOnTime && g.Ending != EndedAborted:
		return fmt.Errorf("%w: ending %q", ErrInvalid, g.Ending)
	case (g.Rated || g.SharedNetwork) && g.Opponent != Online:
		return fmt.Errorf("%w: a rated game against opponent %q", ErrInvalid, g.Opponent)
	}
	if err := g.Record.Options.Validate(); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	return nil
}
