package cli

import (
	"bytes"
	"strings"
	"testing"

	"reversi/play/puzzle"
)

// TestPuzzlesDeterministic makes a tiny set twice, with one worker and
// with three: the same seed gives the same lines, each a sound puzzle.
func TestPuzzlesDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping: plays and solves whole games")
	}
	var outs []string
	for _, workers := range []string{"1", "3"} {
		var out, log bytes.Buffer
		if err := puzzlesMain(&out, &log, []string{"-seed", "7", "-quota", "6:2,9:1", "-tries", "1", "-workers", workers}); err != nil {
			t.Fatalf("workers %s: %v\n%s", workers, err, log.String())
		}
		outs = append(outs, out.String())
	}
	if outs[0] != outs[1] {
		t.Errorf("one worker and three made different sets:\n%s\n%s", outs[0], outs[1])
	}
	set, err := puzzle.ParseSet(outs[0])
	if err != nil || len(set) != 3 {
		t.Fatalf("the set: %d puzzles, %v; want 3", len(set), err)
	}
}

func TestPuzzlesBadQuota(t *testing.T) {
	for _, q := range []string{"5:1", "25:1", "6", "6:x", "6:-1"} {
		var out, log bytes.Buffer
		if err := puzzlesMain(&out, &log, []string{"-quota", q}); err == nil || !strings.Contains(err.Error(), "quota") {
			t.Errorf("-quota %s: %v, want a quota error", q, err)
		}
	}
}
