package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"reversi/game"
)

// Level is the computer's strength. The levels are listed once, in
// [levels]; everything else (the forms, the flags' help, the arena and GTP,
// validation of a stored game) reads that list, so a new level is a new
// entry there and its words in views/.
type Level int8

// The levels. Their numbers are not stored anywhere (a game stores the
// level's name), so a new one takes the next number, whatever its strength.
const (
	Easy Level = iota
	Normal
	Hard
	// Expert is the strongest level: Hard's search without slips, with a
	// larger budget and a deeper exact endgame.
	Expert
	// Beginner is the level for children and first games: a random
	// move, but a corner when it can take one, and never a move that
	// offers one when another move does not. It comes first in the
	// forms; its draw leans to big captures so that Easy, which keeps
	// corners safe too, beats it most of the time (docs/measurements.md).
	Beginner
)

// A levelEntry is one level of the registry: its name, as stored and as
// written in forms and flags, and how it chooses a move once the position
// has one (the placement phase and passes are handled before).
type levelEntry struct {
	level  Level
	name   string
	choose func(pl Player, ctx context.Context, b game.Board, rng *rand.Rand) game.Square
}

// levels is the registry, weakest first.
var levels = []levelEntry{
	{Beginner, "beginner", func(_ Player, _ context.Context, b game.Board, rng *rand.Rand) game.Square { return beginner(b, rng) }},
	{Easy, "easy", func(_ Player, _ context.Context, b game.Board, rng *rand.Rand) game.Square { return easy(b, rng) }},
	{Normal, "normal", func(_ Player, _ context.Context, b game.Board, rng *rand.Rand) game.Square { return normal(b, rng) }},
	{Hard, "hard", func(pl Player, ctx context.Context, b game.Board, rng *rand.Rand) game.Square {
		return pl.hard(ctx, b, rng, true)
	}},
	{Expert, "expert", func(pl Player, ctx context.Context, b game.Board, _ *rand.Rand) game.Square { return pl.expert(ctx, b) }},
}

// DefaultLevel is the level a new player's form starts at.
const DefaultLevel = Easy

// Levels returns every level, weakest first.
func Levels() []Level {
	out := make([]Level, len(levels))
	for i, e := range levels {
		out[i] = e.level
	}
	return out
}

// LevelNames returns the levels' names, weakest first.
func LevelNames() []string {
	out := make([]string, len(levels))
	for i, e := range levels {
		out[i] = e.name
	}
	return out
}

func (l Level) entry() (levelEntry, bool) {
	for _, e := range levels {
		if e.level == l {
			return e, true
		}
	}
	return levelEntry{}, false
}

// String returns the level's name: "easy", "normal", …
func (l Level) String() string {
	if e, ok := l.entry(); ok {
		return e.name
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// ParseLevel parses a level's name, as [Level.String] writes it.
func ParseLevel(name string) (Level, error) {
	for _, e := range levels {
		if strings.EqualFold(name, e.name) {
			return e.level, nil
		}
	}
	return 0, fmt.Errorf("level %q: want one of %s", name, strings.Join(LevelNames(), ", "))
}

// Defaults of [Player].
const (
	// DefaultNodes is Hard's search budget per move, in positions. It is
	// what makes Hard's choice reproducible.
	DefaultNodes = 1_000_000
	// DefaultNodes10 is DefaultNodes for 10×10, whose generic engine
	// is slower.
	DefaultNodes10 = 200_000
	// DefaultMoveTime caps Hard's time per move.
	DefaultMoveTime = 800 * time.Millisecond

	// ExpertNodes, ExpertNodes10 and ExpertMoveTime are Expert's
	// defaults, as the three above are Hard's.
	ExpertNodes    = 4_000_000
	ExpertNodes10  = 1_000_000
	ExpertMoveTime = 1500 * time.Millisecond
)

// Player is a computer player: a level and, for Hard and Expert, a search
// budget. Its zero value is an Easy player with the default budget.
type Player struct {
	Level Level
	// Nodes is the number of positions Hard or Expert may search for a
	// move before it stops deepening; 0 means the level's default
	// (DefaultNodes or ExpertNodes; DefaultNodes10 or ExpertNodes10 on
	// 10×10). An endgame solve that may fail gets a few times as many
	// (its positions are cheaper), except over the last empties (14 for
	// Hard on 6×6 and 8×8, 18 for Expert; fewer on 10×10), which it always
	// solves.
	Nodes uint64
	// MoveTime caps the level's time for a move, from the call to the
	// answer; 0 means DefaultMoveTime (ExpertMoveTime for Expert). A
	// context deadline caps it too. The search returns its best move so
	// far when either runs out; it stops at four fifths of MoveTime, the
	// rest being a margin for what the clock does not see between two
	// readings (a busy machine, the garbage collector).
	MoveTime time.Duration
}

// Choose returns the move that the computer at level plays in b; see
// [Player.Choose].
func Choose(ctx context.Context, b game.Board, level Level, rng *rand.Rand) (game.Square, error) {
	return Player{Level: level}.Choose(ctx, b, rng)
}

// Choose returns the move that the player makes in b: a square, or
// [game.Pass] when the side to move has no legal move. It returns
// [game.ErrGameOver] when neither side can move, and ctx's error if ctx has
// ended when Choose is called.
//
// If ctx ends (or MoveTime passes) while Hard is searching, Hard returns
// the best move of its deepest finished search, or else the first move in
// its move order, with a nil error: a legal move is always better than
// none to a caller under a deadline.
//
// The choice depends only on b, the player and the state of rng, unless
// the context or MoveTime cuts Hard's search short; in the free placement
// phase every level places on an empty centre square at random.
func (pl Player) Choose(ctx context.Context, b game.Board, rng *rand.Rand) (game.Square, error) {
	if err := ctx.Err(); err != nil {
		return game.Pass, err
	}
	moves := b.Moves()
	if moves.IsZero() {
		if b.OpponentMoves().IsZero() {
			return game.Pass, game.ErrGameOver
		}
		return game.Pass, nil
	}
	if b.Placing() {
		list := moves.Squares()
		return list[rng.IntN(len(list))], nil
	}
	e, ok := pl.Level.entry()
	if !ok {
		return game.Pass, fmt.Errorf("unknown level %d", pl.Level)
	}
	return e.choose(pl, ctx, b, rng), nil
}

// Hint returns the move that Expert would play in b. It
// returns [game.Pass] when the side to move must pass, [game.ErrGameOver]
// when the game is over and ctx's error if ctx has ended. In the free
// placement phase it names the first empty centre square.
func Hint(ctx context.Context, b game.Board) (game.Square, error) {
	if err := ctx.Err(); err != nil {
		return game.Pass, err
	}
	moves := b.Moves()
	switch {
	case !moves.IsZero() && b.Placing():
		return moves.First(), nil
	case moves.IsZero() && b.OpponentMoves().IsZero():
		return game.Pass, game.ErrGameOver
	case moves.IsZero():
		return game.Pass, nil
	}
	return Player{Level: Expert}.expert(ctx, b), nil
}
