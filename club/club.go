// Package club is the domain at the core of the app, named for what the
// site is: a club where people play Reversi. It holds what the club keeps
// (players and their names, games, online rooms, lobby challenges and
// clocks, practice boards, puzzle progress, reviews), the errors at the
// storage edge, and the interfaces that the storage implements ([Store])
// and that carries changes between requests ([Notifier]).
//
// It imports only package game, its own club/glicko (the rating system)
// and golang.org/x/text, to compare names. The stores live under db/, one folder
// each (db/sqlite, the embedded default, and db/postgres); each must pass
// the contract suite in db/dbtest, which is written against [Store] alone.
// Nothing here knows SQL or HTTP.
package club

import (
	"context"
	"errors"
	"time"

	"reversi/game"
)

// Errors at the storage edge, checked with errors.Is.
var (
	// ErrNotFound means that no row has the id asked for.
	ErrNotFound = errors.New("not found")
	// ErrStale means that a conditional update found the row at another
	// version (a game at another ply) than the caller read, and changed
	// nothing.
	ErrStale = errors.New("changed since it was read")
	// ErrRoomFull means that the guest seat of a room is taken.
	ErrRoomFull = errors.New("room is full")
	// ErrClosed is returned by writes to a closed store.
	ErrClosed = errors.New("store is closed")
	// ErrUnavailable means that the database could not be reached (a
	// server restarting, say): the request may succeed if tried again.
	// Stores wrap such errors with it; the app answers 503.
	ErrUnavailable = errors.New("database unavailable")
	// ErrChallengeGone means that a challenge is no longer open: it was
	// accepted, cancelled or left to expire.
	ErrChallengeGone = errors.New("challenge no longer open")
	// ErrPlayerDeleted means that the player id was deleted (see
	// DeletePlayer) and may not come back: another browser still holds
	// it in its cookie.
	ErrPlayerDeleted = errors.New("player deleted")
)

