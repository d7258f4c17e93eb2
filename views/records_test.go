package views

import (
	"html"
	"os"
	"regexp"
	"strings"
	"testing"

	"reversi/game"
	"reversi/play"
)

// TestVerdictSentences checks each kind of verdict in English, as the
// review page and the replay said them before they had keys.
func TestVerdictSentences(t *testing.T) {
	en := English()
	v := Verdict{Number: 41, Side: game.Black, You: true, Played: "b7", Best: "a8", BestValue: 6, PlayedValue: -4, Loss: 10, Exact: true}
	for _, tt := range []struct {
		mod  func(*Verdict)
		want string
	}{
		{func(*Verdict) {}, "Move 41, you played b7; a8 was best, ending +6 with perfect play; b7 ends −4, a loss of 10 discs."},
		{func(v *Verdict) { v.You, v.Loss, v.PlayedValue = false, 1, 5 }, "Move 41, Black played b7; a8 was best, ending +6 with perfect play; b7 ends +5, a loss of 1 disc."},
		{func(v *Verdict) { v.Forced = true }, "Move 41, you played b7, the only move."},
		{func(v *Verdict) { v.Loss, v.PlayedValue = 0, 6 }, "Move 41, you played b7, a best move: it ends +6 with perfect play."},
		{func(v *Verdict) { v.Exact, v.Loss, v.PlayedValue = false, 0, 0 }, "Move 41, you played b7, as good as any by the search's estimate (about +0)."},
		{func(v *Verdict) { v.Exact, v.Unsure, v.Side, v.You = false, true, game.White, false },
			"Move 41, White played b7; a8 looked a little better (about +6 against −4), within the estimate's error."},
		{func(v *Verdict) { v.Exact = false }, "Move 41, you played b7; a8 looked better: about +6 against −4 for b7, a loss of about 10 discs."},
	} {
		v := v
		tt.mod(&v)
		if got := en.Say(v.Sentence()); got != tt.want {
			t.Errorf("%+v:\n got %q\nwant %q", v, got, tt.want)
		}
	}
	for v, want := range map[Verdict]string{
		{Exact: true, Loss: 3}: "3", {Loss: 0}: "0", {Loss: 9}: "≈9", {Loss: 3, Unsure: true}: "≈3, unsure",
	} {
		if got := en.Say(v.LossText()); got != want {
			t.Errorf("LossText of %+v = %q, want %q", v, got, want)
		}
	}
}

// TestGraphDescription checks the graph's description in English, with
// and without a turning point.
func TestGraphDescription(t *testing.T) {
	points := []GraphPoint{{Number: 1, Black: -2}, {Number: 2, Black: 8}, {Number: 3, Black: -10}, {Number: 4, Black: 0}}
	for turn, want := range map[Turn]string{
		{}: "For Black, −2 after move 1, highest +8 after move 2, lowest −10 after move 3, and +0 after move 4, the last move judged. No move lost more than the estimate's error.",
		{Number: 3, Side: game.White, Played: "c4", Best: "d3", Loss: 1, Exact: true}: "For Black, −2 after move 1, highest +8 after move 2, lowest −10 after move 3, and +0 after move 4, the last move judged. " +
			"The game turned at move 3, when White played c4 instead of d3, losing 1 disc exactly.",
	} {
		if got := English().Say(GraphDescription(points, turn)); got != want {
			t.Errorf("turn %+v:\n got %q\nwant %q", turn, got, want)
		}
	}
}

