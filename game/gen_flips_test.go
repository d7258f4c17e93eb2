package game_test

import (
	"testing"

	"reversi/internal/testkit"
)

// TestFlipsSqGenerated checks that the committed flips64_sq.go is what
// gen_flips.go writes.
func TestFlipsSqGenerated(t *testing.T) { testkit.Generated(t, "gen_flips.go", "flips64_sq.go") }
