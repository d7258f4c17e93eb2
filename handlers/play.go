package handlers

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"reversi/ai"
	"reversi/db"
	"reversi/game"
	"reversi/static"
	"reversi/views"
)

// Refusals that show the game as stored, with a message.
const (
	msgStale = "That board was out of date: the game has moved on since the page was loaded. " +
		"Here is the game as it stands now; nothing was changed."
	msgOver     = "This game is over, so no more moves can be made."
	msgNotTurn  = "It isn't your turn yet."
	msgNoUndo   = "There is no move of yours to take back."
	msgUndoOff  = "Undo is switched off for this game. You can switch it on in the settings."
	msgHintWhen = "A hint is only given when it's your move and you have a move to make."
	msgNoGuest  = "Your friend hasn't taken the other seat yet: send them the invite link, and play starts when they open it."
	msgOnline   = "Undo and hints are not part of online games: both players play on their own."
)

func (s *Server) showGame(c *gin.Context) error {
	st, err := s.own(c)
	if err != nil {
		return err
	}
	if after, ok := c.GetQuery("after"); ok && st.room != nil {
		// A long poll from an online game's "Check for" link.
		if st, err = s.waitForChange(c, st, after); err != nil {
			return err
		}
		if st.room.GameID != st.ID {
			c.Redirect(http.StatusSeeOther, gameURL(st.room.GameID)+"#status")
			return nil
		}
	}
	return s.renderState(c, st, http.StatusOK, "", c.Query("did"))
}

// renderGame renders g's page with status and, when message is not empty,
// the reason a request was refused. did names what the last request did
// ("undo", "hint", "settings") when it was not a move.
func (s *Server) renderGame(c *gin.Context, g *db.Game, status int, message, did string) error {
	var st *gameState
	var err error
	if g.Opponent == db.Online {
		st, err = s.seated(c, g)
	} else {
		st, err = newGameState(g)
	}
	if err != nil {
		return err
	}
	return s.renderState(c, st, status, message, did)
}

// renderState renders the page of a game already loaded.
func (s *Server) renderState(c *gin.Context, st *gameState, status int, message, did string) error {
	b := st.board()
	size := st.Record.Options.Size
	playing := st.Status == db.Playing && !b.Over()
	human := playing && st.humanToMove()

	evs := st.lastTurn()
	text := st.narrate(evs)
	if st.room != nil && st.room.Guest == "" {
		text = sentence([]string{"online game: you play " + colorName(st.Human), "waiting for your friend to open the invite link"})
	}
	animate := message == "" && did == ""
	marks := st.marks(evs, animate)
	switch did {
	case "undo":
		text = sentence([]string{"you took back your move", st.next()})
		marks = views.Marks{Hint: game.Pass}
	case "settings":
		text = sentence([]string{"settings saved", st.next()})
	}
	if st.HintPly == st.Ply() && st.HintSquare != game.Pass && human {
		marks.Hint = st.HintSquare
		text = sentence([]string{"hint: " + st.HintSquare.Name(size) + " is the strongest move here (marked with a ring)", st.next()})
	}
	if st.room != nil {
		// Online, play waits for the guest, and an earlier round is over.
		human = human && st.room.Guest != "" && st.room.GameID == st.ID
	}
	marks.Playable = human && !b.MustPass()
	marks.ShowLegal = st.ShowMoves

	heading := "Two players on one device"
	switch st.Opponent {
	case db.Computer:
		heading = "You (" + colorName(st.Human) + ") against the computer, " + titleCase(st.Level)
	case db.Online:
		heading = "You (" + colorName(st.Human) + ") against a friend online"
	}
	title := text
	if message != "" {
		title = message
	}
	page := views.GamePage{
		Base:      s.base(title, "board", "Skip to the board"),
		ID:        st.ID,
		Heading:   heading,
		Status:    text,
		Message:   message,
		Ply:       st.Ply(),
		Board:     views.NewBoard(b, marks),
		Pass:      human && b.MustPass(),
		CanUndo:   playing && st.AllowUndo && st.undoTarget() >= 0,
		CanHint:   human && !b.Moves().IsZero(),
		ShowMoves: st.ShowMoves,
		AllowUndo: st.AllowUndo,
		Sound:     st.Sound,
		Moves:     moveList(st),
	}
	page.JS = static.JS.Path
	page.Resume = playing && !human && st.Opponent == db.Computer
	if st.room != nil {
		page.Online = s.onlineView(c, st)
		page.CanUndo, page.CanHint = false, false
		if page.Online.Events != "" {
			page.Live = static.Live.Path
		}
	}
	if page.Pass {
		page.PassLabel = "Pass (" + colorName(b.Turn()) + " has no legal move)"
		if st.Opponent == db.Computer {
			page.PassLabel = "Pass (you have no legal move)"
		}
	}
	r := b.Result()
	for _, c := range []game.Color{game.Black, game.White} {
		line := views.PlayerLine{Color: c.String(), Name: colorName(c), Discs: b.Count(c), ToMove: playing && b.Turn() == c}
		switch st.Opponent {
		case db.Computer:
			line.Who = "computer"
		case db.Online:
			line.Who = "your friend"
		}
		if st.Opponent != db.Local && c == st.Human {
			line.Who = "you"
		}
		page.Players = append(page.Players, line)
	}
	if !playing {
		page.Result = &views.ResultView{
			Winner: winnerText(st, r), Black: r.Black, White: r.White,
			BlackScore: r.BlackScore, WhiteScore: r.WhiteScore, Hints: st.Hints, Undos: st.Undos,
		}
		if st.room == nil {
			page.Again = againFields(st.Game)
		}
	}
	s.writePage(c.Writer, c.Request, status, views.Play, page)
	return nil
}

