package handlers

import (
	"bytes"
	"compress/gzip"
	"context"
	"math/rand/v2"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"reversi/db/sqlite"
	"reversi/play"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"reversi/ai"
	"reversi/club"
	"reversi/game"
	"reversi/static"
)

// Positions found by random play, replayed by the tests:
const (
	// After these 6×6 plies Black (the player) has no move and must pass.
	humanMustPass = "c2d2e4d5e5f3e2e6f4e3d6c5c6b4a4d1f2b6"
	// After these 6×6 plies Black's f6 leaves White without a move.
	beforeComputerPass = "e4c5b6f4d5c2c1c6e6b1a1b3d6b4f3f5"
	// Thirty plies of an 8×8 game, Black to move.
	midGame8 = "c4c5b6e3e6c3e2a7c6d6b7f2g1c7b3f3b5d1g2b4a5a3e7h1f4a4b2d7d8d3"
	// A whole 6×6 game; White wins 25 to 11.
	wholeGame6 = "d5e5b3b2c2b4a2d6e6a1a4f6d2e2f2a3f5f4e4e3f3e1d1c5f1b1a5c1c6b6b5a6"
)

const testPlayer = "00000000000000000000000000000001"

func TestPlayerMustPass(t *testing.T) {
	a := newApp(t)
	a.put("humanmustpassaaa", testPlayer, game.Options{Size: 6}, humanMustPass, nil)
	cookie := a.playerCookie(testPlayer)
	body := a.do("GET", "/games/humanmustpassaaa", nil, cookie).Body.String()
	for _, want := range []string{`<button name="move" value="pass"`, "you have no move and must pass"} {
		if !strings.Contains(body, want) {
			t.Errorf("game page lacks %q", want)
		}
	}
	if strings.Contains(body, `class="lg"`) {
		t.Errorf("a player who must pass is shown legal moves")
	}
	ply := a.stored("humanmustpassaaa").Ply()
	w := a.do("POST", "/games/humanmustpassaaa/moves", url.Values{"ply": {strconv.Itoa(ply)}, "move": {"pass"}}, cookie)
	if w.Code != http.StatusSeeOther {
		t.Fatalf("pass = %d, want 303:\n%s", w.Code, w.Body)
	}
	g := a.stored("humanmustpassaaa")
	if g.Ply() != ply+2 || g.Record.Plies[ply] != game.Pass || g.Record.Plies[ply+1] == game.Pass {
		t.Errorf("after the pass: plies %v from %d; want a pass and the computer's move", g.Record.Plies[ply:], ply)
	}
	body = a.do("GET", "/games/humanmustpassaaa", nil, cookie).Body.String()
	if !regexp.MustCompile(`<h2 id="status" tabindex="-1">You passed; White played [a-f][1-6] and flipped \d+;`).MatchString(body) {
		t.Errorf("status after a pass is wrong:\n%s", body)
	}
	// Undo goes back past the pass and the reply to the player's last placement.
	w = a.do("POST", "/games/humanmustpassaaa/undo", url.Values{"ply": {strconv.Itoa(ply + 2)}}, cookie)
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/games/humanmustpassaaa?did=undo#status" {
		t.Fatalf("undo = %d %q", w.Code, w.Header().Get("Location"))
	}
	g = a.stored("humanmustpassaaa")
	if got, want := g.Ply(), ply-2; got != want || g.Undos != 1 {
		t.Errorf("after undo: ply %d, undos %d; want %d, 1", got, g.Undos, want)
	}
}

func TestComputerPassIsSaidInWords(t *testing.T) {
	a := newApp(t)
	a.put("computerpassesaa", testPlayer, game.Options{Size: 6}, beforeComputerPass, nil)
	cookie := a.playerCookie(testPlayer)
	ply := a.stored("computerpassesaa").Ply()
	w := a.do("POST", "/games/computerpassesaa/moves", url.Values{"ply": {strconv.Itoa(ply)}, "move": {"f6"}}, cookie)
	if w.Code != http.StatusSeeOther {
		t.Fatalf("f6 = %d:\n%s", w.Code, w.Body)
	}
	g := a.stored("computerpassesaa")
	if g.Ply() != ply+2 || g.Record.Plies[ply+1] != game.Pass {
		t.Fatalf("plies after f6: %v, want f6 and a pass", g.Record.Plies[ply:])
	}
	body := a.do("GET", "/games/computerpassesaa", nil, cookie).Body.String()
	if want := "You played f6 and flipped"; !strings.Contains(body, want) {
		t.Errorf("page lacks %q", want)
	}
	if want := "White had no move and passed"; !strings.Contains(body, want) {
		t.Errorf("page lacks %q", want)
	}
	// Undo removes the computer's pass too.
	a.do("POST", "/games/computerpassesaa/undo", url.Values{"ply": {strconv.Itoa(ply + 2)}}, cookie)
	if g := a.stored("computerpassesaa"); g.Ply() != ply {
		t.Errorf("after undo ply = %d, want %d", g.Ply(), ply)
	}
}