// TestRecordPagesInEveryLanguage renders the replay, the import form and
// the review in French and Japanese, in the states the handlers' golden
// files do not reach (a review running, one without mistakes), and fails
// for a key said as itself or an English sentence of the records' and
// the review's catalogues left on the page.
func TestRecordPagesInEveryLanguage(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	english := recordEnglish(t)
	for _, l := range translated() {
		code := l.Code
		for name, page := range recordPageStates(t) {
			buf, err := v.Render(l, page.name, page.data)
			if err != nil {
				t.Fatalf("%s %s: %v", code, name, err)
			}
			body := html.UnescapeString(buf.String())
			Release(buf)
			if m := regexp.MustCompile(`\b(record|replay|import|review)\.[a-z.]+\b`).FindString(body); m != "" {
				t.Errorf("%s %s: the key %q is said as itself", code, name, m)
			}
			for _, s := range english {
				if strings.Contains(body, s) {
					t.Errorf("%s %s: English left: %q", code, name, s)
				}
			}
		}
	}
}

// recordEnglish is the English of the records' and the review's entries
// that take no arguments and have two words or more.
func recordEnglish(t *testing.T) []string {
	var out []string
	for _, f := range []string{"records", "review"} {
		b, err := os.ReadFile("lang/en/" + f + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		p, err := parseProse(f, string(b))
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range p.Keys() {
			s := strings.TrimSpace(English().T(k))
			if !strings.Contains(s, "%") && strings.Contains(s, " ") {
				out = append(out, strings.Trim(s, "()"))
			}
		}
	}
	return out
}

type pageState struct {
	name string
	data any
}

// recordPageStates builds the pages afresh: a Text said in one language
// is not said again in another.
func recordPageStates(t *testing.T) map[string]pageState {
	g, err := game.ParseTranscript(game.Options{Size: 6}, "d5e5b3b2c2b4a2d6e6a1a4f6d2e2f2a3f5f4e4e3f3e1d1c5f1b1a5c1c6b6b5a6")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := g.Positions()
	if err != nil {
		t.Fatal(err)
	}
	var moves []play.MoveReview
	for i, m := range g.Plies {
		moves = append(moves, play.MoveReview{Ply: i, Number: i + 1, Side: ps[i].Turn(), Played: m, Best: m, Forced: i%9 == 8, Exact: i > 20})
	}
	done := ReviewPage{Base: Base{Title: ReviewTitle()}, Status: ReviewReady(), Game: "/games/x"}
	FillReview(&done, ReviewInput{Moves: moves, Positions: ps, Size: 6, Voice: Voice{You: game.Black}, Replay: "/games/x/replay?ply=",
		ExactEmpties: 12, Margin: 4})
	status := ReplayStatus(3, 32, 3, game.Black, g.Plies[2], 1, ps[3], RecordEnd{})
	replay := ReplayPage{Base: Base{Title: status}, Heading: ReplayHeading(g.Options, true), Status: status,
		Diagram: ReplayDiagram(ps[3], g.Plies[2], game.Bits{}, game.Pass, status), Ply: 3, Plies: 32, Record: NewRecordView(g, "/replay?", RecordEnd{Resigned: game.White}),
		Players: []ReplayPlayer{{Color: game.Black, Discs: 4, ToMove: true}, {Color: game.White, Who: ReplayWho(OpponentOnline, game.Black, game.White), Discs: 3}},
		PlayOn:  []Field{{Name: "ply", Value: "3"}}}
	return map[string]pageState{
		"review running": {ReviewPageName, ReviewPage{Base: Base{Title: ReviewTitle()}, Status: ReviewRunning(), Check: "/games/x/review?wait=1", Game: "/games/x"}},
		"review running, live": {ReviewPageName, ReviewPage{Base: Base{Title: ReviewTitle()}, Status: ReviewRunning(), Check: "/games/x/review?wait=1",
			Events: "/games/x/review/events", Game: "/games/x"}},
		"review without mistakes": {ReviewPageName, done},
		"replay":                  {Replay, replay},
		"import": {Import, ImportPage{Base: Base{Title: ImportTitle()}, Message: RecordProblem(&game.RecordError{Move: 2, Text: "d6", Reason: game.NotTurn, Side: game.White}),
			Transcript: "f5d6"}},
	}
}
