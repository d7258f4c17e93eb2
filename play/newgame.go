package play

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strconv"

	"reversi/ai"
	"reversi/club"
	"reversi/game"
)

// This file starts games: the new-game choices (from the registries of
// levels, sizes and starts), the choices kept for the next Play button,
// starting a game against the computer or on one device, and playing on
// from a position of a replay. Online games start in online.go.

// A Field is one choice of the new-game form: its name, the values it
// takes, in the order the form lists them, and the one a new player starts
// with.
type Field struct {
	Name    string
	Values  []string
	Default string
}

// Fields returns the new-game form's choices, read from the registries:
// the opponents, the colours, the computer's levels (package ai), the board
// sizes and the starts (package game). A new level, size or start shows up
// here, in the form and in validation, with no change in this package.
func Fields() []Field {
	levels, level := Levels()
	sizes := []string{strconv.Itoa(game.StandardSize)}
	for _, n := range game.Sizes() {
		if n != game.StandardSize {
			sizes = append(sizes, strconv.Itoa(n))
		}
	}
	var starts []string
	for _, s := range game.Starts() {
		starts = append(starts, s.String())
	}
	return []Field{
		{"opponent", []string{string(club.Computer), string(club.Local), string(club.Online)}, string(club.Computer)},
		{"color", []string{"black", "white", "random"}, "black"},
		{"level", levels, level},
		{"size", sizes, sizes[0]},
		{"start", starts, starts[0]},
	}
}

// Choices are a new game's options as the form gives them, and as they are
// kept for the player's next game. Values maps each Field's name to one of
// its values.
type Choices struct {
	Values   map[string]string
	Settings club.Settings
	// Lang is the language the player chose for the pages ("fr"), and
	// Names their choice of disc names ("dl"); either is empty when the
	// player has not chosen, and the browser's languages decide. The
	// application keeps them with the other choices, and checks only
	// their shape: the pages know which languages there are.
	Lang, Names string
}

// DefaultSettings returns a new player's settings: legal moves shown, undo
// allowed, no sound. It is a function, not a variable, so that nobody can
// change every new player's settings from outside.
func DefaultSettings() club.Settings { return club.Settings{ShowMoves: true, AllowUndo: true} }

// IncompleteError refuses a new-game form that lacks a choice, or gives
// one a value the choice does not take.
type IncompleteError struct{ Field string }

func (e *IncompleteError) Error() string { return "new game: no valid " + e.Field }

// ParseChoices reads a new-game form: one value per Field, and the
// settings' switches ("on" when set).
func ParseChoices(form url.Values) (Choices, error) {
	ch := Choices{Values: map[string]string{}}
	for _, f := range Fields() {
		v := form.Get(f.Name)
		if !slices.Contains(f.Values, v) {
			return Choices{}, &IncompleteError{Field: f.Name}
		}
		ch.Values[f.Name] = v
	}
	ch.Settings = ParseSettings(form)
	return ch, nil
}

// The settings' form fields, the application's names for them: the
// new-game form, the game page's settings form and the kept choices send
// each as "on" when its setting is on, and leave it out when off. (The
// templates in views spell them too.)
const (
	ShowMovesField = "show_moves"
	AllowUndoField = "allow_undo"
	SoundField     = "sound"
)

// A SettingField is one setting as a form field: its name, and whether it
// is on.
type SettingField struct {
	Name string
	On   bool
}

// SettingFields returns set as form fields, in the forms' order.
func SettingFields(set club.Settings) []SettingField {
	return []SettingField{{ShowMovesField, set.ShowMoves}, {AllowUndoField, set.AllowUndo}, {SoundField, set.Sound}}
}

// ParseSettings reads the settings' switches from a form.
func ParseSettings(form url.Values) club.Settings {
	on := func(name string) bool { return form.Get(name) == "on" }
	return club.Settings{ShowMoves: on(ShowMovesField), AllowUndo: on(AllowUndoField), Sound: on(SoundField)}
}

