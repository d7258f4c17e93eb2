package handlers

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"reversi/ai"
	"reversi/club"
	"reversi/game"
)

var rowValue = regexp.MustCompile(`data-move="([a-h][1-8])" data-value="(-?\d+)"( data-exact)?`)

// TestAnalysisPage: a position set up by hand shows every legal move's
// exact value, the solver's; the board's form plays a move with 303;
// a bad position is a 422 and nothing else.
func TestAnalysisPage(t *testing.T) {
	a := newApp(t)
	const pos = "--XXXXX--OOOXX-OOOOOXXOOOO-OXOOOO-XXOOO-OOXXOOOXXXXXOX--XXXX----"
	b, err := game.ParseLine(pos + " X")
	if err != nil {
		t.Fatal(err)
	}
	w := a.do("GET", "/analysis?position="+pos+"&side=X", nil, nil)
	body := w.Body.String()
	if w.Code != http.StatusOK {
		t.Fatalf("GET /analysis = %d:\n%s", w.Code, body)
	}
	rows := rowValue.FindAllStringSubmatch(body, -1)
	if len(rows) != b.Moves().Count() {
		t.Fatalf("%d rows with data-move, want %d:\n%s", len(rows), b.Moves().Count(), body)
	}
	for _, r := range rows {
		sq, _ := game.ParseSquare(8, r[1])
		after, _, err := b.Play(sq)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := ai.Solve(context.Background(), after, nil)
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := strconv.Atoi(r[2]); v != -sol.Score || r[3] == "" {
			t.Errorf("%s: data-value %s exact %q, want %d exact", r[1], r[2], r[3], -sol.Score)
		}
		if !strings.Contains(body, `value="`+r[1]+`" aria-label="`+r[1]+`, legal move, ends `) {
			t.Errorf("square %s does not say its value", r[1])
		}
	}
	// A move from the board's form.
	first := rows[0][1]
	w = a.do("GET", "/analysis?"+url.Values{"position": {pos}, "side": {"X"}, "move": {first}}.Encode(), nil, nil)
	if loc := w.Header().Get("Location"); w.Code != http.StatusSeeOther || !strings.Contains(loc, "moves="+first) {
		t.Fatalf("a move = %d to %q", w.Code, loc)
	}
	w = a.do("GET", strings.TrimSuffix(w.Header().Get("Location"), "#status"), nil, nil)
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `rel="prev"`) {
		t.Fatalf("after a move = %d, without a step back", w.Code)
	}
	for _, bad := range []string{"position=XX&side=X", "position=" + pos + "&side=Q", "position=" + pos + "&side=X&moves=a1", "position=" + pos + "&side=X&move=a1"} {
		if w := a.do("GET", "/analysis?"+bad, nil, nil); w.Code != http.StatusUnprocessableEntity {
			t.Errorf("GET /analysis?%s = %d, want 422", bad, w.Code)
		}
	}
}

// TestAnalysisStart: /analysis alone is the starting position, its
// values estimates with their depth, and the opening named once played.
func TestAnalysisStart(t *testing.T) {
	a := newApp(t)
	w := a.do("GET", "/analysis", nil, nil)
	if w.Code != http.StatusOK || len(rowValue.FindAllString(w.Body.String(), -1)) != 4 {
		t.Fatalf("GET /analysis = %d:\n%s", w.Code, w.Body.String())
	}
	start, _ := game.NewStart(game.Options{Size: 8})
	pos, _, _ := strings.Cut(start.Line(), " ")
	w = a.do("GET", "/analysis?position="+pos+"&side=X&moves=f5d6c3d3c4", nil, nil)
	if body := w.Body.String(); w.Code != http.StatusOK || !strings.Contains(body, "Opening: Tiger") {
		t.Fatalf("GET after the Tiger = %d:\n%s", w.Code, body)
	}
}

