package scorecache

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestReopenKeepsScores(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scores.txt")
	c, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []struct {
		pos, move string
		v         int
	}{{"B", Top, -4}, {"A", "c4", 2}, {"A", Top, 6}, {"B", Top, -4}} {
		if err := c.Put(p.pos, p.move, p.v); err != nil {
			t.Fatal(err)
		}
	}
	c = reopen(t, c, path)
	if got := c.Positions(); !slices.Equal(got, []string{"B", "A"}) {
		t.Errorf("Positions() = %q, want [B A]", got)
	}
	for _, w := range []struct {
		pos, move string
		v         int
		ok        bool
	}{{"A", "c4", 2, true}, {"A", Top, 6, true}, {"B", Top, -4, true}, {"B", "c4", 0, false}} {
		if v, ok := c.Get(w.pos, w.move); v != w.v || ok != w.ok {
			t.Errorf("Get(%s, %s) = %d, %v; want %d, %v", w.pos, w.move, v, ok, w.v, w.ok)
		}
	}
}

// reopen closes c and opens its file again, to be closed when the test
// ends.
func reopen(t *testing.T, c *Cache, path string) *Cache {
	t.Helper()
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestMemoryOnly(t *testing.T) {
	c, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Put("A", Top, 0); err != nil {
		t.Fatal(err)
	}
	if v, ok := c.Get("A", Top); !ok || v != 0 {
		t.Errorf("Get = %d, %v", v, ok)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestScoreSolvesOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scores.txt")
	c, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	solve := func() (int, error) { calls++; return 6, nil }
	for range 2 {
		if v, err := c.Score("A", "c4", solve); err != nil || v != 6 {
			t.Fatalf("Score = %d, %v; want 6", v, err)
		}
	}
	if calls != 1 {
		t.Errorf("solved %d times, want once", calls)
	}
	fail := errors.New("stopped")
	if _, err := c.Score("B", Top, func() (int, error) { return 0, fail }); err != fail {
		t.Errorf("Score with a failing solve: %v, want %v", err, fail)
	}
	if _, ok := c.Get("B", Top); ok {
		t.Error("a failed solve was kept")
	}
	c = reopen(t, c, path)
	if v, err := c.Score("A", "c4", func() (int, error) { return 0, errors.New("solved again") }); err != nil || v != 6 {
		t.Errorf("after reopening, Score = %d, %v; want 6 from the file", v, err)
	}
}

func TestBadLines(t *testing.T) {
	for _, text := range []string{"A\ttop\n", "A\ttop\tx\n", "A\ttop\t1\textra\n"} {
		path := filepath.Join(t.TempDir(), "scores.txt")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if c, err := Open(path); err == nil {
			c.Close()
			t.Errorf("Open took %q", text)
		}
	}
}
