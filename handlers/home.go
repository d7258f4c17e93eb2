package handlers

import (
	"errors"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/gin-gonic/gin"

	"reversi/ai"
	"reversi/db"
	"reversi/game"
	"reversi/game/match"
	"reversi/views"
)

// newGameForm is the new-game form with the given choices selected
// (defaults where a value is missing).
func newGameForm(values map[string]string, set db.Settings) views.NewGameForm {
	var f views.NewGameForm
	for _, ch := range views.NewGameFields {
		g := views.RadioGroup{Name: ch.Name, Legend: ch.Legend, Hint: ch.Hint}
		sel := values[ch.Name]
		if sel == "" {
			sel = ch.Values[0]
		}
		for i, v := range ch.Values {
			g.Choices = append(g.Choices, views.Choice{Value: v, Label: ch.Labels[i], Checked: v == sel})
		}
		f.Groups = append(f.Groups, g)
	}
	f.ShowMoves, f.AllowUndo, f.Sound = set.ShowMoves, set.AllowUndo, set.Sound
	return f
}

// defaultSettings are a new player's settings: legal moves shown, undo
// allowed, no sound.
var defaultSettings = db.Settings{ShowMoves: true, AllowUndo: true}

// choices returns the player's last new-game choices and settings, which
// the home page's Play button uses, or the defaults.
func (s *Server) choices(c *gin.Context, p string) (map[string]string, db.Settings, error) {
	if p == "" {
		return nil, defaultSettings, nil
	}
	raw, err := s.store.Choices(c.Request.Context(), p)
	if err != nil || raw == "" {
		return nil, defaultSettings, err
	}
	q, err := url.ParseQuery(raw)
	if err != nil {
		return nil, defaultSettings, nil // a choice of an older form: start afresh
	}
	values := map[string]string{}
	for _, ch := range views.NewGameFields {
		if v := q.Get(ch.Name); slices.Contains(ch.Values, v) {
			values[ch.Name] = v
		}
	}
	set := db.Settings{ShowMoves: q.Get("show_moves") == "on", AllowUndo: q.Get("allow_undo") == "on", Sound: q.Get("sound") == "on"}
	return values, set, nil
}

// keepChoices stores the player's new-game choices and settings.
func (s *Server) keepChoices(c *gin.Context, p string, values map[string]string, set db.Settings) error {
	q := url.Values{}
	for _, ch := range views.NewGameFields {
		if v := values[ch.Name]; v != "" {
			q.Set(ch.Name, v)
		}
	}
	for k, on := range map[string]bool{"show_moves": set.ShowMoves, "allow_undo": set.AllowUndo, "sound": set.Sound} {
		if on {
			q.Set(k, "on")
		}
	}
	return s.store.SetChoices(c.Request.Context(), p, q.Encode())
}

func (s *Server) home(c *gin.Context) error {
	values, set, err := s.choices(c, playerID(c))
	if err != nil {
		return err
	}
	page := views.HomePage{
		Base: s.base("Play in your browser", "main", "Skip to the main content"),
		Form: newGameForm(values, set),
	}
	if p := playerID(c); p != "" {
		gs, err := s.reachable(c, p)
		if err != nil {
			return err
		}
		for i, g := range gs {
			link := views.GameLink{URL: gameURL(g.ID) + "#status", Description: describe(g)}
			if g.RoomID == "" {
				link.Delete = gameURL(g.ID) + "?ask=delete#delete"
			}
			if i == 0 {
				link.Saved = views.Saved(g.Updated)
				if b, err := g.Record.Board(); err == nil {
					link.Thumb = views.Thumb(b)
				}
				page.Continue = &link
			} else {
				page.Others = append(page.Others, link)
			}
		}
	}
	s.writePage(c.Writer, c.Request, http.StatusOK, views.Home, page)
	return nil
}

// reachable returns the player's unfinished games that can still be
// played: an online game whose room has expired is left out.
func (s *Server) reachable(c *gin.Context, p string) ([]*db.Game, error) {
	ctx := c.Request.Context()
	gs, err := s.store.Unfinished(ctx, p, 6)
	if err != nil {
		return nil, err
	}
	var out []*db.Game
	for _, g := range gs {
		if g.RoomID != "" {
			r, err := s.store.Room(ctx, g.RoomID)
			if errors.Is(err, db.ErrNotFound) {
				continue
			}
			if err != nil {
				return nil, err
			}
			if match.Expired(r, g, s.roomTTL, s.now()) {
				continue
			}
		}
		out = append(out, g)
	}
	return out, nil
}

// newGameRequest is a parsed new-game form.
type newGameRequest struct {
	values   map[string]string // as posted, for the confirm page
	opponent db.Opponent
	human    game.Color
	level    ai.Level
	options  game.Options
	settings db.Settings
}

