package handlers

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"reversi/club"
	"reversi/play"
	"reversi/static"
	"reversi/views"
)

// formFields are the new-game form's fields, as the application lists
// them.
func formFields() []views.FormField {
	var fs []views.FormField
	for _, f := range play.Fields() {
		fs = append(fs, views.FormField{Name: f.Name, Values: f.Values, Default: f.Default})
	}
	return fs
}

// levelField is the form's level field.
func levelField() views.FormField {
	for _, f := range formFields() {
		if f.Name == "level" {
			return f
		}
	}
	return views.FormField{Name: "level"}
}

// newGameForm is the new-game form with the given choices selected
// (defaults where a value is missing).
func newGameForm(ch play.Choices) views.NewGameForm {
	var f views.NewGameForm
	for _, field := range formFields() {
		f.Groups = append(f.Groups, views.Fieldset(field, ch.Values[field.Name]))
	}
	f.ShowMoves, f.AllowUndo, f.Sound = ch.Settings.ShowMoves, ch.Settings.AllowUndo, ch.Settings.Sound
	return f
}

// hiddenChoices are ch as the hidden fields of a form, in the form's order.
func hiddenChoices(ch play.Choices) []views.Field {
	var fs []views.Field
	for _, f := range formFields() {
		if v := ch.Values[f.Name]; v != "" {
			fs = append(fs, views.Field{Name: f.Name, Value: v})
		}
	}
	for _, f := range play.SettingFields(ch.Settings) {
		if f.On {
			fs = append(fs, views.Field{Name: f.Name, Value: "on"})
		}
	}
	return fs
}

// maxOthers bounds the home page's games other than those where it is the
// player's turn: the one to continue and the rest.
const maxOthers = 6

func (s *Server) home(c *gin.Context) error {
	ctx := c.Request.Context()
	ch, err := s.app.Choices(ctx, playerID(c))
	if err != nil {
		return err
	}
	page := views.HomePage{
		Base: s.base(c.Request, views.HomeTitle(), views.SkipToMain()),
		Form: newGameForm(ch),
		// Set by deleteGame's redirect; says only that a game was deleted.
		Deleted: c.Query("did") == "delete",
	}
	page.JS = static.Time().Path // says the saved time in the visitor's zone
	page.Goodbye = c.Query("did") == "goodbye"
	if p := playerID(c); p != "" {
		// Games against someone where it is the player's turn come first,
		// the most urgent first (play.App.HomeGames judges their clocks).
		yours, others, err := s.app.HomeGames(ctx, p)
		if err != nil {
			return err
		}
		for _, h := range yours {
			page.YourTurn = append(page.YourTurn, views.YourTurn{
				GameLink: views.GameLink{URL: gameURL(h.Game.ID) + "#status", Description: views.DescribeHome(h)},
				Left:     views.TimeLeft(h.Left, h.Game.TimeControl)})
		}
		page.AgainstSomeone = len(yours) > 0
		for i, h := range others {
			g := h.Game
			if i == maxOthers {
				break
			}
			page.AgainstSomeone = page.AgainstSomeone || g.RoomID != ""
			link := views.GameLink{URL: gameURL(g.ID) + "#status", Description: views.DescribeHome(h)}
			if g.RoomID == "" {
				link.Delete = gameURL(g.ID) + "?ask=delete#delete"
			}
			if i == 0 {
				link.Saved = views.Saved(g.Updated)
				link.SavedAt, link.SavedLocal = views.SavedAt(g.Updated), views.SavedLocal()
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

// newGame starts a game and answers 303 to its page. While another game is
// unfinished it first shows a page that asks, unless the form says
// confirm=yes; the unfinished game is kept either way.
func (s *Server) newGame(c *gin.Context) error {
	ch, err := play.ParseChoices(c.Request.PostForm)
	var inc *play.IncompleteError
	if errors.As(err, &inc) {
		return refuse(http.StatusBadRequest, views.NoticeIncomplete(views.Legend(inc.Field)))
	}
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	p := playerID(c)
	// A browser without a cookie waits for its turn in its address's line
	// (see play.Who), under the player id made for it below.
	actor := who(c)
	if asked, err := s.askFirst(c, "/games", hiddenChoices(ch)); asked || err != nil {
		return err
	}
	if p == "" {
		if p, err = s.newPlayer(c); err != nil {
			return err
		}
	}
	// The next Play button starts a game like this one. Start records
	// the player as seen.
	actor.Player = p
	g, err := s.app.Start(ctx, actor, ch)
	if err != nil {
		return err
	}
	c.Set(recordedKey, p)
	if err := s.savePlayer(c, p); err != nil {
		return err
	}
	return redirect(c, gameURL(g.ID)+"#status")
}

// againFields are the new-game form's values for a game like g.
func againFields(g *club.Game) []views.Field { return hiddenChoices(play.AgainChoices(g)) }

// askFirst shows the page that asks before a new game, posting hidden to
// action again with confirm=yes, while the player has an unfinished game
// and the form has not said confirm=yes. It reports whether it asked.
func (s *Server) askFirst(c *gin.Context, action string, hidden []views.Field) (bool, error) {
	p := playerID(c)
	if p == "" || c.PostForm("confirm") == "yes" {
		return false, nil
	}
	gs, err := s.app.Unfinished(c.Request.Context(), p)
	if err != nil || len(gs) == 0 {
		return false, err
	}
	page := views.ConfirmPage{
		Base:       s.base(c.Request, views.ConfirmTitle(), views.SkipToMain()),
		Unfinished: views.GameLink{URL: gameURL(gs[0].ID) + "#status", Description: views.DescribeGame(gs[0])},
		Hidden:     hidden, Action: action,
	}
	s.writePage(c.Writer, c.Request, http.StatusOK, views.Confirm, page)
	return true, nil
}
