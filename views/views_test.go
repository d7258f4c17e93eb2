package views

import (
	"strings"
	"testing"

	"reversi/game"
)

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"d3", "d4", 1}, {"d3", "f5", 2}, {"a1", "h8", 7}, {"h1", "a1", 7}, {"c4", "c4", 0}, {"b7", "e6", 3},
	} {
		a, _ := game.ParseSquare(8, tc.a)
		b, _ := game.ParseSquare(8, tc.b)
		if got := Distance(8, a, b); got != tc.want {
			t.Errorf("Distance(%s, %s) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestNewBoardLabels(t *testing.T) {
	b, err := game.NewStart(game.Options{Size: 8})
	if err != nil {
		t.Fatal(err)
	}
	sq := func(name string) game.Square { s, _ := game.ParseSquare(8, name); return s }
	// want holds each square's view with its label in English.
	type view struct {
		Name, Disc, Label, Class string
		Disabled                 bool
	}
	for _, tc := range []struct {
		name  string
		marks Marks
		want  map[string]view
	}{
		{"legal moves shown", Marks{Playable: true, ShowLegal: true, Hint: game.Pass}, map[string]view{
			"d3": {Name: "d3", Disc: "empty", Label: "d3, empty, legal move, flips 1", Class: "lg"},
			"a1": {Name: "a1", Disc: "empty", Label: "a1, empty"}, // refused with a reason
			"d4": {Name: "d4", Disc: "white", Label: "d4, white", Disabled: true},
		}},
		{"legal moves hidden", Marks{Playable: true, Hint: game.Pass}, map[string]view{
			"d3": {Name: "d3", Disc: "empty", Label: "d3, empty"},
			"a1": {Name: "a1", Disc: "empty", Label: "a1, empty"},
			"e4": {Name: "e4", Disc: "black", Label: "e4, black", Disabled: true},
		}},
		{"not playable, with a hint and marks", Marks{ShowLegal: true, Hint: sq("c4"), Opponent: "local", Placed: []game.Square{sq("e4")},
			Flipped: game.Bit(sq("d5")), Steps: map[game.Square]int{sq("d5"): 1}}, map[string]view{
			"c4": {Name: "c4", Disc: "empty", Label: "c4, empty, legal move, flips 1, hint", Class: "lg hint", Disabled: true},
			"e4": {Name: "e4", Disc: "black", Label: "e4, black, just placed", Class: "pl", Disabled: true},
			"d5": {Name: "d5", Disc: "black", Label: "d5, black, just flipped", Class: "fl s1", Disabled: true},
		}},
		{"the player's placement and the computer's reply told apart", Marks{Hint: game.Pass, Opponent: "computer",
			Placed: []game.Square{sq("e4")}, Replies: []game.Square{sq("d4")}}, map[string]view{
			"e4": {Name: "e4", Disc: "black", Label: "e4, black, just placed by you", Class: "yo", Disabled: true},
			"d4": {Name: "d4", Disc: "white", Label: "d4, white, the computer's reply", Class: "pl", Disabled: true},
		}},
		{"an online opponent's reply", Marks{Hint: game.Pass, Opponent: "online", Replies: []game.Square{sq("d4")}}, map[string]view{
			"d4": {Name: "d4", Disc: "white", Label: "d4, white, your opponent's reply", Class: "pl", Disabled: true},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := NewBoard(b, tc.marks)
			found := 0
			for _, row := range v.Rows {
				for _, s := range row.Squares {
					if want, ok := tc.want[s.Name]; ok {
						found++
						got := view{s.Name, s.Disc, English().Say(s.Label), s.Class, s.Disabled}
						if got != want {
							t.Errorf("square %s = %+v, want %+v", s.Name, got, want)
						}
					}
				}
			}
			if found != len(tc.want) {
				t.Errorf("found %d of the %d squares", found, len(tc.want))
			}
		})
	}
}

func TestRenderUnknownPage(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Render(English(), "nope", nil); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("Render(nope) error = %v, want one naming the page", err)
	}
	// A template error comes back as an error, not as half a page.
	if buf, err := v.Render(English(), Home, 42); err == nil {
		t.Errorf("Render(home, 42) = %d bytes, want an error", buf.Len())
	}
}

// TestGridEscapes checks that the board written in Go escapes what it
// writes into attributes, as a template would.
func TestGridEscapes(t *testing.T) {
	v := BoardView{Size: 1, Cols: []string{"<a>"}, Rows: []RowView{{Num: 1, Squares: []SquareView{
		{Name: `a1"`, Disc: "empty", Label: Plain(`a1, <b> & "c"`), Class: "lg", Disabled: true},
	}}}}
	got := string(v.Grid(`m"`))
	want := `<div class="grid b1"><span aria-hidden="true">` + nbsp + `</span> <span aria-hidden="true">&lt;a&gt;</span><br>` + "\n" +
		`<span aria-hidden="true">1</span> <button name="m&#34;" value="a1&#34;"` +
		` aria-label="a1, &lt;b&gt; &amp; &#34;c&#34;" class="lg" disabled>+</button><br>` + "\n</div>"
	if got != want {
		t.Errorf("Grid =\n%s\nwant\n%s", got, want)
	}
}

// TestGridPadsForTextBrowsers: where a value is wider than a disc's
// character, or a row number than another, no-break spaces a text browser
// shows (class tm) make every square, letter and number as wide.
func TestGridPadsForTextBrowsers(t *testing.T) {
	pad := func(n int, mark string) string {
		return `<i class="tm">` + strings.Repeat(nbsp, n) + mark + `</i>`
	}
	row := func(n int, sq ...SquareView) RowView { return RowView{Num: n, Squares: sq} }
	black := SquareView{Name: "a1", Disc: "black", Label: Plain("a1"), Class: "pl"}
	value := SquareView{Name: "b1", Disc: "empty", Label: Plain("b1"), Value: "≈+10"}
	empty := SquareView{Name: "c1", Disc: "empty", Label: Plain("c1")}
	for _, tc := range []struct {
		name string
		v    BoardView
		want []string
	}{
		{"values", BoardView{Size: 3, Cols: []string{"a", "b", "c"}, Rows: []RowView{row(1, black, value, empty)}}, []string{
			`"><span aria-hidden="true">` + nbsp + `</span> ` + pad(3, "") + `<span aria-hidden="true">a</span>`,
			`<span aria-hidden="true">1</span>` + pad(3, "*") + `<button name="m" value="a1"`,
			`>X</button> <button name="m" value="b1"`,
			`>≈+10</button> ` + pad(3, "") + `<button name="m" value="c1"`,
		}},
		{"two-digit rows", BoardView{Size: 10, Cols: []string{"a"}, Rows: []RowView{row(9, empty), row(10, empty)}}, []string{
			`"><span aria-hidden="true">` + nbsp + nbsp + `</span> <span aria-hidden="true">a</span>`,
			"<br>\n" + pad(1, "") + `<span aria-hidden="true">9</span> <button`,
			"<br>\n" + `<span aria-hidden="true">10</span> <button`,
		}},
	} {
		got := string(tc.v.Grid("m"))
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: Grid has no\n%s\nin\n%s", tc.name, w, got)
			}
		}
	}
}

