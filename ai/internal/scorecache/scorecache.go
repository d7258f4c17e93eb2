// Package scorecache keeps the exact scores of endgame positions, and of
// their moves, in a file, so that a measurement run again solves only what
// it has not met. A line holds a position (in game.Board's Line form), a
// move's name or Top for the position's own score, and the score for the
// side to move, separated by tabs.
package scorecache

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
)

// Top is the move under which a position's own score is kept.
const Top = "top"

// A Cache holds scores by position and move, and adds each new one to its
// file, if it has one.
type Cache struct {
	known     map[[2]string]int
	positions []string
	out       *os.File
}

// Open reads the file at path, if it exists, and opens it to add to; with
// path "" the cache lives in memory only.
func Open(path string) (*Cache, error) {
	c := &Cache{known: map[[2]string]int{}}
	if path == "" {
		return c, nil
	}
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	for line := range strings.SplitSeq(strings.TrimSpace(string(data)), "\n") {
		if line == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("%s: %q: want a position, a move and a score", path, line)
		}
		v, err := strconv.Atoi(f[2])
		if err != nil {
			return nil, fmt.Errorf("%s: %q: %w", path, line, err)
		}
		c.add(f[0], f[1], v)
	}
	c.out, err = os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	return c, err
}

func (c *Cache) add(pos, move string, v int) {
	if _, seen := c.known[[2]string{pos, Top}]; move == Top && !seen {
		c.positions = append(c.positions, pos)
	}
	c.known[[2]string{pos, move}] = v
}

// Get returns the score of move (or Top) in pos, if the cache has it.
func (c *Cache) Get(pos, move string) (int, bool) {
	v, ok := c.known[[2]string{pos, move}]
	return v, ok
}

// Put keeps the score of move (or Top) in pos.
func (c *Cache) Put(pos, move string, v int) error {
	c.add(pos, move, v)
	if c.out == nil {
		return nil
	}
	_, err := fmt.Fprintf(c.out, "%s\t%s\t%d\n", pos, move, v)
	return err
}

// Score returns the score of move (or Top) in pos from the cache, or
// else computes it with solve and keeps it.
func (c *Cache) Score(pos, move string, solve func() (int, error)) (int, error) {
	if v, ok := c.Get(pos, move); ok {
		return v, nil
	}
	v, err := solve()
	if err != nil {
		return 0, err
	}
	return v, c.Put(pos, move, v)
}

// Positions returns the positions whose own score the cache holds, in the
// order they were first kept.
func (c *Cache) Positions() []string { return c.positions }

// Close closes the cache's file.
func (c *Cache) Close() error {
	if c.out == nil {
		return nil
	}
	return c.out.Close()
}
