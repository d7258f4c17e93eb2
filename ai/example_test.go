package ai_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"reversi/ai"
	"reversi/game"
)

func ExampleSolve() {
	// Black to move with f8, g8 and h8 empty.
	b, err := game.ParseLine(strings.Repeat("X", 53) + "OOOOOOOO--- X")
	if err != nil {
		panic(err)
	}
	sol, err := ai.Solve(context.Background(), b, nil)
	if err != nil {
		panic(err)
	}
	fmt.Printf("score %+d move %s\n", sol.Score, sol.Move.Name(b.Size()))
	// Output: score +54 move g8
}

func ExampleChoose() {
	b, err := game.NewStart(game.Options{Size: 8})
	if err != nil {
		panic(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	m, err := ai.Choose(context.Background(), b, ai.Normal, rng)
	if err != nil {
		panic(err)
	}
	fmt.Println(b.Legal(m))
	// Output: true
}
