// Package views renders the HTML pages from html/template files embedded in
// the binary. Each page is its own template set (base, partials, page), and
// its data is a typed struct. Pages render into a buffer, so a template
// error never sends half a page.
package views

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"regexp"
	"slices"
	"strings"
	"sync"
)

//go:embed *.tmpl
var files embed.FS

// The templates, all listed here: each page's set is the partials, in
// this order, and the page's own file, NAME.tmpl.
var (
	partials = []string{"base.tmpl", "board.tmpl", "newgame.tmpl", "online.tmpl", "record.tmpl", "tutorial_board.tmpl"}
	pages    = []string{Home, Confirm, Play, Error, Join,
		TutorialIndex, TutorialStep, Practice, Rules, Strategy, FAQ, History,
		Replay, Import, ReviewPageName, PuzzlePageName, PuzzleIndexName,
		LobbyName, WaitingName, PlayerName, ProfileName, PlayersName, MeName, AnalysisName, SetupName}
)

// Page names, one per page template file.
const (
	Home    = "home"
	Confirm = "confirm"
	Play    = "game"
	Error   = "error"
)

// Views holds the parsed template sets, by language and page name.
type Views struct {
	pages map[*Lang]map[string]*template.Template
}

// New parses the templates once for each language, with functions that
// say their words in that language. What a language alone decides is said
// here rather than at every page: a key written alone, {{t "nav.faq"}},
// and the page's language code, {{langcode}}, become the template's text,
// escaped, and the language switch at each page's foot is written once
// (see the template langswitch in base.tmpl).
//
// The languages are loaded here first, from the catalogues embedded in the
// binary, and an error in them is New's error.
func New() (*Views, error) {
	c, err := loaded()
	if err != nil {
		return nil, err
	}
	v := &Views{pages: make(map[*Lang]map[string]*template.Template)}
	for _, l := range append(slices.Clone(c.langs), c.darkLight) {
		langSwitch, err := l.langSwitch(c.langs)
		if err != nil {
			return nil, err
		}
		funcs := l.funcs(c.langs)
		funcs["langswitch"] = func() template.HTML { return langSwitch }
		v.pages[l] = make(map[string]*template.Template)
		for _, name := range pages {
			t := template.New(name).Funcs(funcs)
			for _, file := range append(slices.Clone(partials), name+".tmpl") {
				src, err := files.ReadFile(file)
				if err != nil {
					return nil, err
				}
				if _, err := t.New(file).Parse(l.sayKeys(string(src))); err != nil {
					return nil, fmt.Errorf("parse page %s in %s: %w", name, l.Code, err)
				}
			}
			v.pages[l][name] = t
		}
	}
	return v, nil
}

// langSwitch writes the language switch of l's pages, the template
// langswitch of base.tmpl.
func (l *Lang) langSwitch(langs []*Lang) (template.HTML, error) {
	src, err := files.ReadFile("base.tmpl")
	if err != nil {
		return "", err
	}
	funcs := l.funcs(langs)
	funcs["langswitch"] = func() template.HTML { return "" }
	t, err := template.New("base.tmpl").Funcs(funcs).Parse(l.sayKeys(string(src)))
	if err != nil {
		return "", fmt.Errorf("parse the language switch in %s: %w", l.Code, err)
	}
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, "langswitch", nil); err != nil {
		return "", fmt.Errorf("write the language switch in %s: %w", l.Code, err)
	}
	return template.HTML(b.String()), nil
}

// aKey is a template's key said alone, with nothing to fill in.
var aKey = regexp.MustCompile(`\{\{t "([a-z][a-z0-9._/-]*)"\}\}`)

// sayKeys returns src with each key said alone replaced by its words in l,
// escaped as the template would escape them, and {{langcode}} by l's code.
func (l *Lang) sayKeys(src string) string {
	src = strings.ReplaceAll(src, "{{langcode}}", template.HTMLEscapeString(l.Code))
	return aKey.ReplaceAllStringFunc(src, func(m string) string {
		return template.HTMLEscapeString(l.T(aKey.FindStringSubmatch(m)[1]))
	})
}