func parseNewGame(c *gin.Context) (*newGameRequest, error) {
	req := &newGameRequest{values: map[string]string{}}
	for _, ch := range views.NewGameFields {
		v := c.PostForm(ch.Name)
		if !slices.Contains(ch.Values, v) {
			return nil, refuse(http.StatusBadRequest, views.NoticeIncomplete(ch.Legend))
		}
		req.values[ch.Name] = v
	}
	req.opponent = db.Opponent(req.values["opponent"])
	switch req.values["color"] {
	case "black":
		req.human = game.Black
	case "white":
		req.human = game.White
	default:
		req.human = []game.Color{game.Black, game.White}[rand.IntN(2)]
	}
	req.level, _ = ai.ParseLevel(req.values["level"])
	size, _ := strconv.Atoi(req.values["size"])
	start, _ := game.ParseStart(req.values["start"])
	req.options = game.Options{Size: size, Start: start}
	req.settings = db.Settings{
		ShowMoves: c.PostForm("show_moves") == "on",
		AllowUndo: c.PostForm("allow_undo") == "on",
		Sound:     c.PostForm("sound") == "on",
	}
	for _, k := range []string{"show_moves", "allow_undo", "sound"} {
		if c.PostForm(k) == "on" {
			req.values[k] = "on"
		}
	}
	return req, nil
}

// newGame starts a game and answers 303 to its page. While another game is
// unfinished it first shows a page that asks, unless the form says
// confirm=yes; the unfinished game is kept either way.
func (s *Server) newGame(c *gin.Context) error {
	req, err := parseNewGame(c)
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	p := playerID(c)
	if p != "" && c.PostForm("confirm") != "yes" {
		gs, err := s.reachable(c, p)
		if err != nil {
			return err
		}
		if len(gs) > 0 {
			page := views.ConfirmPage{
				Base:       s.base("Start a new game?", "main", "Skip to the main content"),
				Unfinished: views.GameLink{URL: gameURL(gs[0].ID) + "#status", Description: describe(gs[0])},
			}
			for _, ch := range views.NewGameFields {
				page.Hidden = append(page.Hidden, views.Field{Name: ch.Name, Value: req.values[ch.Name]})
			}
			for _, k := range []string{"show_moves", "allow_undo", "sound"} {
				if v := req.values[k]; v != "" {
					page.Hidden = append(page.Hidden, views.Field{Name: k, Value: v})
				}
			}
			s.writePage(c.Writer, c.Request, http.StatusOK, views.Confirm, page)
			return nil
		}
	}
	if p == "" {
		if p, err = s.newPlayer(c); err != nil {
			return err
		}
	}
	// The next Play button starts a game like this one.
	if err := s.recordPlayer(c, p); err != nil {
		return err
	}
	if err := s.keepChoices(c, p, req.values, req.settings); err != nil {
		return err
	}
	if req.opponent == db.Online {
		return s.createRoom(c, req, p)
	}
	g := &db.Game{
		ID: newGameID(), PlayerID: p, Opponent: req.opponent, Level: req.level.String(),
		Record: game.Game{Options: req.options}, Status: db.Playing, Settings: req.settings,
		HintPly: -1, HintSquare: game.Pass,
	}
	if req.opponent == db.Computer {
		g.Human = req.human
	}
	m, err := match.Load(g)
	if err != nil {
		return err
	}
	// The computer opens when the player takes White; this happens before
	// the game is stored, outside any transaction.
	if err := m.ComputerReplies(ctx, s.chooser(m), false); err != nil {
		return err
	}
	if err := s.store.CreateGame(ctx, g); err != nil {
		return err
	}
	if err := s.savePlayer(c, p); err != nil {
		return err
	}
	return redirect(c, gameURL(g.ID)+"#status")
}

// againFields are the new-game form's values for a game like g.
func againFields(g *db.Game) []views.Field {
	color := "black"
	if g.Human == game.White {
		color = "white"
	}
	start := g.Record.Options.Start
	if start == game.Setup {
		start = game.Cross // a game played on from a replay is played again from the start
	}
	fs := []views.Field{
		{Name: "opponent", Value: string(g.Opponent)},
		{Name: "color", Value: color},
		{Name: "level", Value: g.Level},
		{Name: "size", Value: strconv.Itoa(g.Record.Options.Size)},
		{Name: "start", Value: start.String()},
	}
	for _, f := range []struct {
		name string
		on   bool
	}{{"show_moves", g.ShowMoves}, {"allow_undo", g.AllowUndo}, {"sound", g.Sound}} {
		if f.on {
			fs = append(fs, views.Field{Name: f.name, Value: "on"})
		}
	}
	return fs
}
