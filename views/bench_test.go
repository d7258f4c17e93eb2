package views

import (
	"testing"

	"reversi/game"
)

// BenchmarkRenderGame renders a mid-game 8×8 game page, the page every
// move is followed by, in each language and in English with the discs
// named Dark and Light.
func BenchmarkRenderGame(b *testing.B) {
	v, err := New()
	if err != nil {
		b.Fatal(err)
	}
	rec, err := game.ParseTranscript(game.Options{Size: 8}, "f5d6c3d3c4f4f6f3e6e7d7c5b6")
	if err != nil {
		b.Fatal(err)
	}
	bd, err := rec.Board()
	if err != nil {
		b.Fatal(err)
	}
	page := GamePage{
		Base:    Base{Title: Plain("You played b6 and flipped 2; your move"), CSS: "/static/app.css", JS: "/static/board.js", Skip: "board", SkipText: SkipToBoard().Text},
		ID:      "abcdefghijklmnop",
		Heading: GameHeading(OpponentLocal, game.Empty, ""),
		Status:  Clauses(Say("game.you.played", 2, "b6"), Say("game.next.you")),
		Ply:     len(rec.Plies),
		Board:   NewBoard(bd, Marks{Playable: true, ShowLegal: true, Hint: game.Pass}),
		Players: []PlayerLine{{Color: "black", Side: game.Black, Discs: bd.Count(game.Black), ToMove: true}, {Color: "white", Side: game.White, Discs: bd.Count(game.White)}},
		CanUndo: true, CanHint: true, ShowMoves: true, AllowUndo: true,
		Moves: rec.Transcript(),
	}
	langs := []struct {
		name string
		l    *Lang
	}{{"dark-light", Lookup("en", NamesDarkLight)}}
	for _, l := range Languages() {
		langs = append(langs, struct {
			name string
			l    *Lang
		}{l.Code, l})
	}
	for _, tc := range langs {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				buf, err := v.Render(tc.l, Play, page)
				if err != nil {
					b.Fatal(err)
				}
				Release(buf)
			}
		})
	}
}