// TestTextBrowserAnalysis reads the analysis in w3m: each move's value on
// its square and in the table, the best line and the set-up form.
func TestTextBrowserAnalysis(t *testing.T) {
	w3mPath(t)
	a := newApp(t)
	w := a.do("GET", "/analysis?position=--XXXXX--OOOXX-OOOOOXXOOOO-OXOOOO-XXOOO-OOXXOOOXXXXXOX--XXXX----&side=X", nil, nil)
	// The board's padding is no-break spaces, which w3m writes as they are.
	dump := strings.ReplaceAll(dumpW3m(t, w.Body.String()), "\u00a0", " ")
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^8   X   X   X   X \+38 \+26   -   -$`), // the values on their squares
		regexp.MustCompile(`(?m)^e8\s+\+38\s+exact$`),                   // and in the table
		regexp.MustCompile(`Best line: e8 `),
		regexp.MustCompile(`To move \[Black \(X\)`),
	} {
		if !want.MatchString(dump) {
			t.Errorf("w3m's analysis shows no %q:\n%s", want, dump)
		}
	}
	// The columns line up: the letters and every row take the same width.
	lines := strings.Split(dump, "\n")
	head := slices.IndexFunc(lines, func(s string) bool { return strings.TrimSpace(s) == "a   b   c   d   e   f   g   h" })
	if head < 0 || head+9 > len(lines) {
		t.Fatalf("w3m's analysis shows no column letters:\n%s", dump)
	}
	for _, row := range lines[head+1 : head+9] {
		if utf8.RuneCountInString(row) != utf8.RuneCountInString(lines[head]) {
			t.Errorf("w3m's board rows are not aligned:\n%s", strings.Join(lines[head:head+9], "\n"))
			break
		}
	}
}

// FuzzAnalysis asks for arbitrary analyses: the answer is a page, a 303
// to another analysis or a 422, never a 500.
func FuzzAnalysis(f *testing.F) {
	for _, seed := range [][4]string{
		{start8, "X", "f5d6", "c3"},
		{"", "", "", ""}, {"XO", "X", "", ""}, {"--------------OX----XO--------------", "O", "", ""},
		{start8, "X", "a1", ""},
	} {
		f.Add(seed[0], seed[1], seed[2], seed[3])
	}
	a := newApp(f)
	f.Fuzz(func(t *testing.T, position, side, moves, move string) {
		a.t = t
		q := url.Values{"position": {position}, "side": {side}, "moves": {moves}}
		if move != "" {
			q.Set("move", move)
		}
		w := a.do("GET", "/analysis?"+q.Encode(), nil, nil)
		switch w.Code {
		case http.StatusOK, http.StatusUnprocessableEntity:
		case http.StatusSeeOther:
			if !strings.HasPrefix(w.Header().Get("Location"), "/analysis?position=") {
				t.Errorf("303 to %q", w.Header().Get("Location"))
			}
		default:
			t.Errorf("GET /analysis?%s = %d", q.Encode(), w.Code)
		}
	})
}

// TestOpeningNamed: a local game opened f5 d6 c3 d3 c4 through the forms
// names the Tiger on its page and its replay.
func TestOpeningNamed(t *testing.T) {
	a := newApp(t)
	id, cookie := a.start(nil, "opponent", "local")
	for ply, m := range []string{"f5", "d6", "c3", "d3", "c4"} {
		w := a.do("POST", "/games/"+id+"/moves", url.Values{"ply": {strconv.Itoa(ply)}, "move": {m}}, cookie)
		if w.Code != http.StatusSeeOther {
			t.Fatalf("move %s = %d", m, w.Code)
		}
	}
	for _, path := range []string{"/games/" + id, "/games/" + id + "/replay?ply=2"} {
		if body := a.do("GET", path, nil, cookie).Body.String(); !strings.Contains(body, "Opening: Tiger") {
			t.Errorf("%s does not name the Tiger", path)
		}
	}
	// A game in play has no link to the analysis; its replay neither.
	if body := a.do("GET", "/games/"+id+"/replay?ply=2", nil, cookie).Body.String(); strings.Contains(body, "/analysis?") {
		t.Error("the replay of a game in play links to the analysis")
	}
}

// start8 is the 8×8 start's squares, as an address names them.
const start8 = "---------------------------OX------XO---------------------------"

var (
	hiddenPosition = regexp.MustCompile(`name="position" value="([XO-]+)"><input type="hidden" name="side" value="([XO])"`)
	setupAnalyse   = regexp.MustCompile(`href="(/analysis\?[^"]+)">Analyse this position`)
	playOnField    = regexp.MustCompile(`<input type="hidden" name="(size|start|setup|moves|ply)" value="([^"]*)">`)
)

