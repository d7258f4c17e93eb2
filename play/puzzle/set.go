package puzzle

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"
)

//go:embed puzzles.txt
var setText string

var (
	setOnce sync.Once
	set     []*Puzzle
	setErr  error
)

// All returns the embedded set, in its order: puzzle n is All()[n-1].
// The set is parsed once; a malformed line is a build mistake that its
// test catches, and All then returns the error.
func All() ([]*Puzzle, error) {
	setOnce.Do(func() { set, setErr = ParseSet(setText) })
	return set, setErr
}

// ParseSet reads a set: one puzzle a line, numbered from 1 in order.
func ParseSet(text string) ([]*Puzzle, error) {
	var out []*Puzzle
	for i, line := range strings.Split(strings.TrimSpace(text), "\n") {
		p, err := Parse(line)
		if err != nil {
			return nil, fmt.Errorf("puzzle %d: %w", i+1, err)
		}
		p.Number = i + 1
		out = append(out, p)
	}
	return out, nil
}