// Store keeps players, games, online rooms and practice boards. Every write
// that a game or a room may race on is conditional on the version the
// caller read (a game's ply, a room's or practice board's version), and
// changes exactly one row or nothing.
type Store interface {
	// CreatePlayer records a player id as seen now: a new one is created,
	// one that exists has its last-seen time moved on. A deleted id is
	// refused with ErrPlayerDeleted.
	CreatePlayer(ctx context.Context, id string) error
	// Choices returns the player's last new-game choices as stored by
	// SetChoices, or "" when there are none (or no such player).
	Choices(ctx context.Context, player string) (string, error)
	// SetChoices keeps the player's new-game choices, an opaque string.
	SetChoices(ctx context.Context, player, choices string) error

	// CreateGame stores a new game. The caller chooses g.ID; the store
	// sets Created and Updated.
	CreateGame(ctx context.Context, g *Game) error
	// StartGame does in one write what starting a game asks: it records
	// g's player as seen now (as CreatePlayer, refusing a deleted id),
	// keeps their choices (as SetChoices) and stores g (as CreateGame).
	StartGame(ctx context.Context, g *Game, choices string) error
	// Game returns the game with the given id, or ErrNotFound.
	Game(ctx context.Context, id string) (*Game, error)
	// Unfinished returns the player's unfinished games (their own and
	// those where they hold a room's guest seat), the most recently
	// changed first, at most limit of them.
	Unfinished(ctx context.Context, playerID string, limit int) ([]*Game, error)
	// UpdateGame writes g's plies, status, counts, hint, clock and ending,
	// only while the stored game stands at ply oldPly and is still
	// playing (an ending is written at the ply of the last move, so the
	// version is the ply and the status): otherwise nothing changes and
	// the error is ErrStale, or ErrNotFound when there is no such game. It
	// sets g.Updated. When the write ends a rated game with a result (not
	// aborted), both players' ratings and rated games are written in the
	// same transaction (see Rate and Game.SharedNetwork): a result is
	// applied exactly once, with the game's end or not at all.
	UpdateGame(ctx context.Context, g *Game, oldPly int) error
	// UpdateSettings writes a game's settings, whatever its ply.
	UpdateSettings(ctx context.Context, id string, st Settings) error
	// DeleteGame deletes game id of player, which must be theirs and not
	// played in a room; otherwise it returns ErrNotFound and deletes
	// nothing.
	DeleteGame(ctx context.Context, id, player string) error
	// Expire deletes, in one short write, at most limit players last seen
	// before seenBefore, with their games and practice boards, and at most
	// limit rooms unused since roomsBefore, with every game played in
	// them. It says how many of each it deleted; a caller repeats it until
	// both are below limit. It also forgets at most limit ids deleted
	// before seenBefore, as no cookie can hold them any longer.
	Expire(ctx context.Context, seenBefore, roomsBefore time.Time, limit int) (Expired, error)

	// CreateRoom stores a new game and the room that plays it, together;
	// it sets g.RoomID, r.GameID and both times.
	CreateRoom(ctx context.Context, r *Room, g *Game) error
	// Room returns the room with the given id, or ErrNotFound.
	Room(ctx context.Context, id string) (*Room, error)
	// Rooms returns, by id, those of the rooms with the given ids that
	// exist, in one read.
	Rooms(ctx context.Context, ids []string) (map[string]*Room, error)
	// RoomByToken returns the room that an invite token opens, or
	// ErrNotFound.
	RoomByToken(ctx context.Context, token string) (*Room, error)
	// JoinRoom gives the free guest seat of room id to player. If the
	// seat is taken (or player is the host) it returns ErrRoomFull and
	// changes nothing.
	JoinRoom(ctx context.Context, id, player string) error
	// SetAgain records a seat's answer to "play again?" while the room is
	// at version r.Version; if not, it returns ErrStale and changes
	// nothing. On success r is updated.
	SetAgain(ctx context.Context, r *Room, host bool, a Again) error
	// StartRound stores g as the room's next game, with r's colours and
	// score, and clears both answers, while the room is at version
	// oldVersion; if not, it returns ErrStale and stores nothing.
	StartRound(ctx context.Context, r *Room, g *Game, oldVersion int) error

	// Player returns the player with the given id, or ErrNotFound.
	Player(ctx context.Context, id string) (*Player, error)
	// Names returns, by id, the names of those of the players with the
	// given ids that exist (the zero Name for one without), in one read.
	Names(ctx context.Context, ids []string) (map[string]Name, error)
	// SetName gives player id the name n. If another player's name has
	// the same key it returns ErrNameTaken and changes nothing; the
	// database decides, so two servers cannot both give it.
	SetName(ctx context.Context, id string, n Name) error
	// NameTaken reports whether some player's name has n's key.
	NameTaken(ctx context.Context, n Name) (bool, error)

	// MakeChallenge stores c as its player's open challenge, in place of
	// any open one they had; it sets c.Created and c.Seen to now.
	MakeChallenge(ctx context.Context, c *Challenge) error
	// Challenge returns the challenge with the given id (open or not),
	// with its maker's name, or ErrNotFound.
	Challenge(ctx context.Context, id string) (*Challenge, error)
	// SeeChallenge records that the challenge's maker looked at it now,
	// which keeps it open for another ChallengeLife.
	SeeChallenge(ctx context.Context, id string) error
	// CancelChallenge deletes player's challenge id if it is still open;
	// otherwise it returns ErrNotFound (accepted ones stay).
	CancelChallenge(ctx context.Context, id, player string) error
	// Challenges returns the open lobby challenges (not quick ones) seen
	// since seenSince, newest first, at most limit of them.
	Challenges(ctx context.Context, seenSince time.Time, limit int) ([]*Challenge, error)
	// Waiting returns the open quick challenge of the pool (a size, a
	// clock, rated or not) seen since seenSince and made by someone other
	// than player whose maker's rating of the pool's kind is nearest
	// player's (1500 for one without), the oldest of those first, or
	// ErrNotFound.
	Waiting(ctx context.Context, size int, tc TimeControl, rated bool, seenSince time.Time, player string) (*Challenge, error)
	// AcceptChallenge does in one write what accepting asks: only while
	// challenge id is open (no game, seen since seenSince) it stores r
	// and g as CreateRoom does, marks the challenge with g's id and
	// notifies the challenge's waiters (ChallengeKey); it also deletes
	// the open challenge of r.Guest, the acceptor, who now has a game and
	// would otherwise leave a challenge nobody answers. Otherwise it
	// returns ErrChallengeGone and stores nothing.
	AcceptChallenge(ctx context.Context, id string, seenSince time.Time, r *Room, g *Game) error
	// ExpireChallenges deletes the challenges last seen before
	// seenBefore, open or accepted, and says how many.
	ExpireChallenges(ctx context.Context, seenBefore time.Time) (int, error)
	// Ratings returns the player's ratings, one per kind (size and
	// speed) they have finished a rated game of, the largest board first
	// and live before correspondence.
	Ratings(ctx context.Context, playerID string) ([]*Rating, error)
	// RatedGames returns the player's rated games, the newest first, at
	// most limit of them: every one, counted or not, when size is 0;
	// otherwise the counted games of the kind size and speed, which are
	// that rating's history.
	RatedGames(ctx context.Context, playerID string, size int, speed Speed, limit int) ([]*RatedGame, error)
	// PlayerByName returns the player whose name has n's key, or
	// ErrNotFound.
	PlayerByName(ctx context.Context, n Name) (*Player, error)
	// Leaders returns the ratings of one kind of the named players whose
	// last counted game ended at or after activeSince, the highest rating
	// first, at most limit of them.
	Leaders(ctx context.Context, size int, speed Speed, activeSince time.Time, limit int) ([]*Rating, error)

	// LiveGames returns the games being played in public rooms, the most
	// recently changed first, at most limit of them.
	LiveGames(ctx context.Context, limit int) ([]*LiveGame, error)

	// Practice returns the player's practice board, or ErrNotFound.
	Practice(ctx context.Context, playerID string) (*Practice, error)
	// SavePractice writes p as the version after oldVersion: it inserts
	// the board when oldVersion is 0 and there is none, and otherwise
	// updates it only while it stands at oldVersion; if not, it returns
	// ErrStale and changes nothing. The player must exist. It sets
	// p.Version and p.Updated, and drops the oldest history beyond
	// MaxPracticeHistory.
	SavePractice(ctx context.Context, p *Practice, oldVersion int) error

	// Review returns the stored review of game id, or ErrNotFound.
	Review(ctx context.Context, gameID string) (*Review, error)
	// SaveReview stores r, replacing any review of its game; the game
	// must exist. It sets r.Created.
	SaveReview(ctx context.Context, r *Review) error

	// PuzzleProgress returns the player's puzzle progress, or
	// ErrNotFound when they have answered none.
	PuzzleProgress(ctx context.Context, playerID string) (*PuzzleProgress, error)
	// SavePuzzleProgress writes p as the version after oldVersion: it
	// inserts the row when oldVersion is 0 and there is none, and
	// otherwise updates it only while it stands at oldVersion; if not, it
	// returns ErrStale and changes nothing. The player must exist. It sets
	// p.Version and p.Updated.
	SavePuzzleProgress(ctx context.Context, p *PuzzleProgress, oldVersion int) error

	// AddKey stores the hash of a new key of player id, made now. The
	// key itself is never stored.
	AddKey(ctx context.Context, id, hash string) error
	// KeyPlayer returns the id of the player whose key has the given
	// hash, or ErrNotFound (no such key, or it was revoked).
	KeyPlayer(ctx context.Context, hash string) (string, error)
	// Keys counts player id's keys.
	Keys(ctx context.Context, id string) (int, error)
	// RevokeKeys deletes every key of player id and says how many.
	RevokeKeys(ctx context.Context, id string) (int, error)
	// DeletePlayer deletes player id, in one write, with their name,
	// keys, practice board, puzzle progress, challenges, the games of
	// their own and every room where nobody sat against them (and
	// whatever else refers to the player's row and goes with it). Their
	// seats in rooms shared with another player pass to a new player row,
	// heir, named DeletedName, so that the opponent keeps the games. The
	// id is remembered as deleted, so that a browser still holding it
	// cannot bring it back (CreatePlayer and StartGame refuse it), until
	// Expire forgets it with the players last seen as long ago. It
	// returns ErrNotFound when there is no such player.
	DeletePlayer(ctx context.Context, id, heir string) error
	// Overdue returns the ids of at most limit correspondence games still
	// playing whose side to move has had no time left since before now
	// (the side to move's time is always a whole move's), the longest
	// overdue first.
	Overdue(ctx context.Context, now time.Time, limit int) ([]string, error)

	// Migrations returns the names of the applied schema migrations, in
	// order.
	Migrations(ctx context.Context) ([]string, error)
	// Close finishes the writes in hand and closes the store; later
	// writes fail with ErrClosed.
	Close() error
}