// TestSetupPage: the set-up board turns a pressed square from empty to
// black to white to empty, each press a GET of its form; its links give
// the move to the other side and analyse the position, except in the
// placement phase, which it explains; bad input is a 422.
func TestSetupPage(t *testing.T) {
	a := newApp(t)
	get := func(path string) string {
		t.Helper()
		w := a.do("GET", path, nil, nil)
		if w.Code != http.StatusOK {
			t.Fatalf("GET %s = %d:\n%s", path, w.Code, w.Body.String())
		}
		return w.Body.String()
	}
	// press sends the board's form of page with the square pressed.
	press := func(page, sq string) string {
		t.Helper()
		m := hiddenPosition.FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("no board form:\n%s", page)
		}
		return get("/setup?" + url.Values{"position": {m[1]}, "side": {m[2]}, "set": {sq}}.Encode())
	}
	body := get("/setup")
	if n := strings.Count(body, `<button name="set" value="`); n != 64 {
		t.Fatalf("%d squares, want 64", n)
	}
	for _, want := range []string{"Black to move. Black 2, White 2, empty 60.",
		`value="d4" data-disc="white" aria-label="d4, white: press to empty"`, `aria-label="a1, empty: press for black"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the start lacks %q", want)
		}
	}
	for i, want := range []string{`value="a1" data-disc="black" aria-label="a1, black: press for white"`,
		`value="a1" data-disc="white" aria-label="a1, white: press to empty"`, `value="a1" aria-label="a1, empty: press for black"`} {
		if body = press(body, "a1"); !strings.Contains(body, want) {
			t.Errorf("press %d of a1: no %q", i+1, want)
		}
	}
	if m := setupAnalyse.FindStringSubmatch(body); m == nil {
		t.Error("the start has no analysis link")
	} else if !strings.Contains(get(html.UnescapeString(m[1])), "Analysis of a position") {
		t.Error("the analysis link does not lead to the analysis")
	}
	// The other side to move.
	if !strings.Contains(body, `href="/setup?position=`+start8+`&amp;side=O">Give the move to the other side`) {
		t.Error("no link giving the move to White")
	}
	// Emptied, the board is in the placement phase: no analysis.
	for _, sq := range []string{"d4", "e5", "e4", "e4", "d5", "d5"} {
		body = press(body, sq)
	}
	if setupAnalyse.MatchString(body) || !strings.Contains(body, "placement phase") || !strings.Contains(body, "empty 64.") {
		t.Errorf("an empty board offers its analysis or does not say why not:\n%s", body)
	}
	// The analysis links to the set-up board of its position.
	if !strings.Contains(get("/analysis"), `href="/setup?position=`+start8+`&amp;side=X">Set up on a board`) {
		t.Error("the analysis does not link to the set-up board")
	}
	if strings.Contains(body, `action="/playon"`) {
		t.Error("an empty board offers to play from it")
	}
	// A game from a set-up position, against the computer, the side to
	// move taken by the player; one where that side must pass first too.
	for _, pos := range []string{start8, "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOO--"} {
		body := get("/setup?position=" + pos + "&side=O")
		fields := playOnField.FindAllStringSubmatch(body, -1)
		if len(fields) != 5 {
			t.Fatalf("%s: the play-on form has %d fields:\n%s", pos, len(fields), body)
		}
		f := url.Values{"opponent": {"computer"}, "level": {"easy"}, "confirm": {"yes"}}
		for _, m := range fields {
			f.Set(m[1], html.UnescapeString(m[2]))
		}
		cookie := a.playerCookie(testPlayer)
		w := a.do("POST", "/playon", f, cookie)
		if w.Code != http.StatusSeeOther {
			t.Fatalf("%s: POST /playon = %d:\n%s", pos, w.Code, w.Body.String())
		}
		id := strings.TrimSuffix(strings.TrimPrefix(w.Header().Get("Location"), "/games/"), "#status")
		ng := a.stored(id)
		if ng.Record.Options.Setup.Line() != pos+" O" || ng.Human != game.White || ng.Opponent != club.Computer {
			t.Errorf("%s: played from %s, human %v, opponent %v", pos, ng.Record.Options.Setup.Line(), ng.Human, ng.Opponent)
		}
		if w := a.do("GET", "/games/"+id, nil, cookie); w.Code != http.StatusOK {
			t.Errorf("%s: the new game's page = %d", pos, w.Code)
		}
	}
	for _, bad := range []string{"position=XX&side=X", "position=" + start8 + "&side=Q", "position=" + start8 + "&side=X&set=i9", "position=" + start8 + "&set=a1"} {
		if w := a.do("GET", "/setup?"+bad, nil, nil); w.Code != http.StatusUnprocessableEntity {
			t.Errorf("GET /setup?%s = %d, want 422", bad, w.Code)
		}
	}
}

// TestTextBrowserSetup reads the set-up board in w3m: the squares in
// their columns, and the links.
func TestTextBrowserSetup(t *testing.T) {
	w3mPath(t)
	a := newApp(t)
	w := a.do("GET", setupPage, nil, nil)
	dump := strings.ReplaceAll(dumpW3m(t, w.Body.String()), "\u00a0", " ")
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^4 - - X O X - - -$`),
		regexp.MustCompile(`Black to move\. Black 3, White 2, empty 59\.`),
		regexp.MustCompile(`Give the move to the other side`),
		regexp.MustCompile(`Analyse this position`),
	} {
		if !want.MatchString(dump) {
			t.Errorf("w3m's set-up board shows no %q:\n%s", want, dump)
		}
	}
}

// FuzzSetup asks for arbitrary set-up boards: the answer is a page or a
// 422, never anything else.
func FuzzSetup(f *testing.F) {
	f.Add(start8, "X", "c4")
	f.Add("", "", "")
	f.Add("--------------OX----XO--------------", "O", "f6")
	a := newApp(f)
	f.Fuzz(func(t *testing.T, position, side, set string) {
		a.t = t
		q := url.Values{"position": {position}, "side": {side}, "set": {set}}
		if w := a.do("GET", "/setup?"+q.Encode(), nil, nil); w.Code != http.StatusOK && w.Code != http.StatusUnprocessableEntity {
			t.Errorf("GET /setup?%s = %d", q.Encode(), w.Code)
		}
	})
}
