package views

import (
	"html/template"
	"strconv"
	"strings"

	"reversi/game"
)

// Thumb draws a small picture of position b for the home page: a grid of
// empty spans whose class says what the square holds, drawn by the
// stylesheet (no image request, a few hundred bytes gzipped). It is one
// image to a screen reader, named by the disc counts.
func Thumb(b game.Board) template.HTML {
	n := b.Size()
	var sb strings.Builder
	sb.Grow(n*n*16 + 96)
	sb.WriteString(`<span class="thumb s`)
	sb.WriteString(strconv.Itoa(n))
	sb.WriteString(`" role="img" aria-label="The position: Black `)
	sb.WriteString(strconv.Itoa(b.Count(game.Black)))
	sb.WriteString(`, White `)
	sb.WriteString(strconv.Itoa(b.Count(game.White)))
	sb.WriteString(`">`)
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
	sb.WriteString(`</span>`)
	return template.HTML(sb.String()) // only fixed markup and numbers
}
