package views

import (
	"testing"
	"time"

	"reversi/game"
	"reversi/internal/testkit"
)

// TestNarrate checks the status of a game page in English, whole, and the
// clauses it is made of in French and Japanese: a side is "you" only to
// its own player, and each case has its sentence.
func TestNarrate(t *testing.T) {
	start, err := game.NewStart(game.Options{Size: 8})
	if err != nil {
		t.Fatal(err)
	}
	f5, _ := game.ParseSquare(8, "f5")
	f6, _ := game.ParseSquare(8, "f6")
	turn := []Event{{Color: game.Black, Square: f5, Flips: 1}, {Color: game.White, Square: f6, Flips: 1}}
	over := Ending{Result: game.Result{Winner: game.White, Black: 11, White: 25}}
	tests := []struct {
		name string
		text func() Text
		en   string
	}{
		{"against the computer", func() Text { return Voice{You: game.Black}.Narrate(NoIntro, turn, start, Ending{}, 8) },
			"You played f5 and flipped 1; White played f6 and flipped 1; your move"},
		{"two at one device", func() Text { return Voice{}.Narrate(NoIntro, turn, start, Ending{}, 8) },
			"Black played f5 and flipped 1; White played f6 and flipped 1; Black to move"},
		{"a new game as White", func() Text { return Voice{You: game.White}.Narrate(IntroComputer, nil, start, Ending{}, 8) },
			"New game: you play White; Black to move"},
		{"a pass", func() Text {
			return Voice{You: game.White}.Narrate(NoIntro, []Event{{Color: game.White, Square: game.Pass}, {Color: game.Black, Square: game.Pass}}, start, Ending{}, 8)
		}, "You passed; Black had no move and passed; Black to move"},
		{"lost", func() Text { return Say("game.over", Voice{You: game.Black}.Outcome(over)) }, "the game is over: you lost 11 to 25"},
		{"won", func() Text { return Voice{You: game.White}.Outcome(over) }, "you won 25 to 11"},
		{"won, for two", func() Text { return Voice{}.Outcome(over) }, "White won 25 to 11"},
		{"a draw", func() Text { return Voice{}.Outcome(Ending{Result: game.Result{Black: 32, White: 32}}) }, "a draw, 32 discs each"},
		{"resigned", func() Text { return Voice{You: game.White}.Outcome(Ending{Resigned: game.Black}) }, "Black resigned"},
		{"hint", func() Text { return Voice{You: game.Black}.Hinted(f5, start, Ending{}) },
			"Hint: f5 is the strongest move here (marked with a ring); your move"},
		{"waiting", func() Text { return Voice{You: game.Black}.Waiting() },
			"Online game: you play Black; waiting for your friend to open the invite link"},
		{"heading", func() Text { return GameHeading(OpponentComputer, game.White, "hard") }, "You (White) against the computer, Hard"},
		{"pass button", func() Text { return PassLabel(OpponentLocal, game.White) }, "Pass (White has no legal move)"},
		{"described", func() Text { return Describe(OpponentComputer, game.Black, "easy", 8, 1) },
			"8×8, you (Black) against the computer (Easy), 1 move played"},
	}
	for _, tt := range tests {
		if got := English().Say(tt.text()); got != tt.en {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.en)
		}
		for _, l := range Languages()[1:] {
			// A Text is said once: its arguments become words.
			if got := l.Say(tt.text()); got == "" || got == tt.en {
				t.Errorf("%s in %s: %q", tt.name, l.Code, got)
			}
		}
	}
}

// TestClausesInEachLanguage checks some clauses of the narration as
// French and Japanese say them.
func TestClausesInEachLanguage(t *testing.T) {
	fr, ja := Lookup("fr", ""), Lookup("ja", "")
	for _, tt := range []struct {
		l    *Lang
		text Text
		want string
	}{
		{fr, Say("game.played", 1, game.White, "f6"), fr.Color(game.White) + " a joué f6 et a retourné 1 pion"},
		{fr, Say("game.you.played", 3, "f5"), "vous avez joué f5 et retourné 3 pions"},
		{fr, Say("game.outcome.draw", 1), "partie nulle, 1 pion chacun"},
		{fr, Say("game.outcome.draw", 32), "partie nulle, 32 pions chacun"},
		{fr, Describe(OpponentLocal, game.Empty, "", 6, 0), "6×6, deux joueurs sur un même appareil, 0 coup joué"},
		{fr, Describe(OpponentOnline, game.Empty, "", 8, 12), "8×8, en ligne avec un ami, 12 coups joués"},
		{ja, Say("game.you.played", 3, "f5"), "あなたはf5に打ち、3個返しました"},
		{ja, Say("game.next", game.Black), ja.Color(game.Black) + "の番です"},
		{ja, Describe(OpponentLocal, game.Empty, "", 10, 4), "10×10、この端末で二人対局、4手まで"},
		{ja, NewBoard(testkit.MustStart(t, game.Options{Size: 8}), Marks{Playable: true, ShowLegal: true, Hint: game.Pass}).Rows[2].Squares[3].Label, "d3、空き、打てる、1個返す"},
	} {
		if got := tt.l.Say(tt.text); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.l.Code, got, tt.want)
		}
	}
}

// TestSaved checks the date of a game's last move in each language,
// French's first of the month included.
func TestSaved(t *testing.T) {
	first := time.Date(2026, 12, 1, 2, 10, 0, 0, time.UTC)
	second := time.Date(2026, 3, 2, 14, 5, 0, 0, time.FixedZone("CET", 3600))
	for _, tt := range []struct {
		l    *Lang
		at   time.Time
		want string
	}{
		{English(), first, "(last move 1 December at 02:10 UTC)"},
		{English(), second, "(last move 2 March at 13:05 UTC)"},
		{Lookup("fr", ""), first, "(dernier coup le 1er décembre à 02 h 10 UTC)"},
		{Lookup("fr", ""), second, "(dernier coup le 2 mars à 13 h 05 UTC)"},
		{Lookup("ja", ""), first, "（最後の着手：協定世界時12月1日02時10分）"},
	} {
		if got := tt.l.Say(Saved(tt.at)); got != tt.want {
			t.Errorf("%s: Saved(%v) = %q, want %q", tt.l.Code, tt.at, got, tt.want)
		}
	}
}

// TestKeysMadeExist checks the keys that the code puts together from
// parts, which TestKeysUsedExist cannot read.
func TestKeysMadeExist(t *testing.T) {
	var texts []Text
	for _, mine := range []string{"switch", "keep"} {
		for _, theirs := range []string{"", "switch", "keep"} {
			a := AgainView{Mine: mine, Theirs: theirs, Them: game.White}
			texts = append(texts, a.Said(), a.Asked())
		}
	}
	for _, role := range []Text{{}, PlayerRole(OpponentComputer, game.Black, game.Black)} {
		for _, toMove := range []bool{false, true} {
			texts = append(texts, PlayerLine{Side: game.Black, Role: role, ToMove: toMove}.Line())
		}
	}
	for _, m := range months {
		texts = append(texts, Say(m))
	}
	for _, k := range discWords {
		texts = append(texts, Say(k))
	}
	for _, tx := range texts {
		if !English().Has(tx.Key) {
			t.Errorf("no entry %q", tx.Key)
		}
	}
}