// Encode writes the choices as form values: the fields set, and each
// setting that is on as "on".
func (ch Choices) Encode() url.Values {
	q := url.Values{}
	for _, f := range Fields() {
		if v := ch.Values[f.Name]; v != "" {
			q.Set(f.Name, v)
		}
	}
	for _, f := range SettingFields(ch.Settings) {
		if f.On {
			q.Set(f.Name, "on")
		}
	}
	if ch.Lang != "" {
		q.Set("lang", ch.Lang)
	}
	if ch.Names != "" {
		q.Set("names", ch.Names)
	}
	return q
}

// Choices returns the player's last new-game choices and settings, which
// the home page's Play button uses; the defaults for a player who has
// none. A kept value that the registries no longer offer is left out.
func (a *App) Choices(ctx context.Context, player string) (Choices, error) {
	ch := Choices{Values: map[string]string{}, Settings: DefaultSettings()}
	if player == "" {
		return ch, nil
	}
	raw, err := a.store.Choices(ctx, player)
	if err != nil || raw == "" {
		return ch, err
	}
	q, err := url.ParseQuery(raw)
	if err != nil {
		return ch, nil // a choice of an older form: start afresh
	}
	for _, f := range Fields() {
		if v := q.Get(f.Name); slices.Contains(f.Values, v) {
			ch.Values[f.Name] = v
		}
	}
	ch.Settings = ParseSettings(q)
	if v := q.Get("lang"); validWord(v) {
		ch.Lang = v
	}
	if v := q.Get("names"); validWord(v) {
		ch.Names = v
	}
	return ch, nil
}

