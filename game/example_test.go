package game_test

import (
	"errors"
	"fmt"

	"reversi/game"
)

func ExampleBoard_Play() {
	b, _ := game.NewStart(game.Options{Size: 8, Start: game.Cross})
	d3, _ := game.ParseSquare(8, "d3")
	b, flips, _ := b.Play(d3)
	for sq := range flips.All() {
		fmt.Println("flipped", sq.Name(8))
	}
	fmt.Println(b)
	fmt.Println(b.Turn(), "to move:", len(b.Moves().Squares()), "moves")
	// Output:
	// flipped d4
	// --------
	// --------
	// ---X----
	// ---XX---
	// ---XO---
	// --------
	// --------
	// --------
	// O
	// white to move: 3 moves
}

func ExampleParseTranscript() {
	g, err := game.ParseTranscript(game.Options{Size: 8, Start: game.Cross}, "F5D6C3D3C4")
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := g.Board()
	r := b.Result()
	fmt.Println(g.Transcript(), len(g.Plies), "plies")
	fmt.Println("black", r.Black, "white", r.White)

	_, err = game.ParseTranscript(game.Options{Size: 8, Start: game.Cross}, "f5f5")
	fmt.Println(err)
	// Output:
	// f5d6c3d3c4 5 plies
	// black 6 white 3
	// move 2 (f5): illegal move: f5 is taken
}

func ExamplePerft() {
	b, _ := game.NewStart(game.Options{Size: 8, Start: game.Cross})
	for depth := 1; depth <= 5; depth++ {
		fmt.Println(depth, game.Perft(b, depth))
	}
	// Output:
	// 1 4
	// 2 12
	// 3 56
	// 4 244
	// 5 1396
}

func ExampleParseLine() {
	b, _ := game.ParseLine("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")
	fmt.Println(b.Turn(), "to move,", b.Count(game.Empty), "empties")
	// Output:
	// black to move, 20 empties
}

func ExampleParseGGF() {
	r, err := game.ParseGGF("(;GM[Othello]PB[Ann]PW[Bob]RE[?]TY[8]" +
		"BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6//1.5]B[C3];)")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Black, "v", r.White, r.Game.Options, r.Game.Transcript())
	text, _ := r.GGF()
	fmt.Println(text)
	// Output:
	// Ann v Bob 8x8 cross f5d6c3
	// (;GM[Othello]PC[]DT[]PB[Ann]PW[Bob]RE[?]TI[]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6]B[c3];)
}

func ExampleRecordError() {
	_, err := game.ParseRecord("f5d6c3d3c4a1")
	var re *game.RecordError
	if errors.As(err, &re) {
		fmt.Println(re.Move, re.Text, re.Reason)
	}
	// Output:
	// 6 a1 NoFlips
}
