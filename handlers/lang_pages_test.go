package handlers

import (
	"html"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"reversi/club"
	"reversi/game"
	"reversi/static"
	"reversi/views"
)

// langCodes are the codes of the pages' languages, English first, and
// translatedCodes those but English: the catalogue's own list, so that a
// language added is tested without a test to change.
func langCodes() []string {
	var codes []string
	for _, l := range views.Languages() {
		codes = append(codes, l.Code)
	}
	return codes
}

func translatedCodes() []string { return langCodes()[1:] }

// The French and Japanese pages must not mix languages: every page a
// player of the fixture games can reach, read as text (with the names
// that assistive technology reads: aria-label, title, alt), holds no
// English word.

// englishOnly are the words of the English catalogues that no French
// catalogue uses, lower-cased: on a French page, each is English left
// over. They come from the catalogues, so that a new English word is
// looked for as soon as it is written.
var englishOnly = sync.OnceValue(func() map[string]bool {
	words := func(lang string) map[string]bool {
		files, _ := filepath.Glob("../views/lang/" + lang + "/*.txt")
		out := map[string]bool{}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				panic(err)
			}
			for _, line := range strings.Split(string(b), "\n") {
				if strings.HasPrefix(line, "== ") {
					continue // a key
				}
				for _, w := range wordSplit.FindAllString(msgVerbs.ReplaceAllString(line, " "), -1) {
					out[strings.ToLower(w)] = true
				}
			}
		}
		return out
	}
	en, fr := words("en"), words("fr")
	for w := range en {
		if fr[w] || len([]rune(w)) < 2 {
			delete(en, w)
		}
	}
	return en
})

// msgVerbs are a message's arguments and plural selectors, no words.
var msgVerbs = regexp.MustCompile(`%(?:\[\d+\])?[a-z]|\[(?:[a-z]+|=\d+)\]`)

// latinWord is a run of Latin letters: in Japanese text, each one must be
// a square's name, a move list, a letter the text board draws, or one of
// the names Japanese writes in Latin letters: GGF, JavaScript.
var (
	latinWord  = regexp.MustCompile(`[A-Za-z]+[0-9]*(?:[a-j][0-9]+)*`)
	squareLike = regexp.MustCompile(`^(?:[a-jA-J](?:10|[1-9]))+$`)
	wordSplit  = regexp.MustCompile(`[\p{L}’']+`)
)

// foreignWords returns the words of text that should not be in a page of
// language lang.
func foreignWords(lang, text string) []string {
	var bad []string
	switch lang {
	case "fr":
		for _, w := range wordSplit.FindAllString(text, -1) {
			if englishOnly()[strings.ToLower(w)] {
				bad = append(bad, w)
			}
		}
	case "ja":
		for _, w := range latinWord.FindAllString(text, -1) {
			if len(w) == 1 || squareLike.MatchString(w) || w == "GGF" || w == "JavaScript" {
				continue
			}
			bad = append(bad, w)
		}
	}
	slices.Sort(bad)
	return slices.Compact(bad)
}

var (
	dropBlocks   = regexp.MustCompile(`(?s)<(script|style)\b.*?</(?:script|style)>|<([a-z]+)\b[^>]*\slang="[^"]*"[^>]*>.*?</([a-z]+)>`)
	readAttrs    = regexp.MustCompile(`\s(?:aria-label|title|alt|placeholder|data-thinking|data-copy|data-copied|data-copy-failed)="([^"]*)"`)
	tags         = regexp.MustCompile(`(?s)<[^>]*>`)
	titleElement = regexp.MustCompile(`(?s)<title>(.*?)</title>`)
)

// pageWords returns what a page says: its text, its title and the
// attributes read aloud or shown by scripts, with the parts marked as in
// another language (the language switch) left out.
func pageWords(page string) string {
	page = strings.Replace(page, "<html lang=", "<html xml:lang=", 1)
	page = dropBlocks.ReplaceAllStringFunc(page, func(m string) string {
		if strings.HasPrefix(m, "<script") || strings.HasPrefix(m, "<style") {
			return ""
		}
		return " "
	})
	var b strings.Builder
	if m := titleElement.FindStringSubmatch(page); m != nil {
		b.WriteString(m[1] + "\n")
	}
	for _, m := range readAttrs.FindAllStringSubmatch(page, -1) {
		b.WriteString(m[1] + "\n")
	}
	b.WriteString(tags.ReplaceAllString(page, " "))
	return addresses.ReplaceAllString(html.UnescapeString(b.String()), " ")
}