func TestUndo(t *testing.T) {
	for _, tc := range []struct {
		name       string
		local      bool
		allowUndo  bool
		transcript string
		wantStatus int
		wantPlies  string
	}{
		{"computer: back to the player's last move", false, true, "f5d6c3d3", 303, "f5d6"},
		{"local: the last placement only", true, true, "f5d6c3d3", 303, "f5d6c3"},
		{"nothing to undo", false, true, "", 409, ""},
		{"switched off", false, false, "f5d6", 409, "f5d6"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newApp(t)
			a.put("undoundoundoundo", testPlayer, game.Options{Size: 8}, tc.transcript, func(g *club.Game) {
				g.AllowUndo = tc.allowUndo
				if tc.local {
					g.Opponent, g.Human = club.Local, game.Empty
				}
			})
			cookie := a.playerCookie(testPlayer)
			ply := a.stored("undoundoundoundo").Ply()
			w := a.do("POST", "/games/undoundoundoundo/undo", url.Values{"ply": {strconv.Itoa(ply)}}, cookie)
			if w.Code != tc.wantStatus {
				t.Fatalf("undo = %d, want %d", w.Code, tc.wantStatus)
			}
			if got := a.stored("undoundoundoundo").Record.Transcript(); got != tc.wantPlies {
				t.Errorf("after undo transcript = %q, want %q", got, tc.wantPlies)
			}
		})
	}
}

func TestHint(t *testing.T) {
	a := newApp(t)
	a.put("hinthinthinthint", testPlayer, game.Options{Size: 8}, "f5f6", nil)
	cookie := a.playerCookie(testPlayer)
	for range 2 {
		w := a.do("POST", "/games/hinthinthinthint/hint", url.Values{"ply": {"2"}}, cookie)
		if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/games/hinthinthinthint?did=hint#status" {
			t.Fatalf("hint = %d %q", w.Code, w.Header().Get("Location"))
		}
	}
	g := a.stored("hinthinthinthint")
	if g.Hints != 1 || g.HintPly != 2 || g.Ply() != 2 {
		t.Errorf("after two hints at one ply: hints %d, hint ply %d, ply %d; want 1, 2, 2", g.Hints, g.HintPly, g.Ply())
	}
	body := a.do("GET", "/games/hinthinthinthint?did=hint", nil, cookie).Body.String()
	hint := g.HintSquare.Name(8)
	if !strings.Contains(body, `value="`+hint+`" aria-label="`+hint+`, empty, legal move, flips 1, hint" class="lg hint"`) {
		t.Errorf("the hinted square %s is not marked:\n%s", hint, body)
	}
	if !strings.Contains(body, "Hint: "+hint+" is the strongest move here") {
		t.Errorf("the hint is not said in words")
	}
	// After a move the hint is gone.
	a.do("POST", "/games/hinthinthinthint/moves", url.Values{"ply": {"2"}, "move": {hint}}, cookie)
	if body := a.do("GET", "/games/hinthinthinthint", nil, cookie).Body.String(); strings.Contains(body, ", hint\"") {
		t.Errorf("the hint is still shown after a move")
	}
	// After an undo back to the hinted position the heading says the
	// undo, not the hint (whose ring may stay: the position is the same).
	ply := a.stored("hinthinthinthint").Ply()
	if w := a.do("POST", "/games/hinthinthinthint/undo", url.Values{"ply": {strconv.Itoa(ply)}}, cookie); w.Code != http.StatusSeeOther {
		t.Fatalf("undo = %d", w.Code)
	}
	body = a.do("GET", "/games/hinthinthinthint?did=undo", nil, cookie).Body.String()
	if strings.Contains(body, "is the strongest move here") {
		t.Errorf("after an undo the heading still gives the hint")
	}
}

