package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"reversi/db"
	"reversi/game"
	"reversi/static"
	"reversi/views"
)

// practiceOpening is where the practice board starts: four plies into a
// game from the 8×8 cross start that opens with f5, not the tutorial's d3.
// Black is to move with nine legal moves spread around the centre and no
// edge or corner in reach, and White leads 5 to 3, which shows again that
// the count in the middle of a game decides nothing.
const practiceOpening = "f5f6e6f4"

// practiceLimit is the number of placements the exercise lasts.
const practiceLimit = 4

// practiceState is a practice board replayed.
type practiceState struct {
	*db.Practice
	opening []game.Square
	plies   []game.Square
	board   game.Board
	placed  int         // placements made since the opening
	last    game.Square // the last placement, or game.Pass
	flips   game.Bits   // what it turned over
	mover   game.Color  // who made it
}

func newPracticeState(p *db.Practice) (*practiceState, error) {
	g, err := game.ParseTranscript(game.Options{Size: 8}, p.Opening)
	if err != nil {
		return nil, fmt.Errorf("practice opening: %w", err)
	}
	b, err := g.Board()
	if err != nil {
		return nil, fmt.Errorf("practice opening: %w", err)
	}
	st := &practiceState{Practice: p, opening: g.Plies, last: game.Pass}
	for _, f := range strings.Fields(p.Plies) {
		m, err := game.ParseMove(8, f)
		if err != nil {
			return nil, fmt.Errorf("practice plies: %w", err)
		}
		mover := b.Turn()
		next, flips, err := b.Play(m)
		if err != nil {
			return nil, fmt.Errorf("practice ply %s: %w", f, err)
		}
		if m != game.Pass {
			st.placed++
			st.last, st.flips, st.mover = m, flips, mover
		}
		b = next
		st.plies = append(st.plies, m)
	}
	st.board = b
	return st, nil
}

func (st *practiceState) over() bool { return st.placed >= practiceLimit || st.board.Over() }

// loadPractice returns the player's practice board, or a fresh one at
// version 0 for a player who has none (or no cookie yet).
func (s *Server) loadPractice(c *gin.Context) (*practiceState, error) {
	p := &db.Practice{PlayerID: playerID(c), Opening: practiceOpening}
	if p.PlayerID != "" {
		stored, err := s.store.Practice(c.Request.Context(), p.PlayerID)
		switch {
		case err == nil:
			p = stored
		case !errors.Is(err, db.ErrNotFound):
			return nil, err
		}
	}
	return newPracticeState(p)
}

func (s *Server) practice(c *gin.Context) error {
	st, err := s.loadPractice(c)
	if err != nil {
		return err
	}
	trial, err := parseTrial(c, st.board)
	if err != nil {
		return err
	}
	return s.renderPractice(c, st, http.StatusOK, "", c.Query("did"), trial)
}

// practiceAskReset shows the board with the question whether to start
// again: a GET changes nothing, and the answer is a POST.
func (s *Server) practiceAskReset(c *gin.Context) error {
	st, err := s.loadPractice(c)
	if err != nil {
		return err
	}
	if st.Plies == "" {
		return redirect(c, "/practice#board")
	}
	return s.renderPractice(c, st, http.StatusOK, "", "ask-reset", game.Pass)
}

// renderPractice writes the practice page with status; message says why a
// request was refused, did what the last request did ("move", "undo",
// "reset"), and trial is the square previewed, or game.Pass.
func (s *Server) renderPractice(c *gin.Context, st *practiceState, status int, message, did string, trial game.Square) error {
	b := st.board
	over := st.over()
	page := views.PracticePage{
		Message: message, Version: st.Version, Placed: st.placed, Limit: practiceLimit, Over: over,
		CanUndo: len(st.History) > 0, CanReset: st.Plies != "",
		Position: positionText(b),
		Moves:    practiceMoves(st),
	}
	marks := views.TrialMarks{Trial: game.Pass, Placed: game.Pass, Open: !over}
	switch did {
	case "move":
		if st.last != game.Pass {
			page.Status = views.ColorName(st.mover) + " played " + st.last.Name(8) + " and turned over " +
				views.Plural(st.flips.Count(), "disc") + "."
			marks.Placed, marks.Flipped = st.last, st.flips
		}
	case "undo":
		page.Status = "Taken back: the board is as it was before your last change."
	case "reset":
		page.Status = "Started again from the opening. Undo brings back the board you had."
	case "ask-reset":
		page.AskReset = true
	}
	if n := len(st.plies); n > 0 && st.plies[n-1] == game.Pass && !over {
		page.Status = strings.TrimSpace(page.Status + " " + views.ColorName(b.Turn().Opponent()) + " had no legal move and passed.")
	}
	if over {
		page.Status = strings.TrimSpace(page.Status + " The exercise is over: you made " + strconv.Itoa(st.placed) +
			" placements. Undo one, start again, or play a real game.")
	} else if trial != game.Pass {
		tv := views.Trial(b, trial)
		tv.Cancel = "/practice#board"
		page.Trial = &tv
		marks.Trial, marks.Lines = trial, b.Trial(trial)
		marks.Placed, marks.Flipped = game.Pass, game.Bits{}
		if b.Legal(trial) {
			page.Apply = trial.Name(8)
			page.ApplyLabel = "Apply " + page.Apply + " for " + views.ColorName(b.Turn())
		}
	}
	if m := b.Moves(); !over && page.Trial == nil && !page.AskReset && !m.IsZero() {
		sq := m.First().Name(8)
		page.Example = &views.ExampleMove{Mover: views.ColorName(b.Turn()), Square: sq, URL: "/practice?try=" + sq}
	}
	title := "Practice board"
	switch {
	case message != "":
		title = message
	case page.Trial != nil:
		title = page.Trial.Heading + ": " + page.Trial.Summary + " – Practice"
	case page.AskReset:
		title = "Start this practice again? – Practice"
	case page.Status != "":
		title = page.Status + " – Practice"
	}
	page.Base = s.base(title, "board", "Skip to the board")
	page.JS = static.JS.Path
	page.Board = views.TrialBoard{
		BoardView: views.NewTrialBoard(b, marks),
		Action:    "/practice", // no fragment: w3m would send the query after it
		Label:     "Practice board: choose a square to preview it",
	}
	if page.Trial != nil {
		page.Board.Cancel = "/practice#board"
	}
	s.writePage(c.Writer, c.Request, status, views.Practice, page)
	return nil
}