// addresses are links shown as text (an invite link): no words.
var addresses = regexp.MustCompile(`https?://\S+`)

// translatedFixtures puts the games of the pages checked, and returns
// the GETs to check, by name.
func translatedFixtures(t *testing.T, a *testApp) map[string]string {
	t.Helper()
	pages := browserPages(t, a)
	for name, path := range map[string]string{
		"replay": "/games/finishedfinished/replay?ply=5", "replay-end": "/games/finishedfinished/replay",
		"review": "/games/finishedfinished/review", "import": "/import", "imported": "/replay?moves=f5d6c3d3c4&size=8&start=cross&ply=2",
		"tutorial": "/tutorial", "tutorial-1": "/tutorial/1", "tutorial-2": "/tutorial/2?try=f3", "tutorial-3": "/tutorial/3",
		"tutorial-bad": "/tutorial/2?try=z9", "practice": "/practice", "practice-try": "/practice?try=c4",
		"rules": "/rules", "strategy": "/strategy", "faq": "/faq", "history": "/history",
		"resign": "/games/midgamemidgamemi?ask=resign#resign", "delete": "/games/midgamemidgamemi?ask=delete#delete",
		"puzzles": "/puzzles", "puzzle": "/puzzles/1", "notfound": "/nowhere", "nogame": "/games/aaaaaaaaaaaaaaaa",
		"local": "/games/humanmustpassaaa", "setup": setupPage, "setup-empty": "/setup?side=X&position=" + strings.Repeat("-", 64),
	} {
		pages[name] = path
	}
	for step := 1; step <= 8; step++ {
		pages["tutorial-step-"+string(rune('0'+step))] = "/tutorial/" + string(rune('0'+step))
	}
	return pages
}

// TestTranslatedPagesSayNoEnglish reads every fixture page, and the
// answers to forms that render a page (a refused move, a stale board, a
// bad record, the new-game question), in French and in Japanese.
func TestTranslatedPagesSayNoEnglish(t *testing.T) {
	for _, lang := range translatedCodes() {
		t.Run(lang, func(t *testing.T) {
			a := newApp(t)
			pages := translatedFixtures(t, a)
			cookie := a.inLanguage(lang)
			check := func(name string, w interface {
				Result() *http.Response
			}, body string) {
				t.Helper()
				if got := w.Result().Header.Get("Content-Language"); got != lang {
					t.Errorf("%s: Content-Language %q, want %q", name, got, lang)
				}
				if !strings.Contains(body, `<html lang="`+lang+`">`) {
					t.Errorf("%s: no <html lang=%q>", name, lang)
				}
				if bad := foreignWords(lang, pageWords(body)); len(bad) > 0 {
					t.Errorf("%s in %s says English words %q", name, lang, bad)
				}
			}
			for name, path := range pages {
				path, _, _ = strings.Cut(path, "#")
				w := a.do("GET", path, nil, cookie)
				check(name+" "+path, w, w.Body.String())
			}
			for _, p := range []struct {
				name, path string
				form       url.Values
			}{
				{"illegal move", "/games/midgamemidgamemi/moves", url.Values{"ply": {"30"}, "move": {"a1"}}},
				{"stale board", "/games/midgamemidgamemi/moves", url.Values{"ply": {"3"}, "move": {"e1"}}},
				{"bad square", "/games/midgamemidgamemi/moves", url.Values{"ply": {"30"}, "move": {"z99"}}},
				{"bad record", "/import", url.Values{"transcript": {"f5 f5"}, "size": {"8"}, "start": {"cross"}}},
				{"new game question", "/games", url.Values{"opponent": {"local"}, "color": {"black"}, "level": {"easy"}, "size": {"8"}, "start": {"cross"}}},
				{"incomplete form", "/games", url.Values{"opponent": {"local"}}},
				{"bad language", "/language", url.Values{"lang": {"xx"}}},
			} {
				w := a.do("POST", p.path, p.form, cookie)
				if w.Code == http.StatusSeeOther {
					t.Errorf("%s: 303, want a page", p.name)
					continue
				}
				check(p.name, w, w.Body.String())
			}
			// After a move: the narration of the move and the reply.
			if w := a.do("POST", "/games/midgamemidgamemi/moves", url.Values{"ply": {"30"}, "move": {"e1"}}, cookie); w.Code != http.StatusSeeOther {
				t.Fatalf("e1 = %d, want 303", w.Code)
			}
			w := a.do("GET", "/games/midgamemidgamemi", nil, cookie)
			check("game after a move", w, w.Body.String())
		})
	}
}

