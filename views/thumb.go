package views

import (
	"html/template"
	"strings"

	"reversi/game"
)

// ThumbView is a small picture of a position for the home page: a grid of
// empty spans whose class says what the square holds, drawn by the
// stylesheet (no image request, a few hundred bytes gzipped). It is one
// image to a screen reader, named by the disc counts (home.thumb).
type ThumbView struct {
	Size, Black, White int
	Cells              template.HTML // the squares, row by row
}

// Thumb draws position b for the home page.
func Thumb(b game.Board) *ThumbView {
	n := b.Size()
	var sb strings.Builder
	sb.Grow(n*n*16 + 16)
	for r := range n {
		for c := range n {
			switch b.At(game.SquareAt(n, c, r)) {
			case game.Black:
				sb.WriteString(`<i class="b"></i>`)
			case game.White:
				sb.WriteString(`<i class="w"></i>`)
			default:
				sb.WriteString(`<i></i>`)
			}
		}
	}
	return &ThumbView{Size: n, Black: b.Count(game.Black), White: b.Count(game.White),
		Cells: template.HTML(sb.String())} // only fixed markup
}