func practiceMoves(st *practiceState) string {
	s := "Opening: " + strings.Join(views.SquareNames(8, st.opening), " ") + "."
	if len(st.plies) > 0 {
		s += " Yours: " + strings.Join(views.SquareNames(8, st.plies), " ") + "."
	}
	return s
}

const (
	msgPracticeStale = "That practice board was out of date: it changed after the page was loaded, perhaps in another tab. " +
		"Here it is as it stands now; nothing was changed."
	msgPracticeOver = "The exercise is over after four placements. Undo one, or start again."
)

// practiceForm loads the practice board and checks the version that the
// form was rendered at. When it returns false, it has written the refusal
// (or returns the error to write).
func (s *Server) practiceForm(c *gin.Context) (*practiceState, bool, error) {
	st, err := s.loadPractice(c)
	if err != nil {
		return nil, false, err
	}
	v, ok := c.GetPostForm("version")
	n, err := strconv.Atoi(v)
	if !ok || err != nil || n < 0 || len(v) > 9 {
		return st, false, s.renderPractice(c, st, http.StatusBadRequest,
			"The form didn't say which board it was sent from, so nothing was changed. Please try again from this page.", "", game.Pass)
	}
	if n != st.Version {
		return st, false, s.renderPractice(c, st, http.StatusConflict, msgPracticeStale, "", game.Pass)
	}
	return st, true, nil
}

// savePractice stores st's new plies and history as the next version,
// first making the player (and the cookie) when there is none yet, and
// answers 303 to the practice page.
func (s *Server) savePractice(c *gin.Context, st *practiceState, did string) error {
	ctx := c.Request.Context()
	p := playerID(c)
	switch {
	case p == "":
		var err error
		if p, err = s.newPlayer(c); err != nil {
			return err
		}
		if err := s.recordPlayer(c, p); err != nil {
			return err
		}
		if err := s.savePlayer(c, p); err != nil {
			return err
		}
	case st.Version == 0:
		// A valid cookie whose player row is gone (a new database).
		if err := s.recordPlayer(c, p); err != nil {
			return err
		}
	}
	st.PlayerID = p
	if err := s.store.SavePractice(ctx, st.Practice, st.Version); err != nil {
		if !errors.Is(err, db.ErrStale) {
			return err
		}
		fresh, err := s.loadPractice(c)
		if err != nil {
			return err
		}
		return s.renderPractice(c, fresh, http.StatusConflict, msgPracticeStale, "", game.Pass)
	}
	return redirect(c, "/practice?did="+did+"#status")
}

func (s *Server) practiceMove(c *gin.Context) error {
	st, ok, err := s.practiceForm(c)
	if !ok {
		return err
	}
	raw := c.PostForm("move")
	m, perr := game.ParseSquare(8, strings.TrimSpace(raw))
	switch {
	case perr != nil || len(raw) > 4:
		return s.renderPractice(c, st, http.StatusBadRequest,
			"That square wasn't understood: a placement is a square from a1 to h8.", "", game.Pass)
	case st.over():
		return s.renderPractice(c, st, http.StatusConflict, msgPracticeOver, "", game.Pass)
	case !st.board.Legal(m):
		return s.renderPractice(c, st, http.StatusUnprocessableEntity, views.MsgIllegal(st.board, m), "", game.Pass)
	}
	next, _, err := st.board.Play(m)
	if err != nil {
		return fmtErr("practice move", err)
	}
	st.History = append(st.History, st.Plies)
	plies := append(strings.Fields(st.Plies), m.Name(8))
	if next.MustPass() {
		// A forced pass is played at once: the learner plays both sides.
		plies = append(plies, "pass")
	}
	st.Plies = strings.Join(plies, " ")
	return s.savePractice(c, st, "move")
}

func (s *Server) practiceUndo(c *gin.Context) error {
	st, ok, err := s.practiceForm(c)
	if !ok {
		return err
	}
	if len(st.History) == 0 {
		return s.renderPractice(c, st, http.StatusConflict, "There is nothing to take back yet.", "", game.Pass)
	}
	st.Plies = st.History[len(st.History)-1]
	st.History = st.History[:len(st.History)-1]
	return s.savePractice(c, st, "undo")
}

func (s *Server) practiceReset(c *gin.Context) error {
	st, ok, err := s.practiceForm(c)
	if !ok {
		return err
	}
	if st.Plies == "" {
		return s.renderPractice(c, st, http.StatusConflict, "The board is already at the start of the exercise.", "", game.Pass)
	}
	st.History = append(st.History, st.Plies)
	st.Plies = ""
	return s.savePractice(c, st, "reset")
}
