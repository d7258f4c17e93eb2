package views

import (
	"strings"
	"testing"

	"reversi/game"
)

// TestRowsHTML holds the move list written in Go to what the template
// "movecell" writes, in every language, and checks that a list it cannot
// write is left to the template.
func TestRowsHTML(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.ParseTranscript(game.Options{Size: 8}, "f5d6c3d3c4f4f6f3e6e7d7c5b6")
	if err != nil {
		t.Fatal(err)
	}
	g.Plies = append(g.Plies, game.Pass)
	for _, tc := range []struct {
		name  string
		view  RecordView
		plain bool // RowsHTML writes it
	}{
		{"with addresses", NewRecordView(g, "/games/abc/replay?x=1&", RecordEnd{}), true},
		{"without addresses", NewRecordView(g, "", RecordEnd{}), true},
		{"an address to escape", RecordView{Rows: []MoveRow{{Black: MoveCell{Number: 1, Move: "f5", URL: "/r?a=<b>"}}}}, false},
		{"an address elsewhere", RecordView{Rows: []MoveRow{{White: MoveCell{Pass: true, URL: "javascript:x"}}}}, false},
		{"a move to escape", RecordView{Rows: []MoveRow{{Black: MoveCell{Number: 1, Move: "<f5>"}}}}, false},
	} {
		for _, l := range append(Languages(), Lookup("en", NamesDarkLight)) {
			got := string(tc.view.RowsHTML(l))
			if !tc.plain {
				if got != "" {
					t.Errorf("%s in %s: RowsHTML wrote %q, want the template to", tc.name, l.Code, got)
				}
				continue
			}
			var want strings.Builder
			page := v.pages[l][Play]
			for _, r := range tc.view.Rows {
				want.WriteString("\n<tr><td>")
				if err := page.ExecuteTemplate(&want, "movecell", r.Black); err != nil {
					t.Fatal(err)
				}
				want.WriteString("</td><td>")
				if err := page.ExecuteTemplate(&want, "movecell", r.White); err != nil {
					t.Fatal(err)
				}
				want.WriteString("</td></tr>")
			}
			if got != want.String() {
				t.Errorf("%s in %s:\n got %q\nwant %q", tc.name, l.Code, got, want.String())
			}
		}
	}
}
