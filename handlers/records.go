package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/gin-gonic/gin"

	"reversi/club"
	"reversi/game"
	"reversi/play"
	"reversi/static"
	"reversi/views"
)

// This file serves a game's records: the replay of a stored game and of an
// imported one, the import form, and the downloads.

// replayPly reads ?ply=N, 0 to plies; without it the replay shows the end.
func replayPly(c *gin.Context, plies int) (int, error) {
	s, ok := c.GetQuery("ply")
	if !ok {
		return plies, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > plies {
		return 0, refuse(http.StatusBadRequest, views.NoticeBadPly())
	}
	return n, nil
}

// replayGame shows one position of the player's game (either seat of an
// online game), finished or not.
func (s *Server) replayGame(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	ply, err := replayPly(c, m.Ply())
	if err != nil {
		return err
	}
	at := gameURL(m.Game.ID) + "/replay?"
	page := s.replayPage(c.Request, &m.Game.Record, m.Positions, ply, at, views.EndOf(m.Outcome()))
	page.Game = gameURL(m.Game.ID)
	if !play.MayAnalyse(m) {
		page.Analysis = ""
	}
	if err := s.replayVerdict(c, m, ply, &page); err != nil {
		return err
	}
	for i := range page.Players {
		page.Players[i].Who = views.ReplayWho(string(m.Game.Opponent), m.Seat, page.Players[i].Color)
	}
	s.writePage(c.Writer, c.Request, http.StatusOK, views.Replay, page)
	return nil
}

// replayImported shows one position of an imported game, which its
// address carries whole: nothing of it is stored.
func (s *Server) replayImported(c *gin.Context) error {
	q := c.Request.URL.Query()
	g, err := importedGame(q)
	if err != nil {
		return refuse(http.StatusBadRequest, views.NoticeBadRecord())
	}
	ps, err := g.Positions()
	if err != nil {
		return refuse(http.StatusBadRequest, views.NoticeBadRecord())
	}
	ply, err := replayPly(c, len(g.Plies))
	if err != nil {
		return err
	}
	page := s.replayPage(c.Request, g, ps, ply, importedURL(g), views.RecordEnd{})
	s.writePage(c.Writer, c.Request, http.StatusOK, views.Replay, page)
	return nil
}

// importedURL is the replay address of an imported game, ready for
// "ply=N": its size, start (and set-up position) and transcript.
func importedURL(g *game.Game) string {
	q := url.Values{}
	o := g.Options
	q.Set("size", strconv.Itoa(o.Size))
	q.Set("start", o.Start.String())
	if o.Start == game.Setup {
		q.Set("setup", o.Setup.Line())
	}
	q.Set("moves", g.Transcript())
	return "/replay?" + q.Encode() + "&"
}

// importedGame reads the game that importedURL wrote.
func importedGame(q url.Values) (*game.Game, error) {
	size, err := strconv.Atoi(q.Get("size"))
	if err != nil {
		return nil, err
	}
	start, err := game.ParseStart(q.Get("start"))
	if err != nil {
		return nil, err
	}
	o := game.Options{Size: size, Start: start}
	if start == game.Setup {
		if o.Setup, err = game.ParseLine(q.Get("setup")); err != nil {
			return nil, err
		}
	}
	return game.ParseTranscript(o, q.Get("moves"))
}

// replayPage builds the page of position ply of g, whose positions are ps;
// at is the replay's address ready for "ply=N". end is how a stored game
// ended when its moves do not say it (resigned, on time, aborted); an
// imported game has none.
func (s *Server) replayPage(r *http.Request, g *game.Game, ps []game.Board, ply int, at string, end views.RecordEnd) views.ReplayPage {
	f := play.ReplayFor(g, ps, ply)
	status := views.ReplayStatusOf(f, end)
	page := views.ReplayPageFor(s.base(r, status, views.SkipToSteps()), f, at, end, levelField())
	page.JS = static.Replay().Path // the arrow keys step
	return page
}

// importForm shows the import form.
func (s *Server) importForm(c *gin.Context) error {
	page := views.ImportPage{Base: s.base(c.Request, views.ImportTitle(), views.SkipToForm()), Groups: views.ImportGroups(formFields(), "", "")}
	s.writePage(c.Writer, c.Request, http.StatusOK, views.Import, page)
	return nil
}

// importRecord checks a transcript or GGF record by the rules and opens
// its replay, storing nothing; a record that breaks them is refused with
// 422 and a sentence naming the first bad move.
func (s *Server) importRecord(c *gin.Context) error {
	text := c.PostForm("transcript")
	size, start := c.PostForm("size"), c.PostForm("start")
	rec, err := play.Import(text, size, start)
	if err != nil {
		var re *game.RecordError
		if !errors.As(err, &re) {
			return err
		}
		msg := views.RecordProblem(re)
		page := views.ImportPage{Base: s.base(c.Request, msg, views.SkipToImportError()), Message: msg, Transcript: text,
			Groups: views.ImportGroups(formFields(), size, start)}
		s.writePage(c.Writer, c.Request, http.StatusUnprocessableEntity, views.Import, page)
		return nil
	}
	return redirect(c, importedURL(&rec.Game)+"ply="+strconv.Itoa(len(rec.Game.Plies))+"#status")
}

// downloadTranscript sends the game's transcript as a text file.
func (s *Server) downloadTranscript(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	text := m.Game.Record.Transcript() + "\n" + views.TranscriptEnd(s.language(c.Request), views.EndOf(m.Outcome()), m.Game.Record.Options.Size)
	sendFile(c, "reversi-"+m.Game.ID+".txt", "text/plain; charset=utf-8", text)
	return nil
}

// downloadGGF sends the game as a GGF record.
func (s *Server) downloadGGF(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	text, err := ggfRecord(s.language(c.Request), m).GGF()
	if err != nil {
		return fmt.Errorf("ggf: %w", err)
	}
	sendFile(c, "reversi-"+m.Game.ID+".ggf", "application/x-ggf; charset=utf-8", text+"\n")
	return nil
}

// ggfRecord is m's game with the details that GGF carries: the players
// as the game page names them in l, the date it began, the result.
func ggfRecord(l *views.Lang, m *play.Match) *game.Record {
	g := m.Game
	name := func(c game.Color) string {
		level := ""
		if g.Opponent == club.Computer && !m.IsHuman(c) {
			level = g.Level
		}
		return views.GGFPlayer(l, c, views.ReplayWho(string(g.Opponent), m.Seat, c), level)
	}
	return m.GGF(name(game.Black), name(game.White))
}

// sendFile answers with text as a file to save.
func sendFile(c *gin.Context, name, contentType, text string) {
	h := c.Writer.Header()
	h.Set("Content-Disposition", `attachment; filename="`+name+`"`)
	h.Set("Cache-Control", "no-cache")
	c.Data(http.StatusOK, contentType, []byte(text))
}

// recordView is the record part of a game's page.
func recordView(m *play.Match) views.RecordView {
	at := gameURL(m.Game.ID)
	v := views.NewRecordView(&m.Game.Record, at+"/replay?", views.EndOf(m.Outcome()))
	v.ReplayURL = at + "/replay?ply=" + strconv.Itoa(m.Ply())
	v.TranscriptURL = at + "/transcript"
	v.GGFURL = at + "/ggf"
	return v
}

// playOn starts a game from a position of a replay, against the computer
// (the player taking the side to move) or on one device. The new game's
// record starts at that position.
func (s *Server) playOn(c *gin.Context) error {
	form := url.Values{}
	for _, k := range []string{"size", "start", "setup", "moves"} {
		form.Set(k, c.PostForm(k))
	}
	g, err := importedGame(form)
	if err != nil {
		return play.ErrBadPlayOn
	}
	ply, err := strconv.Atoi(c.PostForm("ply"))
	if err != nil {
		return play.ErrBadPlayOn
	}
	ng, err := play.PlayOnGame(g, ply, club.Opponent(c.PostForm("opponent")), c.PostForm("level"))
	if err != nil {
		return err
	}
	var hidden []views.Field
	for _, k := range []string{"size", "start", "setup", "moves", "ply", "opponent", "level"} {
		if v := c.PostForm(k); v != "" {
			hidden = append(hidden, views.Field{Name: k, Value: v})
		}
	}
	if asked, err := s.askFirst(c, "/playon", hidden); asked || err != nil {
		return err
	}
	p := playerID(c)
	if p == "" {
		if p, err = s.newPlayer(c); err != nil {
			return err
		}
	}
	if err := s.recordPlayer(c, p); err != nil {
		return err
	}
	if err := s.app.PlayOn(c.Request.Context(), p, ng); err != nil {
		return err
	}
	if err := s.savePlayer(c, p); err != nil {
		return err
	}
	return redirect(c, gameURL(ng.ID)+"#status")
}

// replayVerdict adds the stored review's verdict on the move played from
// position ply, if the viewer's side played it, and rings its best move.
func (s *Server) replayVerdict(c *gin.Context, m *play.Match, ply int, page *views.ReplayPage) error {
	sr, err := s.app.Review(c.Request.Context(), m)
	if err != nil || sr == nil {
		return err
	}
	for _, mr := range sr.Moves {
		if mr.Ply != ply || !play.ReviewedFor(m, mr.Side) {
			continue
		}
		size := m.Game.Record.Options.Size
		v := views.NewVerdict(mr, views.ReviewInput{Size: size, Margin: play.ReviewMargin(size)}, views.MatchVoice(m))
		page.Verdict = &v
		if mr.Loss() > 0 {
			placed, flips := game.Pass, game.Bits{}
			if ply > 0 {
				if placed = m.Game.Record.Plies[ply-1]; placed != game.Pass {
					_, flips, _ = m.Positions[ply-1].Play(placed)
				}
			}
			page.Diagram = views.ReplayDiagram(m.Positions[ply], placed, flips, mr.Best, page.Status)
		}
	}
	return nil
}