func TestSettingsHideLegalMoves(t *testing.T) {
	a := newApp(t)
	id, cookie := a.start(nil)
	w := a.do("POST", "/games/"+id+"/settings", url.Values{"sound": {"on"}}, cookie)
	if w.Code != http.StatusSeeOther {
		t.Fatalf("settings = %d", w.Code)
	}
	g := a.stored(id)
	if g.Settings != (club.Settings{Sound: true}) {
		t.Errorf("settings = %+v, want sound only", g.Settings)
	}
	body := a.do("GET", "/games/"+id, nil, cookie).Body.String()
	if strings.Contains(body, "legal move,") || strings.Contains(body, `class="lg"`) {
		t.Errorf("legal moves shown although switched off")
	}
	if !strings.Contains(body, `aria-label="a1, empty">-</button>`) {
		t.Errorf("with legal moves hidden every empty square should be enabled")
	}
	if strings.Contains(body, "/undo") {
		t.Errorf("undo offered although switched off")
	}
	// An empty square that is not a legal move is refused with 422.
	if w := a.do("POST", "/games/"+id+"/moves", url.Values{"ply": {"0"}, "move": {"a1"}}, cookie); w.Code != 422 {
		t.Errorf("illegal a1 = %d, want 422", w.Code)
	}
}

// TestWholeGame plays a 6×6 game to the end through the handlers, taking
// the first legal move or passing, then checks the result screen.
func TestWholeGame(t *testing.T) {
	for _, opponent := range []string{"computer", "local"} {
		t.Run(opponent, func(t *testing.T) {
			a := newApp(t)
			id, cookie := a.start(nil, "size", "6", "opponent", opponent)
			for i := 0; ; i++ {
				if i > 80 {
					t.Fatal("the game did not end")
				}
				g := a.stored(id)
				if g.Status == club.Over {
					break
				}
				b, err := g.Record.Board()
				if err != nil {
					t.Fatal(err)
				}
				m := b.Moves().Squares()
				move := "pass"
				if len(m) > 0 {
					move = m[len(m)-1].Name(6)
				}
				w := a.do("POST", "/games/"+id+"/moves", url.Values{"ply": {strconv.Itoa(g.Ply())}, "move": {move}}, cookie)
				if w.Code != http.StatusSeeOther {
					t.Fatalf("move %s at ply %d = %d:\n%s", move, g.Ply(), w.Code, w.Body)
				}
			}
			g := a.stored(id)
			body := a.do("GET", "/games/"+id, nil, cookie).Body.String()
			for _, want := range []string{"the game is over", "<h2>Result</h2>", "Tournament score", "Hints used", "Play again"} {
				if !strings.Contains(body, want) {
					t.Errorf("result page lacks %q", want)
				}
			}
			if strings.Contains(body, "<button name=\"move\" value=\"a1\" aria-label=\"a1, empty\">") {
				t.Errorf("a finished game has an enabled square")
			}
			w := a.do("POST", "/games/"+id+"/moves", url.Values{"ply": {strconv.Itoa(g.Ply())}, "move": {"pass"}}, cookie)
			if w.Code != http.StatusConflict || !strings.Contains(w.Body.String(), "This game is over") {
				t.Errorf("a move in a finished game = %d, want 409 with a message", w.Code)
			}
			if home := a.do("GET", "/", nil, cookie).Body.String(); strings.Contains(home, "Continue") {
				t.Errorf("home offers to continue a finished game")
			}
		})
	}
}

func TestGoldenPages(t *testing.T) {
	a := newGoldenApp(t)
	a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, nil)
	a.put("finishedfinished", testPlayer, game.Options{Size: 6}, wholeGame6, func(g *club.Game) {
		g.Hints, g.Undos = 2, 1
	})
	a.put("localgamelocalga", testPlayer, game.Options{Size: 10, Start: game.Free}, "e5f5e6f6", func(g *club.Game) {
		g.Opponent, g.Human = club.Local, game.Empty
	})
	cookie := a.playerCookie(testPlayer)
	for _, tc := range []struct {
		name, method, path string
		form               url.Values
		status             int
	}{
		{"home", "GET", "/", nil, 200},
		{"game", "GET", "/games/midgamemidgamemi", nil, 200},
		{"game-refused", "POST", "/games/midgamemidgamemi/moves", url.Values{"ply": {"30"}, "move": {"a1"}}, 422},
		{"result", "GET", "/games/finishedfinished", nil, 200},
		{"local", "GET", "/games/localgamelocalga", nil, 200},
		{"confirm", "POST", "/games", url.Values{"opponent": {"computer"}, "color": {"white"}, "level": {"hard"},
			"size": {"10"}, "start": {"free"}, "allow_undo": {"on"}}, 200},
		{"notfound", "GET", "/games/aaaaaaaaaaaaaaaa", nil, 404},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := a.do(tc.method, tc.path, tc.form, cookie)
			if w.Code != tc.status {
				t.Fatalf("%s %s = %d, want %d", tc.method, tc.path, w.Code, tc.status)
			}
			// The asset hashes change with every edit of the files.
			body := stableAssets(w.Body.String())
			golden(t, tc.name, []byte(body))
		})
	}
}

