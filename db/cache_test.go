package db

import (
	"testing"

	"reversi/club"
)

// TestGameCacheFill checks that a read which misses does not keep what it
// read when a change was applied meanwhile, and that forget drops a game.
func TestGameCacheFill(t *testing.T) {
	c := newGameCache()
	old := &club.Game{ID: "g1", Hints: 1}
	_, seq, ok := c.get("g1")
	if ok {
		t.Fatal("empty cache has g1")
	}
	c.update("g2", nil) // a change committed while the row was read
	c.fill(old, seq)
	if _, _, ok := c.get("g1"); ok {
		t.Error("a row read before a change was kept")
	}
	_, seq, _ = c.get("g1")
	c.fill(&club.Game{ID: "g1", Hints: 2}, seq)
	if g, _, ok := c.get("g1"); !ok || g.Hints != 2 {
		t.Errorf("get = %+v, %v; want the row read after the change", g, ok)
	}
	c.forget("g1")
	if _, _, ok := c.get("g1"); ok {
		t.Error("forget left g1")
	}
}