// Review is a game's engine review as stored: the game's ply count when it
// was judged, and the verdicts, encoded by the app (the store keeps them as
// they are).
type Review struct {
	GameID  string
	Ply     int
	Body    string
	Created time.Time
}

// Expired counts what one call of Store.Expire deleted.
type Expired struct {
	Players, Rooms, Games int
}

// Opponent is who the player plays against.
type Opponent string

// The opponents.
const (
	Computer Opponent = "computer"
	Local    Opponent = "local"  // a friend on the same device
	Online   Opponent = "online" // a friend in another browser, in a room
)

// Status is where a game stands.
type Status string

// The statuses.
const (
	Playing Status = "playing"
	Over    Status = "over"
)

// Settings are the switches a player may change during a game.
type Settings struct {
	ShowMoves bool // mark the legal moves
	AllowUndo bool
	Sound     bool
}

// Game is a stored game: its options and plies, from which every position
// is rebuilt, and what the player did with it. Nothing in it depends on
// who is looking at it.
type Game struct {
	ID       string
	PlayerID string
	Opponent Opponent
	// Human is the human's side against the computer, the host's side in
	// an online game, and Empty in a local game, where both sides are human.
	Human  game.Color
	Level  string // "easy", "normal", …; the ai package parses it
	Record game.Game
	Status Status
	Settings
	Hints, Undos int
	// HintPly and HintSquare are the last hint given: it is shown while the
	// game stands at ply HintPly. HintPly is -1 when there is none.
	HintPly    int
	HintSquare game.Square
	Created    time.Time
	Updated    time.Time
	// RoomID is the room of an online game, or empty.
	RoomID string
	// Resigned is the side that resigned the game, or Empty.
	Resigned game.Color
	// TimeControl is the game's clock, and Clock both sides' time as of
	// the last stored move; a game without a clock has the zero of both.
	TimeControl TimeControl
	Clock       Clock
	// Ending says how a game that is Over ended when it was not played
	// out or resigned: on time, or aborted.
	Ending Ending
	// Rated marks a lobby game between two named players whose result
	// moves their ratings (see Rating); it is set when the game is made.
	Rated bool
	// SharedNetwork marks a rated game whose two players came from the
	// same network when it was made: its result counts only if neither
	// player has a counted result from such a game that day (a second
	// cookie cannot farm a rating).
	SharedNetwork bool
}