// gzipSize returns the gzipped size of a page as the server sends it.
func gzipSize(t *testing.T, a *testApp, path string, cookie *http.Cookie) int {
	t.Helper()
	r := httptestRequest("GET", path, nil)
	r.Header.Set("Accept-Encoding", "gzip")
	if cookie != nil {
		r.AddCookie(cookie)
	}
	w := recordRequest(a, r)
	if w.Code != 200 || w.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("GET %s = %d, encoding %q", path, w.Code, w.Header().Get("Content-Encoding"))
	}
	return w.Body.Len()
}

func TestPageWeights(t *testing.T) {
	a := newApp(t)
	a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, nil)
	cookie := a.playerCookie(testPlayer)
	// A mid-game page right after a move, with its marks and animation steps.
	if w := a.do("POST", "/games/midgamemidgamemi/moves", url.Values{"ply": {"30"}, "move": {"e1"}}, cookie); w.Code != http.StatusSeeOther {
		t.Fatalf("e1 = %d, want 303", w.Code)
	}
	var jsGz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&jsGz, gzip.BestCompression)
	zw.Write(static.JS().Body)
	zw.Close()
	for _, tc := range []struct {
		what  string
		got   int
		limit int
	}{
		{"home page, gzipped", gzipSize(t, a, "/", nil), 4096},
		{"mid-game 8×8 game page, gzipped", gzipSize(t, a, "/games/midgamemidgamemi", cookie), 4096},
		// 4 KB, and 128 bytes for the marks' legend and the whole-pixel
		// squares of the rough-edges branch, until the sheet is trimmed.
		{"stylesheet, gzipped", len(static.CSS().Gzip), 4096 + 128},
		{"board script", len(static.JS().Body), 4096},
		{"board script, gzipped", jsGz.Len(), 2048},
	} {
		t.Logf("%s: %d bytes", tc.what, tc.got)
		if tc.got > tc.limit {
			t.Errorf("%s is %d bytes, over the limit of %d", tc.what, tc.got, tc.limit)
		}
	}
}

func TestResumeAGameStoredAtTheComputersTurn(t *testing.T) {
	a := newApp(t)
	a.put("computersturnaaa", testPlayer, game.Options{Size: 8}, "f5", nil)
	cookie := a.playerCookie(testPlayer)
	body := a.do("GET", "/games/computersturnaaa", nil, cookie).Body.String()
	if !strings.Contains(body, `<button name="move" value="computer"`) {
		t.Fatalf("a game at the computer's turn offers no way on:\n%s", body)
	}
	if w := a.do("POST", "/games/computersturnaaa/moves", url.Values{"ply": {"1"}, "move": {"d6"}}, cookie); w.Code != http.StatusConflict {
		t.Errorf("a move out of turn = %d, want 409", w.Code)
	}
	w := a.do("POST", "/games/computersturnaaa/moves", url.Values{"ply": {"1"}, "move": {"computer"}}, cookie)
	if w.Code != http.StatusSeeOther {
		t.Fatalf("resume = %d, want 303", w.Code)
	}
	if g := a.stored("computersturnaaa"); g.Ply() != 2 {
		t.Errorf("after resuming ply = %d, want 2", g.Ply())
	}
	if w := a.do("POST", "/games/computersturnaaa/moves", url.Values{"ply": {"2"}, "move": {"computer"}}, cookie); w.Code != http.StatusConflict {
		t.Errorf("resume at the player's turn = %d, want 409", w.Code)
	}
}