func winnerText(st *gameState, r game.Result) string {
	switch {
	case r.Winner == game.Empty:
		return "Nobody: a draw"
	case st.Opponent == db.Computer && r.Winner == st.Human:
		return "You (" + colorName(r.Winner) + ")"
	case st.Opponent == db.Computer:
		return "The computer (" + colorName(r.Winner) + ")"
	}
	return colorName(r.Winner)
}

func moveList(st *gameState) string {
	names := make([]string, len(st.Record.Plies))
	for i, m := range st.Record.Plies {
		names[i] = m.Name(st.Record.Options.Size)
	}
	return strings.Join(names, " ")
}

// formPly reads the ply that a form was rendered at.
func formPly(c *gin.Context, st *gameState) (int, error) {
	v, ok := c.GetPostForm("ply")
	n, err := strconv.Atoi(v)
	if !ok || err != nil || n < 0 || len(v) > 4 {
		return 0, refuse(st, http.StatusBadRequest,
			"The form didn't say which position it was sent from, so nothing was changed. Please try again from this page.")
	}
	return n, nil
}

// refuse answers with the stored game and a message.
func refuse(st *gameState, status int, msg string) error {
	return &pageError{Status: status, Message: msg, Game: st.Game}
}

// checkPlayable refuses a request sent from an old page or to a finished game.
func checkPlayable(st *gameState, ply int) error {
	switch {
	case st.Status != db.Playing || st.board().Over():
		return refuse(st, http.StatusConflict, msgOver)
	case ply != st.Ply():
		return refuse(st, http.StatusConflict, msgStale)
	}
	return nil
}

