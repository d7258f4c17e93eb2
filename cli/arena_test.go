package cli

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

func TestArenaCommand(t *testing.T) {
	var out bytes.Buffer
	args := []string{"-a", "normal", "-b", "easy", "-games", "6", "-size", "6", "-seed", "3"}
	if err := arenaMain(&out, args); err != nil {
		t.Fatal(err)
	}
	last := lastLine(out.String())
	m := regexp.MustCompile(`^result: normal (\d+) wins, easy (\d+) wins, (\d+) draws$`).FindStringSubmatch(last)
	if m == nil {
		t.Fatalf("arena %q: last line %q, want a result line", args, last)
	}
	n := 0
	for line := range strings.Lines(out.String()) {
		if strings.HasPrefix(line, "game ") {
			n++
		}
	}
	if n != 6 {
		t.Errorf("arena %q: %d game lines, want 6:\n%s", args, n, out.String())
	}
}