// TestSlowComputer checks that a computer that runs out of time still
// answers with a legal move, and that a hint that runs out of time changes
// nothing.
func TestSlowComputer(t *testing.T) {
	base := newApp(t)
	slow := func(ctx context.Context, b game.Board, _ ai.Level, _ *rand.Rand) (game.Square, error) {
		<-ctx.Done()
		return game.Pass, ctx.Err()
	}
	slowHint := func(ctx context.Context, b game.Board) (game.Square, error) {
		<-ctx.Done()
		return game.Pass, ctx.Err()
	}
	srv := newTestServer(t, testConfig{Config: Config{},
		Play: play.Config{Store: base.store, Choose: slow, Hint: slowHint, AITimeout: 20 * time.Millisecond}})
	a := &testApp{t: t, store: base.store, srv: srv, h: srv.Routes()}
	id, cookie := a.start(nil)
	if w := a.do("POST", "/games/"+id+"/moves", url.Values{"ply": {"0"}, "move": {"f5"}}, cookie); w.Code != http.StatusSeeOther {
		t.Fatalf("move with a slow computer = %d, want 303", w.Code)
	}
	g := a.stored(id)
	if g.Ply() != 2 {
		t.Fatalf("after a slow reply ply = %d, want 2", g.Ply())
	}
	w := a.do("POST", "/games/"+id+"/hint", url.Values{"ply": {"2"}}, cookie)
	if w.Code != http.StatusServiceUnavailable {
		t.Errorf("slow hint = %d, want 503", w.Code)
	}
	if after := a.stored(id); after.Hints != 0 || after.Ply() != 2 {
		t.Errorf("a failed hint changed the game: hints %d, ply %d", after.Hints, after.Ply())
	}
}

// TestResign asks, then resigns: the game ends, the result says who
// resigned, and a form from an old page is refused.
func TestResign(t *testing.T) {
	a := newApp(t)
	id, cookie := a.start(nil, "color", "black")
	if w := a.do("POST", "/games/"+id+"/moves", url.Values{"move": {"f5"}, "ply": {"0"}}, cookie); w.Code != http.StatusSeeOther {
		t.Fatalf("move = %d", w.Code)
	}
	page := a.do("GET", "/games/"+id+"?ask=resign", nil, cookie).Body.String()
	if !strings.Contains(page, "Resign this game?") || !strings.Contains(page, `action="/games/`+id+`/resign"`) {
		t.Fatalf("the question is not on the page:\n%s", page)
	}
	if w := a.do("POST", "/games/"+id+"/resign", url.Values{"ply": {"0"}}, cookie); w.Code != http.StatusConflict {
		t.Errorf("resign from an old page = %d, want 409", w.Code)
	}
	if w := a.do("POST", "/games/"+id+"/resign", url.Values{"ply": {"2"}}, cookie); w.Code != http.StatusSeeOther {
		t.Fatalf("resign = %d, want 303", w.Code)
	}
	g := a.stored(id)
	if g.Status != club.Over || g.Resigned != game.Black {
		t.Errorf("stored game: status %q, resigned %v; want over, Black", g.Status, g.Resigned)
	}
	page = a.do("GET", "/games/"+id, nil, cookie).Body.String()
	for _, want := range []string{"you resigned", "<dt>Resigned</dt><dd>Black</dd>", "The computer (White)"} {
		if !strings.Contains(page, want) {
			t.Errorf("result page lacks %q", want)
		}
	}
	if strings.Contains(page, "?ask=resign") {
		t.Errorf("a finished game still offers to resign")
	}
	// The result, the move list, the replay's last position and both
	// downloads agree: a resignation gives the winner the whole board.
	end := "Black resigned: White wins, 64 to 0"
	for name, want := range map[string]string{
		"result":     "<dt>Tournament score</dt><dd>Black 0, White 64</dd>",
		"move list":  `<p id="end">` + end,
		"replay":     `<h2 id="status" tabindex="-1">Move 2 (ply 2 of 2): White played`,
		"transcript": "# " + end,
		"ggf":        "RE[-64.00:r]",
	} {
		path := map[string]string{"result": "", "move list": "", "replay": "/replay", "transcript": "/transcript", "ggf": "/ggf"}[name]
		body := a.do("GET", "/games/"+id+path, nil, cookie).Body.String()
		if !strings.Contains(body, want) {
			t.Errorf("%s lacks %q:\n%s", name, want, body)
		}
		if name == "replay" && !strings.Contains(body, end) {
			t.Errorf("the replay's last position does not say %q", end)
		}
	}
}

