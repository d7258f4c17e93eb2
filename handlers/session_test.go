package handlers

import (
	"bytes"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestSessionKeysFromEnvironment(t *testing.T) {
	long := strings.Repeat("k", 32)
	for _, tc := range []struct {
		env       string
		wantPairs int
		wantErr   bool
	}{
		{long, 1, false},
		{long + "," + strings.Repeat("o", 40), 2, false},
		{"short", 0, true},
		{long + ",short", 0, true},
	} {
		keys, err := SessionKeys(tc.env, filepath.Join(t.TempDir(), "unused"))
		if (err != nil) != tc.wantErr {
			t.Errorf("SessionKeys(%q) error = %v, want error %v", tc.env, err, tc.wantErr)
			continue
		}
		if len(keys) != 2*tc.wantPairs {
			t.Errorf("SessionKeys(%q) = %d keys, want %d", tc.env, len(keys), 2*tc.wantPairs)
		}
		for _, k := range keys {
			if len(k) != 32 {
				t.Errorf("key of %d bytes, want 32", len(k))
			}
		}
	}
}

func TestSessionKeysFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "reversi.db.session-key")
	first, err := SessionKeys("", path)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if mode := info.Mode().Perm(); mode != 0o600 {
		t.Errorf("key file mode = %v, want 0600", mode)
	}
	again, err := SessionKeys("", path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first[0], again[0]) || !bytes.Equal(first[1], again[1]) {
		t.Errorf("the second start derived other keys from the same file")
	}
	if err := os.WriteFile(path, []byte("short\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := SessionKeys("", path); err == nil {
		t.Errorf("a key file with a short secret was accepted")
	}
}

// TestConcurrentMovesOneWins sends the same form twice at once: one move is
// played, the other is told that the board was out of date.
func TestConcurrentMovesOneWins(t *testing.T) {
	a := newApp(t)
	id, cookie := a.start(nil)
	codes := make([]int, 4)
	var wg sync.WaitGroup
	for i, move := range []string{"f5", "d3", "c4", "e6"} {
		wg.Go(func() {
			codes[i] = a.do("POST", "/games/"+id+"/moves", url.Values{"ply": {"0"}, "move": {move}}, cookie).Code
		})
	}
	wg.Wait()
	won := 0
	for _, c := range codes {
		switch c {
		case http.StatusSeeOther:
			won++
		case http.StatusConflict:
		default:
			t.Errorf("status %d, want 303 or 409", c)
		}
	}
	if won != 1 {
		t.Errorf("%d of 4 concurrent moves were played (%v), want 1", won, codes)
	}
	if g := a.stored(id); g.Ply() != 2 {
		t.Errorf("after the race ply = %d, want 2", g.Ply())
	}
}
