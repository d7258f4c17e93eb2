// Package play is the application: one method per thing a person does
// (start a game, move, pass, undo, ask for a hint, resign, change the
// settings, join an online game, play again, practise, try a square in the
// tutorial, import a record, ask for a review, delete a game). It owns the
// rules above the board's: who may act on a game, a match's seats and
// rounds, the computer's search slots, time limit and fallback move, the
// review queue, expiry, the practice board and the tutorial's questions.
//
// It knows no HTTP: package handlers parses a request, calls an [App]
// method with the player's id, and renders what comes back. It returns
// typed values and the errors below, never words for people; package views
// words them. Every method that changes a game stores it with one write
// conditional on the version that was read, so a refused or stale request
// changes nothing.
package play

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/netip"
	"runtime"
	"sync"
	"time"

	"reversi/ai"
	"reversi/club"
	"reversi/game"
)

// Config is what an App is made from. Store is required; the rest have
// defaults.
type Config struct {
	Store club.Store
	// Notifier carries changes to online games to the players waiting on
	// them; an in-process club.Broker by default.
	Notifier club.Notifier
	Logger   *slog.Logger
	// AITimeout bounds one computer move or hint, the wait for a search
	// slot included; 5 s by default.
	AITimeout time.Duration
	// Choose and Hint default to ai.Choose and ai.Hint.
	Choose func(ctx context.Context, b game.Board, level ai.Level, rng *rand.Rand) (game.Square, error)
	Hint   func(ctx context.Context, b game.Board) (game.Square, error)
	// RoomTTL is how long an online room may sit unused before it
	// expires; DefaultRoomTTL by default.
	RoomTTL time.Duration
	// Now is the clock; time.Now by default. Room expiry and player
	// expiry read it.
	Now func() time.Time
	// Review are the options of game reviews (tests make them cheaper).
	Review ai.ReviewOptions
	// Observer is told of moves, searches and reviews, for metrics; none
	// by default.
	Observer Observer
}

// DefaultRoomTTL is how long a room may sit unused before it expires.
const DefaultRoomTTL = 7 * 24 * time.Hour

// App is the application. Its methods are safe for concurrent use.
type App struct {
	store     club.Store
	notifier  club.Notifier
	log       *slog.Logger
	aiTimeout time.Duration
	choose    func(ctx context.Context, b game.Board, level ai.Level, rng *rand.Rand) (game.Square, error)
	hint      func(ctx context.Context, b game.Board) (game.Square, error)
	// aiSlots bounds the computer's moves and hints that run at once: one
	// per core but one, which is left to pages and human moves; shared
	// fairly among networks (slots.go).
	aiSlots *fairSlots
	// reviewSlot is the reviews' own search slot, so that no computer
	// move waits behind a review's search.
	reviewSlot chan struct{}
	// analysisSlots bound the analyses running at once, apart from the
	// computer's slots and the review's (analysis.go), and solved is the
	// cache of solved positions that analyses, reviews and hints share.
	analysisSlots *fairSlots
	solved        *ai.SolveCache
	analysed      analysisCache // the latest analyses, by position
	roomTTL       time.Duration
	now           func() time.Time
	reviews       *reviewQueue
	// draining is closed by Drain.
	draining  chan struct{}
	drainOnce sync.Once
	observer  Observer
	// searchWaits counts the searches waiting for a slot.
	searchWaits counter
	// turns holds each player's and each game's searching calls to one
	// at a time (turns.go).
	turns *keyedLocks
}

// New returns an App for cfg.
func New(cfg Config) (*App, error) {
	if cfg.Store == nil {
		return nil, errors.New("play: Store is required")
	}
	a := &App{
		store:      cfg.Store,
		notifier:   cfg.Notifier,
		log:        cfg.Logger,
		aiTimeout:  cfg.AITimeout,
		choose:     cfg.Choose,
		hint:       cfg.Hint,
		aiSlots:    newFairSlots(max(1, runtime.GOMAXPROCS(0)-1)),
		reviewSlot: make(chan struct{}, 1),
		// One analysis at a time: with the computer's slots and the
		// review's, the searches already outnumber the cores.
		analysisSlots: newFairSlots(1),
		solved:        ai.NewSolveCache(solvedPositions),
		roomTTL:       cfg.RoomTTL,
		now:           cfg.Now,
		reviews:       &reviewQueue{opt: cfg.Review},
		draining:      make(chan struct{}),
		turns:         newKeyedLocks(),
	}
	if a.notifier == nil {
		a.notifier = club.NewBroker()
	}
	if a.log == nil {
		a.log = slog.Default()
	}
	if a.aiTimeout <= 0 {
		a.aiTimeout = 5 * time.Second
	}
	if a.choose == nil {
		a.choose = ai.Choose
	}
	if a.hint == nil {
		a.hint = ai.Hint
	}
	if a.roomTTL <= 0 {
		a.roomTTL = DefaultRoomTTL
	}
	if a.now == nil {
		a.now = time.Now
	}
	if a.observer = cfg.Observer; a.observer == nil {
		a.observer = noObserver{}
	}
	return a, nil
}

// Drain stops the review queue and ends every wait in progress (long polls,
// event streams), so that a graceful shutdown need not wait for them.
func (a *App) Drain() { a.drainOnce.Do(func() { close(a.draining) }) }

// Draining returns a channel that is closed once Drain has been called.
func (a *App) Draining() <-chan struct{} { return a.draining }

// Now returns the app's time.
func (a *App) Now() time.Time { return a.now() }

// Notifier returns the notifier that carries changes to online games.
func (a *App) Notifier() club.Notifier { return a.notifier }

// SeePlayer records player id as seen now: a new player's row is made, an
// existing one's last-seen time moves on.
func (a *App) SeePlayer(ctx context.Context, id string) error {
	return a.store.CreatePlayer(ctx, id)
}

// Levels returns the names of the computer's levels, weakest first, and
// the one a new player's form starts at.
func Levels() (names []string, def string) { return ai.LevelNames(), ai.DefaultLevel.String() }

// ValidLevel reports whether name is a level of the registry. A game's
// level is checked here, not by the database, so that a new level needs
// no migration.
func ValidLevel(name string) bool {
	_, err := ai.ParseLevel(name)
	return err == nil
}

// parseLevel returns the stored level name's level. A name that the
// registry no longer has plays as the default level, and is logged.
func (a *App) parseLevel(g *club.Game) ai.Level {
	l, err := ai.ParseLevel(g.Level)
	if err != nil {
		a.log.Error("stored game has an unknown level; the computer plays the default", "game", g.ID, "level", g.Level)
		return ai.DefaultLevel
	}
	return l
}

func fmtErr(what string, err error) error { return fmt.Errorf("%s: %w", what, err) }

// Network names the network a client's address belongs to, for the
// limits on new players, games and reviews: IPv4 addresses by /24, IPv6 by /64,
// since one person easily has a whole IPv6 /64 (or a few IPv4 addresses
// next to each other) to draw from.
func Network(ip string) string {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return "addr " + ip
	}
	addr = addr.Unmap()
	bits := 64
	if addr.Is4() {
		bits = 24
	}
	p, _ := addr.Prefix(bits)
	return "net " + p.String()
}