// TestPlayKeepsChoices checks the one-press Play: the home page's Play
// form carries the player's last choices, and settings changed in a game
// carry over to the next one.
func TestPlayKeepsChoices(t *testing.T) {
	a := newApp(t)
	playForm := func(cookie *http.Cookie) string {
		t.Helper()
		body := a.do("GET", "/", nil, cookie).Body.String()
		i := strings.Index(body, `class="play1"`)
		if i < 0 {
			t.Fatalf("the home page has no Play form:\n%s", body)
		}
		return body[i : i+strings.Index(body[i:], "</form>")]
	}
	fresh := playForm(nil)
	for _, want := range []string{`name="level" value="easy"`, `name="size" value="8"`, `name="show_moves" value="on"`} {
		if !strings.Contains(fresh, want) {
			t.Errorf("a new player's Play form lacks %s:\n%s", want, fresh)
		}
	}
	id, cookie := a.start(nil, "level", "expert", "size", "6", "color", "white", "sound", "on")
	form := playForm(cookie)
	for _, want := range []string{`name="level" value="expert"`, `name="size" value="6"`, `name="color" value="white"`, `name="sound" value="on"`} {
		if !strings.Contains(form, want) {
			t.Errorf("the Play form after a game lacks %s:\n%s", want, form)
		}
	}
	if g := a.stored(id); g.Level != "expert" {
		t.Errorf("stored level = %q, want expert", g.Level)
	}
	if w := a.do("POST", "/games/"+id+"/settings", url.Values{"allow_undo": {"on"}}, cookie); w.Code != http.StatusSeeOther {
		t.Fatalf("settings = %d", w.Code)
	}
	form = playForm(cookie)
	if strings.Contains(form, `name="show_moves"`) || strings.Contains(form, `name="sound"`) || !strings.Contains(form, `name="level" value="expert"`) {
		t.Errorf("the Play form after the settings changed:\n%s", form)
	}
}

// TestDeleteGame asks from the home page's link, then deletes: the game is
// gone and the home page no longer lists it; an online game cannot be.
func TestDeleteGame(t *testing.T) {
	a := newApp(t)
	id, cookie := a.start(nil, "opponent", "local")
	home := a.do("GET", "/", nil, cookie).Body.String()
	ask := "/games/" + id + "?ask=delete#delete"
	if !strings.Contains(home, `href="`+strings.ReplaceAll(ask, "&", "&amp;")+`"`) {
		t.Fatalf("the home page has no delete link for the game:\n%s", home)
	}
	page := a.do("GET", "/games/"+id+"?ask=delete", nil, cookie).Body.String()
	if !strings.Contains(page, "Delete this game?") || !strings.Contains(page, `action="/games/`+id+`/delete"`) {
		t.Fatalf("the game page does not ask:\n%s", page)
	}
	other := newApp(t)
	_, stranger := other.start(nil)
	if w := a.do("POST", "/games/"+id+"/delete", url.Values{}, stranger); w.Code != http.StatusForbidden {
		t.Errorf("another browser deletes the game: %d, want 403", w.Code)
	}
	w := a.do("POST", "/games/"+id+"/delete", url.Values{}, cookie)
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/?did=delete" {
		t.Fatalf("delete = %d to %q, want 303 to /?did=delete", w.Code, w.Header().Get("Location"))
	}
	if home := a.do("GET", "/?did=delete", nil, cookie).Body.String(); !strings.Contains(home, `<p role="status"><strong>The game was deleted.</strong></p>`) {
		t.Errorf("the home page after deleting does not confirm it")
	}
	if home := a.do("GET", "/", nil, cookie).Body.String(); strings.Contains(home, "was deleted") {
		t.Errorf("the home page says a game was deleted without ?did=delete")
	}
	if w := a.do("GET", "/games/"+id, nil, cookie); w.Code != http.StatusNotFound {
		t.Errorf("the deleted game = %d, want 404", w.Code)
	}
	if home := a.do("GET", "/", nil, cookie).Body.String(); strings.Contains(home, id) {
		t.Errorf("the home page still lists the deleted game")
	}
}

// newGoldenApp is an app for golden pages: its store's clock is fixed, so
// that the home page's "last move" time is the same on every run.
func newGoldenApp(t *testing.T) *testApp {
	t.Helper()
	var mu sync.Mutex
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	store, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "golden.db"), sqlite.WithClock(func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		now = now.Add(time.Second)
		return now
	}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return newAppWith(t, store, store)
}
