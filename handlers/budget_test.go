package handlers

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxLines is the HTTP layer's budget: it parses, calls play and renders
// views, and a page's logic and words belong there, not here. The lobby's
// eight routes (names, challenges, quick pairing, the waiting page and its
// stream) brought it from 3000 to 3200; the ratings' two pages
// (players.go) and the lobby's refusals of rated games to visitors
// without a name, 60 more; player keys, deleting a player (handlers/me.go:
// six routes, the key shown once, the cookie switched or forgotten) and
// the home page's your-turn list, 151 more; the analysis page (its
// handler, route, two refusals and the replay's and review's links to
// it), 37 more (the long polls' places moved to play/ meanwhile gave back
// 54); the analysis's set-up board (a handler and its route), 16 more.
const maxLines = 3420

// TestHandlersStayThin counts the lines of the package's Go, tests aside.
func TestHandlersStayThin(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n += bytes.Count(b, []byte("\n"))
	}
	t.Logf("handlers/: %d lines of Go besides tests", n)
	if n > maxLines {
		t.Errorf("handlers/ holds %d lines of Go besides tests, over its budget of %d: move page building to views/ and logic to play/", n, maxLines)
	}
}
