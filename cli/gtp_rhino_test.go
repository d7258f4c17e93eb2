package cli

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestGTPAgainstGRhino plays two whole games, one with each colour,
// between `reversi gtp` and GRhino (apt-get install grhino), each a
// process of its own that the arena talks to over GTP and whose every
// reply it checks by our rules. It is skipped where GRhino is missing,
// except in CI.
func TestGTPAgainstGRhino(t *testing.T) {
	rhino, err := exec.LookPath("gtp-rhino")
	if err != nil {
		rhino, err = exec.LookPath("/usr/games/gtp-rhino") // Debian's place, off root's PATH
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("gtp-rhino not found (apt-get install grhino): %v", err)
		}
		t.Skipf("gtp-rhino not found (apt-get install grhino): %v", err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(self+rhino, " \t") {
		t.Skipf("a program path with a space cannot be a gtp: player: %q, %q", self, rhino)
	}
	t.Setenv(mainArgs, "gtp -level normal -seed 5")
	var out bytes.Buffer
	args := []string{"-a", "gtp:" + self, "-b", "gtp:" + rhino + " -l 1", "-games", "2", "-random", "4", "-seed", "2", "-workers", "1", "-v"}
	if err := arenaMain(&out, args); err != nil {
		t.Fatalf("arena: %v\n%s", err, out.String())
	}
	t.Logf("\n%s", out.String())
	if strings.Contains(out.String(), "forfeit") {
		t.Errorf("a side forfeited:\n%s", out.String())
	}
	m := regexp.MustCompile(`^result: .* (\d+) wins, .* (\d+) wins, (\d+) draws$`).FindStringSubmatch(lastLine(out.String()))
	if m == nil {
		t.Fatalf("last line %q, want a result line", lastLine(out.String()))
	}
	games := 0
	for _, n := range m[1:] {
		k, _ := strconv.Atoi(n) // \d+, so a number
		games += k
	}
	if games != 2 {
		t.Errorf("%d games finished, want 2:\n%s", games, out.String())
	}
}