// funcs are the template functions that say words in l: t says a key or a
// Text, say a Text, lang is the page's language, and langs lists the
// languages for the switch.
func (l *Lang) funcs(langs []*Lang) template.FuncMap {
	return template.FuncMap{
		"t": func(v any, args ...any) (string, error) {
			switch v := v.(type) {
			case string:
				return l.T(v, args...), nil
			case Text:
				return l.Say(v), nil
			}
			return "", fmt.Errorf("t: %T is neither a key nor a Text", v)
		},
		// say says a Text alone: t's work without its variadic call and
		// its boxing, which the page every move is followed by makes a
		// dozen times.
		"say":   l.Say,
		"lang":  func() *Lang { return l },
		"langs": func() []*Lang { return langs },
	}
}

// Render renders page with data in language l into a buffer. The caller
// may hand the buffer back with Release once it has written it out.
func (v *Views) Render(l *Lang, page string, data any) (*bytes.Buffer, error) {
	t, ok := v.pages[l][page]
	if !ok {
		return nil, fmt.Errorf("render: no page %q in %s", page, l.Code)
	}
	buf := buffers.Get().(*bytes.Buffer)
	if err := t.ExecuteTemplate(buf, "base", data); err != nil {
		Release(buf)
		return nil, fmt.Errorf("render %s: %w", page, err)
	}
	return buf, nil
}

// buffers holds page buffers between requests: a page is 10–20 KB, and a
// buffer made for each one was a fifth of the bytes a move allocated.
var buffers = sync.Pool{New: func() any {
	b := new(bytes.Buffer)
	b.Grow(16 << 10) // most pages fit
	return b
}}

// Release hands back a buffer from Render, whose bytes must no longer be
// used. Buffers grown past 64 KB are dropped rather than kept.
func Release(buf *bytes.Buffer) {
	if buf.Cap() > 64<<10 {
		return
	}
	buf.Reset()
	buffers.Put(buf)
}

// Base is what every page carries.
type Base struct {
	Title Text   // the document title, without the site name
	CSS   string // path of the stylesheet
	JS    string // path of the board script, or empty
	Live  string // path of the live-update script, or empty
	// Skip is the id that the skip link leads to, and SkipText its text.
	Skip     string
	SkipText Text
	// Here is the page's own address, to come back to after switching
	// language; empty for a page that answers a form.
	Here string
}

// FormField is a radio group of a form as the application defines it:
// its name, the values it takes, in order, and the default. Its words are
// in the catalogue (see forms.go).
type FormField struct {
	Name    string
	Values  []string
	Default string
}

// NewGameForm is the new-game form's fields, with the player's choices.
type NewGameForm struct {
	Groups                      []FieldGroup
	ShowMoves, AllowUndo, Sound bool
}

// GameLink describes a saved game for a link.
type GameLink struct {
	// Delete is the address that asks whether to delete the game, or
	// empty when it cannot be deleted (an online game).
	Delete      string
	URL         string
	Description Text // "8×8 against the computer (Easy), 12 moves played"
	// Saved says when the game was last played, and Thumb is a small
	// picture of its position, or nil; both are shown for Continue only.
	Saved Text
	Thumb *ThumbView
	// SavedAt is the same time for a <time datetime> (RFC 3339, UTC), and
	// SavedLocal the sentence that time.js says it in, in the visitor's
	// time zone, with {} where the time goes.
	SavedAt    string
	SavedLocal Text
}

// HomePage is the home page.
type HomePage struct {
	Base
	Continue *GameLink  // the most recent unfinished game
	Others   []GameLink // other unfinished games
	// YourTurn are the games against someone where it is the player's
	// turn, the most urgent first; AgainstSomeone says whether the
	// player has any game against someone (the list shows then, empty
	// or not).
	YourTurn       []YourTurn
	AgainstSomeone bool
	// Goodbye says that the request that led here deleted the player.
	Goodbye bool
	Form    NewGameForm
	// Deleted says that the request that led here deleted a game: the
	// page the player lands on confirms it.
	Deleted bool
}

// ConfirmPage asks before starting a new game while one is unfinished.
type ConfirmPage struct {
	Base
	Unfinished GameLink
	// Hidden are the new game's choices, posted again with confirm=yes
	// to Action: the new-game form's or "play on from here".
	Hidden []Field
	Action string
}

// Field is a hidden form field.
type Field struct{ Name, Value string }

// ErrorPage explains a request that failed.
type ErrorPage struct {
	Base
	Heading Text
	Message Text
}