// move plays the player's move and, against the computer, its reply, then
// stores the new plies with one update conditional on the old ply.
func (s *Server) move(c *gin.Context) error {
	st, err := s.own(c)
	if err != nil {
		return err
	}
	ply, err := formPly(c, st)
	if err != nil {
		return err
	}
	size := st.Record.Options.Size
	raw := c.PostForm("move")
	if raw == "computer" && st.Opponent == db.Computer {
		return s.resume(c, st, ply)
	}
	m, err := game.ParseMove(size, strings.TrimSpace(raw))
	if err != nil || len(raw) > 8 {
		last := game.SquareAt(size, size-1, size-1).Name(size)
		return &pageError{Status: http.StatusBadRequest, Game: st.Game,
			Message: "That move wasn't understood: a move is a square from a1 to " + last + ", or pass."}
	}
	if err := checkPlayable(st, ply); err != nil {
		return err
	}
	if !st.humanToMove() {
		return refuse(st, http.StatusConflict, msgNotTurn)
	}
	if st.room != nil && st.room.Guest == "" {
		return refuse(st, http.StatusConflict, msgNoGuest)
	}
	b := st.board()
	if !b.Legal(m) {
		return refuse(st, http.StatusUnprocessableEntity, illegalMessage(b, m))
	}
	if _, err := st.play(m); err != nil {
		return fmtErr("play", err)
	}
	if st.Opponent == db.Computer {
		if err := s.computerReplies(c.Request.Context(), st); err != nil {
			return err
		}
	}
	if err := s.store.UpdateGame(c.Request.Context(), st.Game, ply); err != nil {
		return s.storeRefusal(c, st.ID, err)
	}
	if st.room != nil {
		s.notifier.Notify(st.ID)
	}
	return redirect(c, gameURL(st.ID)+"#status")
}

// resume lets the computer move in a game that was stored at its turn,
// which only an interrupted request can leave behind.
func (s *Server) resume(c *gin.Context, st *gameState, ply int) error {
	if err := checkPlayable(st, ply); err != nil {
		return err
	}
	if st.humanToMove() {
		return refuse(st, http.StatusConflict, "It's your move, not the computer's.")
	}
	if err := s.computerReplies(c.Request.Context(), st); err != nil {
		return err
	}
	if err := s.store.UpdateGame(c.Request.Context(), st.Game, ply); err != nil {
		return s.storeRefusal(c, st.ID, err)
	}
	return redirect(c, gameURL(st.ID)+"#status")
}

// storeRefusal turns a failed conditional update into a refusal that shows
// the game as it is now stored.
func (s *Server) storeRefusal(c *gin.Context, id string, err error) error {
	if !errors.Is(err, db.ErrStale) {
		return err
	}
	g, lerr := s.store.Game(c.Request.Context(), id)
	if lerr != nil {
		return lerr
	}
	return &pageError{Status: http.StatusConflict, Message: msgStale, Game: g}
}

func illegalMessage(b game.Board, m game.Square) string {
	size := b.Size()
	switch {
	case m == game.Pass:
		return "You can't pass while you have a legal move."
	case b.At(m) != game.Empty:
		return m.Name(size) + " already holds a disc. Choose an empty square."
	case b.Placing():
		return m.Name(size) + " isn't one of the four centre squares, where the first discs go."
	}
	return m.Name(size) + " doesn't trap any of your opponent's discs, so it isn't a legal move."
}

// computerReplies plays the computer's moves for as long as it is to move.
// A human who must pass acknowledges that with the pass button, so this
// stops at the human's turn even then. No database work happens here.
func (s *Server) computerReplies(ctx context.Context, st *gameState) error {
	level, err := ai.ParseLevel(st.Level)
	if err != nil {
		return fmtErr("computer reply", err)
	}
	for !st.board().Over() && st.board().Turn() != st.Human {
		m := s.computerMove(ctx, st.board(), level)
		if _, err := st.play(m); err != nil {
			return fmtErr("computer reply", err)
		}
	}
	return nil
}

// computerMove asks the ai for a move within the time limit; if it fails or
// runs out of time, the first legal move stands in, so a game never stalls.
func (s *Server) computerMove(ctx context.Context, b game.Board, level ai.Level) game.Square {
	fallback := b.Moves().First() // game.Pass when there is no move
	// The time limit covers the wait for a free core too.
	ctx, cancel := context.WithTimeout(ctx, s.aiTimeout)
	defer cancel()
	release, ok := s.searchSlot(ctx)
	if !ok {
		s.log.Warn("no core free for the computer; playing the first legal move")
		return fallback
	}
	defer release()
	rng := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	m, err := s.choose(ctx, b, level, rng)
	if err != nil || !b.Legal(m) {
		s.log.Warn("computer move failed; playing the first legal move", "level", level, "err", err, "move", m)
		return fallback
	}
	return m
}

