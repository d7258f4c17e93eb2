package play

import (
	"reversi/play/puzzle"
	"reversi/reversi"
)

// The facts of a page: what the application decides about what a page
// shows, such as which puzzle comes next or which grades are solved, so
// that views/ only presents them and handlers/ adds only what the request
// knows (addresses, the question asked, the origin).

// PuzzleIndexFacts are the facts of the puzzles' list for a player.
type PuzzleIndexFacts struct {
	Progress *reversi.PuzzleProgress
	Next     int // the player's next puzzle
	Daily    int // the day's puzzle
	Total    int // puzzles in the set
	Grades   []GradeFacts
}

// GradeFacts are one grade's counts on the list; only grades with
// puzzles are listed.
type GradeFacts struct {
	Grade, Count, Solved int
	// Link is the puzzle its link leads to: its first unsolved one in the
	// set's order, or its first when all are solved.
	Link int
}

// PuzzleIndexFor decides the list's facts for a player at progress pr;
// daily is the day's puzzle.
func PuzzleIndexFor(pr *reversi.PuzzleProgress, daily int) PuzzleIndexFacts {
	set := Puzzles()
	f := PuzzleIndexFacts{Progress: pr, Next: NextFor(pr, 0), Daily: daily, Total: len(set)}
	for g := 1; g <= puzzle.MaxGrade; g++ {
		gf := GradeFacts{Grade: g}
		first := 0
		for _, p := range set {
			if p.Grade != g {
				continue
			}
			gf.Count++
			if Solved(pr, p.Number) {
				gf.Solved++
			} else if gf.Link == 0 {
				gf.Link = p.Number
			}
			if first == 0 {
				first = p.Number
			}
		}
		if gf.Link == 0 {
			gf.Link = first
		}
		if gf.Count > 0 {
			f.Grades = append(f.Grades, gf)
		}
	}
	return f
}

// PuzzleFacts are the facts of a puzzle's page for a player.
type PuzzleFacts struct {
	Puzzle   *puzzle.Puzzle
	Answer   *PuzzleAnswer // the verdict on an answer, or nil
	Progress *reversi.PuzzleProgress
	Next     int // the puzzle to offer after this one
	Daily    int // the day's puzzle
}

// PuzzleFor decides the facts of puzzle p's page for a player at progress
// pr, with the verdict on ans when there is one; daily is the day's
// puzzle.
func PuzzleFor(p *puzzle.Puzzle, ans *PuzzleAnswer, pr *reversi.PuzzleProgress, daily int) PuzzleFacts {
	return PuzzleFacts{Puzzle: p, Answer: ans, Progress: pr, Next: NextFor(pr, p.Number), Daily: daily}
}