// Ending is how a game ended, beyond playing it out or resigning.
type Ending string

// The endings. EndedOnTime is a loss on time for the side to move, scored
// like a resignation; EndedAborted is a game that never got going (a side
// did not make its first move in time), which has no result.
const (
	EndedNormally Ending = ""
	EndedOnTime   Ending = "time"
	EndedAborted  Ending = "aborted"
)

// Ply returns the number of plies played, the game's version.
func (g *Game) Ply() int { return len(g.Record.Plies) }

// Again is a player's answer to "play again?".
type Again string

// The answers. AgainNone is no answer yet.
const (
	AgainNone   Again = ""
	AgainSwitch Again = "switch" // play again, with the sides switched
	AgainKeep   Again = "keep"   // play again, on the same sides
)

// Room is an online match between two browsers: the invite token, the two
// seats, the current round's game and the score of the rounds before it.
type Room struct {
	ID     string
	Token  string // the invite link's secret; shown to the host only
	GameID string
	Host   string // the player who made the room
	Guest  string // the player who took the other seat; empty while free
	// HostColor is the host's side in the current round.
	HostColor             game.Color
	Round                 int
	HostWins, GuestWins   int
	Draws                 int
	HostAgain, GuestAgain Again
	Version               int // bumped by every change
	Created, Updated      time.Time
	// Public marks a room made in the lobby: anyone may watch its games.
	// An invite room is private to its two seats.
	Public bool
}

// Practice is a player's practice board, stored apart from the games: the
// opening it starts from, the plies played since, and the earlier ply lists
// that undo goes back through.
type Practice struct {
	PlayerID string
	Opening  string // a transcript from the 8×8 cross start
	// Plies are square names and "pass", space-separated, after Opening.
	Plies string
	// History holds earlier values of Plies, the newest last.
	History []string
	// Version counts the writes; a write applies only at the version read.
	Version int
	Updated time.Time
}

// MaxPracticeHistory bounds the undo history kept per player.
const MaxPracticeHistory = 64

// PuzzleProgress is a player's way through the endgame puzzles: what they
// have solved, their run of answers right at the first try, the grade of
// puzzle they have reached, and the puzzle they are on. The app decides
// what the numbers mean; the store keeps them.
type PuzzleProgress struct {
	PlayerID string
	Solved   int // puzzles answered right at the first try
	Streak   int // right first answers in a row, now
	Best     int // the longest streak
	Misses   int // wrong answers in a row, now
	Level    int // the grade reached, from 1
	// Current is the number of the puzzle being answered and Tried
	// whether a wrong answer was given to it already.
	Current int
	Tried   bool
	// Done holds the numbers of the puzzles solved, encoded by the app.
	Done string
	// Version counts the writes; a write applies only at the version read.
	Version int
	Updated time.Time
}
