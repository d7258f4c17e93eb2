package ai

import (
	"testing"

	"reversi/internal/testkit"
)

// TestGenerated checks that each committed generated file is what its
// generator writes.
func TestGenerated(t *testing.T) {
	for _, tc := range []struct{ gen, file string }{
		{"gen_last.go", "last_sq.go"},
		{"gen_leaf.go", "leaf_amd64.s"},
	} {
		t.Run(tc.gen, func(t *testing.T) { testkit.Generated(t, tc.gen, tc.file) })
	}
}