// TestTranslatedPageWeights holds the game page after a move to 4 KB
// gzipped, and a first visit to 14 KB, in each language.
func TestTranslatedPageWeights(t *testing.T) {
	for _, lang := range langCodes() {
		a := newApp(t)
		a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, nil)
		cookie := a.inLanguage(lang)
		if w := a.do("POST", "/games/midgamemidgamemi/moves", url.Values{"ply": {"30"}, "move": {"e1"}}, cookie); w.Code != http.StatusSeeOther {
			t.Fatalf("e1 = %d, want 303", w.Code)
		}
		gamePage := gzipSize(t, a, "/games/midgamemidgamemi", cookie)
		home := gzipSize(t, a, "/", cookie)
		tutorial := gzipSize(t, a, "/tutorial/2?try=f3", cookie)
		t.Logf("%s: game page %d B, home %d B, tutorial trial %d B gzipped", lang, gamePage, home, tutorial)
		if gamePage > 4096 {
			t.Errorf("%s: the game page after a move is %d bytes gzipped, over 4,096", lang, gamePage)
		}
		for what, n := range map[string]int{
			"home, stylesheet and icon":              home + len(static.CSS().Gzip) + len(static.Icon().Gzip),
			"game page, stylesheet and board script": gamePage + len(static.CSS().Gzip) + len(static.JS().Gzip),
			"tutorial trial, stylesheet and script":  tutorial + len(static.CSS().Gzip) + len(static.JS().Gzip),
		} {
			if n > 14<<10 {
				t.Errorf("%s: first visit, %s: %d bytes gzipped, over 14 KB", lang, what, n)
			}
		}
	}
}

// TestForeignWords checks the checker.
func TestForeignWords(t *testing.T) {
	for _, tc := range []struct {
		lang, text string
		want       []string
	}{
		{"fr", "Vous avez joué f5 et retourné 1 ; à vous de jouer", nil},
		{"fr", "Vous avez joué f5; your move", []string{"move", "your"}},
		{"fr", "Niveau Normal, Expert, page, score", nil},
		{"ja", "あなたはf5に打ち、1個返しました。GGF棋譜 d3 f5d6c3 X O", nil},
		{"ja", "あなたの番です Skip to the board", []string{"Skip", "board", "the", "to"}},
	} {
		if got := foreignWords(tc.lang, tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("foreignWords(%s, %q) = %q, want %q", tc.lang, tc.text, got, tc.want)
		}
	}
	page := `<html lang="fr"><title>Partie</title><p aria-label="Board">x</p><button lang="en">English</button><script>var the</script>`
	if got := foreignWords("fr", pageWords(page)); !slices.Equal(got, []string{"Board"}) {
		t.Errorf("pageWords read %q", got)
	}
}

var _ = club.Online // the fixtures' package, used by browserPages

// TestTextBrowserBoardInEachLanguage renders a mid-game page with w3m in
// each language: the text board is the same grid of letters as in
// English, whatever the words around it.
func TestTextBrowserBoardInEachLanguage(t *testing.T) {
	w3mPath(t)
	var want []string
	for _, lang := range langCodes() {
		a := newApp(t)
		a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, nil)
		body := a.do("GET", "/games/midgamemidgamemi", nil, a.inLanguage(lang)).Body.String()
		rows := textGrid(t, dumpW3m(t, body), 8)
		if want == nil {
			want = rows
			continue
		}
		if !slices.Equal(rows, want) {
			t.Errorf("%s: the text board is\n%s\nwant, as in English,\n%s", lang, strings.Join(rows, "\n"), strings.Join(want, "\n"))
		}
	}
}

// inLanguage chooses lang with the switch at a page's foot, as the test
// player, and returns the cookie that the answer leaves, which carries it.
func (a *testApp) inLanguage(lang string) *http.Cookie {
	a.t.Helper()
	w := a.do("POST", "/language", url.Values{"lang": {lang}}, a.playerCookie(testPlayer))
	if w.Code != http.StatusSeeOther {
		a.t.Fatalf("POST /language lang=%s = %d", lang, w.Code)
	}
	return cookieFrom(a.t, w)
}
