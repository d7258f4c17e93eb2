package views

import (
	"html/template"
	"strconv"
	"strings"
)

// The move list is written here rather than by the template "movecell"
// when it can be, for the same reason as the board (see BoardView.Grid):
// it is on the page every move is followed by, and a game of sixty plies
// is sixty cells of five template calls each, a number, an address
// filtered and escaped twice, and a move. A list with an address or a
// move that the template's escaping would change beyond an ampersand,
// which none of ours has, is left to the template.

// RowsHTML returns the move list's rows as the template writes them, a
// pass said in l, or nothing when the template must write them.
func (v RecordView) RowsHTML(l *Lang) template.HTML {
	var b strings.Builder
	b.Grow(len(v.Rows) * 120)
	pass := template.HTMLEscapeString(l.T("record.pass")) // as a key said alone is
	for _, r := range v.Rows {
		b.WriteString("\n<tr><td>")
		if !r.Black.write(&b, pass) {
			return ""
		}
		b.WriteString("</td><td>")
		if !r.White.write(&b, pass) {
			return ""
		}
		b.WriteString("</td></tr>")
	}
	return template.HTML(b.String())
}

// write writes the cell as the template "movecell" does, or reports false
// when its escaping is beyond what write knows.
func (c MoveCell) write(b *strings.Builder, pass string) bool {
	if !plainMove(c.Move) {
		return false
	}
	if c.Number != 0 {
		b.WriteString(strconv.Itoa(c.Number))
		b.WriteString(". ")
	}
	move := c.Move
	if c.Pass {
		move = pass
	}
	if c.URL == "" {
		b.WriteString(move)
		return true
	}
	if !plainPath(c.URL) {
		return false
	}
	b.WriteString(`<a href="`)
	b.WriteString(strings.ReplaceAll(c.URL, "&", "&amp;"))
	b.WriteString(`">`)
	b.WriteString(move)
	b.WriteString("</a>")
	return true
}

// plainMove reports whether a move's name is letters and digits, which
// the template writes as they are.
func plainMove(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// plainPath reports whether s is a path on this site made of characters
// that the template's URL filter and normalizer leave as they are and its
// attribute escaper too, but for an ampersand.
func plainPath(s string) bool {
	if !strings.HasPrefix(s, "/") {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("/?=&-_.~#", c) >= 0) {
			return false
		}
	}
	return true
}