// searchSlot waits, within ctx, for one of the slots that bound the
// searches running at once, and returns the function that gives it back;
// ok is false if ctx ended first.
func (s *Server) searchSlot(ctx context.Context) (release func(), ok bool) {
	select {
	case s.aiSlots <- struct{}{}:
		return func() { <-s.aiSlots }, true
	case <-ctx.Done():
		return nil, false
	}
}

// playableOffline loads the game of an undo or hint form and checks that
// the form is current, the game in play and not online, where neither is
// offered. It returns the game and the form's ply.
func (s *Server) playableOffline(c *gin.Context) (*gameState, int, error) {
	st, err := s.own(c)
	if err != nil {
		return nil, 0, err
	}
	ply, err := formPly(c, st)
	if err != nil {
		return nil, 0, err
	}
	if err := checkPlayable(st, ply); err != nil {
		return nil, 0, err
	}
	if st.room != nil {
		return nil, 0, refuse(st, http.StatusConflict, msgOnline)
	}
	return st, ply, nil
}

func (s *Server) undo(c *gin.Context) error {
	st, ply, err := s.playableOffline(c)
	if err != nil {
		return err
	}
	if !st.AllowUndo {
		return refuse(st, http.StatusConflict, msgUndoOff)
	}
	to := st.undoTarget()
	if to < 0 {
		return refuse(st, http.StatusConflict, msgNoUndo)
	}
	st.undoTo(to)
	st.Undos++
	if err := s.store.UpdateGame(c.Request.Context(), st.Game, ply); err != nil {
		return s.storeRefusal(c, st.ID, err)
	}
	return redirect(c, gameURL(st.ID)+"?did=undo#status")
}

func (s *Server) hintMove(c *gin.Context) error {
	st, ply, err := s.playableOffline(c)
	if err != nil {
		return err
	}
	b := st.board()
	if !st.humanToMove() || b.Moves().IsZero() {
		return refuse(st, http.StatusConflict, msgHintWhen)
	}
	if st.HintPly != ply {
		sq, err := s.hintFor(c.Request.Context(), b)
		if err != nil {
			return err
		}
		st.HintPly, st.HintSquare = ply, sq
		st.Hints++
		if err := s.store.UpdateGame(c.Request.Context(), st.Game, ply); err != nil {
			return s.storeRefusal(c, st.ID, err)
		}
	}
	return redirect(c, gameURL(st.ID)+"?did=hint#status")
}

func (s *Server) hintFor(ctx context.Context, b game.Board) (game.Square, error) {
	ctx, cancel := context.WithTimeout(ctx, s.aiTimeout)
	defer cancel()
	release, ok := s.searchSlot(ctx)
	if !ok {
		return game.Pass, errHintFailed
	}
	defer release()
	sq, err := s.hint(ctx, b)
	if err != nil || sq == game.Pass || !b.Legal(sq) {
		s.log.Warn("hint failed", "err", err, "move", sq)
		return game.Pass, errHintFailed
	}
	return sq, nil
}

var errHintFailed = &pageError{Status: http.StatusServiceUnavailable, Heading: "No hint this time",
	Message: "The computer couldn't work out a hint in time. Go back to the game and try again in a moment."}

func (s *Server) settings(c *gin.Context) error {
	st, err := s.own(c)
	if err != nil {
		return err
	}
	set := db.Settings{
		ShowMoves: c.PostForm("show_moves") == "on",
		AllowUndo: c.PostForm("allow_undo") == "on",
		Sound:     c.PostForm("sound") == "on",
	}
	if err := s.store.UpdateSettings(c.Request.Context(), st.ID, set); err != nil {
		return err
	}
	return redirect(c, gameURL(st.ID)+"?did=settings#status")
}
