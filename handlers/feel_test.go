package handlers

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"reversi/game"
)

// w3mPath returns Debian's w3m, or skips the test (fails it under CI=true,
// where .ci/run installs it).
func w3mPath(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("w3m")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI=true and no w3m found (apt-get install w3m)")
		}
		t.Skip("skipping: no w3m found (apt-get install w3m)")
	}
	return p
}

// dumpW3m renders html as w3m shows it, as text.
func dumpW3m(t *testing.T, html string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(path, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(w3mPath(t), "-dump", "-T", "text/html", "-cols", "100", "-O", "UTF-8", path).Output()
	if err != nil {
		t.Fatalf("w3m -dump: %v", err)
	}
	return string(out)
}

// textGrid finds the board in a text dump: the line of column letters,
// then one line per row that starts with the row's number, one character
// per square. It returns the rows as strings of those characters.
func textGrid(t *testing.T, dump string, size int) []string {
	t.Helper()
	lines := strings.Split(dump, "\n")
	letters := strings.Join(strings.Split("abcdefghij"[:size], ""), "")
	for i, l := range lines {
		if strings.ReplaceAll(strings.TrimSpace(l), " ", "") != letters || i+size >= len(lines) {
			continue
		}
		var rows []string
		for r := range size {
			f := strings.Fields(lines[i+1+r])
			if len(f) != size+1 || f[0] != strconv.Itoa(r+1) {
				t.Fatalf("row %d of the text board is %q, want its number and %d squares", r+1, lines[i+1+r], size)
			}
			rows = append(rows, strings.Join(f[1:], ""))
		}
		return rows
	}
	t.Fatalf("no board (a line %q) in the text dump:\n%s", letters, dump)
	return nil
}

// TestTextBrowserBoard renders a mid-game page with w3m and checks the text
// grid against the stored game, row by row: X black, O white, + a legal
// move, - another empty square.
func TestTextBrowserBoard(t *testing.T) {
	w3mPath(t)
	a := newApp(t)
	a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, nil)
	body := a.do("GET", "/games/midgamemidgamemi", nil, a.playerCookie(testPlayer)).Body.String()
	rows := textGrid(t, dumpW3m(t, body), 8)
	b, err := a.stored("midgamemidgamemi").Record.Board()
	if err != nil {
		t.Fatal(err)
	}
	legal := b.Moves()
	for r := range 8 {
		want := ""
		for c := range 8 {
			sq := game.SquareAt(8, c, r)
			switch {
			case b.At(sq) == game.Black:
				want += "X"
			case b.At(sq) == game.White:
				want += "O"
			case legal.Has(sq):
				want += "+"
			default:
				want += "-"
			}
		}
		if rows[r] != want {
			t.Errorf("row %d in w3m = %s, want %s", r+1, rows[r], want)
		}
	}
}