func TestSquareChar(t *testing.T) {
	for _, tc := range []struct {
		s    SquareView
		want string
	}{
		{SquareView{Disc: "black"}, "X"},
		{SquareView{Disc: "white", Class: "fl s2"}, "O"},
		{SquareView{Disc: "empty", Class: "hint lg"}, "+"},
		{SquareView{Disc: "empty", Class: "lg tw"}, "o"},
		{SquareView{Disc: "empty", Class: "tb"}, "x"},
		{SquareView{Disc: "empty", Class: "lgx"}, "-"},
		{SquareView{Disc: "empty"}, "-"},
	} {
		if got := tc.s.Char(); got != tc.want {
			t.Errorf("%+v.Char() = %q, want %q", tc.s, got, tc.want)
		}
	}
}

// TestRenderReusesBuffers checks that a released buffer comes back empty:
// a short page rendered after a long one has none of the long one's bytes.
func TestRenderReusesBuffers(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	page := func(msg string) string {
		buf, err := v.Render(English(), Error, ErrorPage{Base: Base{Title: Plain("t")}, Heading: Plain("h"), Message: Plain(msg)})
		if err != nil {
			t.Fatal(err)
		}
		defer Release(buf)
		return buf.String()
	}
	short := page("short")
	page(strings.Repeat("long ", 2000))
	for range 3 {
		if got := page("short"); got != short {
			t.Fatalf("the short page changed after a long one:\n%s", got)
		}
	}
}