// validWord reports whether s has the shape of a language code or a
// names choice: one to eight lower-case letters.
func validWord(s string) bool {
	if s == "" || len(s) > 8 {
		return false
	}
	for _, r := range s {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// ErrBadLanguage refuses a language or names choice of the wrong shape.
var ErrBadLanguage = fmt.Errorf("%w: language", club.ErrInvalid)

// ChooseLanguage keeps the player's language, names, or both (an empty
// one is left as it was), with their other choices, and returns them.
func (a *App) ChooseLanguage(ctx context.Context, player, lang, names string) (Choices, error) {
	if lang != "" && !validWord(lang) || names != "" && !validWord(names) {
		return Choices{}, ErrBadLanguage
	}
	if err := a.SeePlayer(ctx, player); err != nil {
		return Choices{}, err
	}
	ch, err := a.Choices(ctx, player)
	if err != nil {
		return ch, err
	}
	if lang != "" {
		ch.Lang = lang
	}
	if names != "" {
		ch.Names = names
	}
	return ch, a.KeepChoices(ctx, player, ch)
}

// KeepChoices stores the player's new-game choices and settings.
func (a *App) KeepChoices(ctx context.Context, player string, ch Choices) error {
	return a.store.SetChoices(ctx, player, ch.Encode().Encode())
}

// Unfinished returns the player's unfinished games that can still be
// played, the most recent first: an online game whose room has expired is
// left out.
func (a *App) Unfinished(ctx context.Context, player string) ([]*club.Game, error) {
	gs, err := a.store.Unfinished(ctx, player, 6)
	if err != nil {
		return nil, err
	}
	var out []*club.Game
	for _, g := range gs {
		if g.RoomID != "" {
			r, err := a.store.Room(ctx, g.RoomID)
			if errors.Is(err, club.ErrNotFound) {
				continue
			}
			if err != nil {
				return nil, err
			}
			if Expired(r, g, a.roomTTL, a.now()) {
				continue
			}
		}
		out = append(out, g)
	}
	return out, nil
}

// newGame is the game that ch describes, for player, not yet stored.
func newGame(player string, ch Choices) *club.Game {
	v := ch.Values
	size, _ := strconv.Atoi(v["size"])
	start, _ := game.ParseStart(v["start"])
	var human game.Color
	switch v["color"] {
	case "black":
		human = game.Black
	case "white":
		human = game.White
	default:
		human = []game.Color{game.Black, game.White}[rand.IntN(2)]
	}
	g := &club.Game{
		ID: newGameID(), PlayerID: player, Opponent: club.Opponent(v["opponent"]), Level: v["level"],
		Record: game.Game{Options: game.Options{Size: size, Start: start}}, Status: club.Playing, Settings: ch.Settings,
		HintPly: -1, HintSquare: game.Pass,
	}
	if g.Opponent != club.Local {
		g.Human = human
	}
	return g
}

// Start starts a game for who's player as ch describes, records the
// player as seen, keeps ch for the next Play button, and returns the game:
// against the computer, which opens when the player takes White, or on one
// device, or online, in a new room. When the computer opens, which is a
// search, it waits for who's turn first (turns.go).
func (a *App) Start(ctx context.Context, who Who, ch Choices) (*club.Game, error) {
	player := who.Player
	if ch.Lang == "" && ch.Names == "" {
		// The form does not carry the language: keep the one chosen.
		old, err := a.Choices(ctx, player)
		if err != nil {
			return nil, err
		}
		ch.Lang, ch.Names = old.Lang, old.Names
	}
	g := newGame(player, ch)
	if g.Opponent == club.Online {
		if err := a.SeePlayer(ctx, player); err != nil {
			return nil, err
		}
		if err := a.KeepChoices(ctx, player, ch); err != nil {
			return nil, err
		}
		return g, a.createRoom(ctx, g)
	}
	m, err := Load(g)
	if err != nil {
		return nil, err
	}
	// The computer opens when the player takes White; this happens before
	// the game is stored, outside any transaction.
	if m.Playing() && !m.HumanToMove() {
		done, err := a.takeTurn(ctx, who, "")
		if err != nil {
			return nil, err
		}
		defer done()
		if err := m.ComputerReplies(ctx, a.chooser(m), false); err != nil {
			return nil, err
		}
	}
	// One write: seeing the player, keeping the choices and the game
	// were three, and each waited for a commit of its own.
	return g, a.store.StartGame(ctx, g, ch.Encode().Encode())
}

// AgainChoices are the choices for a game like g, for its "play again"
// form. A game played on from a replay is played again from the start.
func AgainChoices(g *club.Game) Choices {
	color := "black"
	if g.Human == game.White {
		color = "white"
	}
	start := g.Record.Options.Start
	if start == game.Setup {
		start = game.Cross
	}
	return Choices{Values: map[string]string{
		"opponent": string(g.Opponent), "color": color, "level": g.Level,
		"size": strconv.Itoa(g.Record.Options.Size), "start": start.String(),
	}, Settings: g.Settings}
}

// ErrBadPlayOn refuses a "play on from here" form that does not name a
// position of a record and an opponent.
var ErrBadPlayOn = errors.New("play on: no position or opponent")

// PlayOnGame returns the game that "play on from here" starts from
// position ply of record g, not yet stored: against the computer at level
// (Normal when level is none of the registry's), the player taking the
// side to move, or with opponent club.Local on one device. It refuses a form
// that does not name such a position and opponent with ErrBadPlayOn.
func PlayOnGame(g *game.Game, ply int, opponent club.Opponent, level string) (*club.Game, error) {
	ps, err := g.Positions()
	if err != nil || ply < 0 || ply >= len(ps) {
		return nil, ErrBadPlayOn
	}
	b := ps[ply]
	opts, err := game.OptionsFrom(b)
	if err != nil {
		return nil, errors.Join(ErrBadPlayOn, errPlayOnOver)
	}
	if !ValidLevel(level) {
		level = ai.Normal.String()
	}
	ng := &club.Game{
		ID: newGameID(), Opponent: club.Local, Level: level,
		Record: game.Game{Options: opts}, Status: club.Playing, Settings: DefaultSettings(),
		HintPly: -1, HintSquare: game.Pass,
	}
	switch opponent {
	case club.Computer:
		ng.Opponent, ng.Human = club.Computer, b.Turn()
	case club.Local:
	default:
		return nil, ErrBadPlayOn
	}
	return ng, nil
}

// PlayOn stores ng, a game from PlayOnGame, as player's (whose row the
// caller has recorded).
func (a *App) PlayOn(ctx context.Context, player string, ng *club.Game) error {
	ng.PlayerID = player
	return a.store.CreateGame(ctx, ng)
}

// errPlayOnOver marks a play-on position that is a finished game.
var errPlayOnOver = errors.New("the position is a finished game")

// PlayOnOver reports whether err refuses playing on from a finished
// position (a conflict, not a malformed form).
func PlayOnOver(err error) bool { return errors.Is(err, errPlayOnOver) }
