package views

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"

	"reversi/game"
)

// The pages speak English, French and Japanese. Every word a reader sees
// is an entry of a catalogue, lang/CODE/*.txt, in the format of Prose: an
// entry "== key", its text, and for a message with a count one line per
// plural form, "[one] …" and "[other] …", chosen by the language's own
// plural rules (golang.org/x/text). A message's arguments are written as
// for fmt, with explicit indexes (%[2]s) where a language orders them
// differently.
//
// Pages are built with words not yet said: a Text is a key and its
// arguments, and the template says it in the reader's language with the
// function t. So handlers/ never chooses words, and one page value renders
// in any language.

//go:embed lang/*/*.txt
var langFiles embed.FS

// Text is words to be said in the reader's language: the key of a
// catalogue entry and the arguments of its message. An argument may be a
// Text, said first, or a game.Color, said as its name; others are
// formatted by the entry's verbs. A Text with Parts joins them instead:
// Key names the entry that separates them. The zero Text says nothing.
type Text struct {
	Key   string
	Args  []any
	Parts []Text
}

// Say returns the Text of key with args.
func Say(key string, args ...any) Text { return Text{Key: key, Args: args} }

// IsZero reports whether t says nothing. A Text with Parts has the key of
// their separator, so a Text says something exactly when it has a key,
// which the templates of the hottest pages test rather than calling this.
func (t Text) IsZero() bool { return t.Key == "" }

// Clauses joins parts into one sentence, the first letter a capital:
// "you played f5 and flipped 1; your move".
func Clauses(parts ...Text) Text { return Text{Key: "sep.clauses", Parts: parts} }

// Plain is a Text of words that need no translation: a square's name, a
// move list, a name the reader typed.
func Plain(s string) Text {
	if s == "" {
		return Text{}
	}
	return Text{Key: "plain", Args: []any{s}}
}

// List joins words in prose: "a", "a and b", "a, b and c".
func List(words ...Text) Text {
	switch len(words) {
	case 0:
		return Text{}
	case 1:
		return words[0]
	}
	last := len(words) - 1
	return Text{Key: "list.and", Parts: []Text{{Key: "list.comma", Parts: words[:last]}, words[last]}}
}

// Para is paragraph i of the prose entry key, said in the reader's
// language: the pages of prose are laid out from English's paragraphs, and
// a test holds every language to the same number under each key.
func Para(key string, i int) Text { return Text{Key: key, Args: []any{para(i)}} }

type para int

// Lang is a language of the pages, with its catalogue.
type Lang struct {
	// Code is the BCP 47 code of the page's html lang and Content-Language.
	Code string
	// Names is the choice of disc names: "" for the language's usual
	// ones, or "dl" for Dark and Light (an English variant).
	Names string
	// Name is the language's name in itself, for the switch.
	Name string

	tag     language.Tag
	entries map[string][]string // paragraphs by key
	printer *message.Printer
	english *Lang // the fallback of a missing key: English, or l itself
	// board and boardHTML are the words of a board's labels, said once,
	// and escaped for an attribute (see boardWords).
	board, boardHTML *boardWords
}

// NamesDarkLight is the choice of Dark and Light for the discs' names.
const NamesDarkLight = "dl"

// catalogue is the pages' languages with their words.
type catalogue struct {
	langs     []*Lang // English first: the fallback of negotiation and of a missing key
	darkLight *Lang   // English with the discs named Dark and Light
	matcher   language.Matcher
}

// loadCatalogue loads the pages' languages, listed here, from the
// catalogues embedded in the binary.
func loadCatalogue() (*catalogue, error) {
	c := &catalogue{langs: []*Lang{
		{Code: "en", Name: "English", tag: language.English},
		{Code: "fr", Name: "Français", tag: language.French},
		{Code: "ja", Name: "日本語", tag: language.Japanese},
	}}
	en := c.langs[0]
	tags := make([]language.Tag, len(c.langs))
	for i, l := range c.langs {
		l.english = en
		if err := l.load(); err != nil {
			return nil, err
		}
		tags[i] = l.tag
	}
	c.matcher = language.NewMatcher(tags)
	c.darkLight = &Lang{Code: "en", Names: NamesDarkLight, Name: "English", tag: language.English,
		english: en, entries: darkLightEntries(en.entries)}
	if err := c.darkLight.build(); err != nil {
		return nil, err
	}
	return c, nil
}

// loaded is the catalogue, loaded on first use. New reports its error;
// the functions below, which have no error to return, find it loaded by
// then in a program that checked New's.
var loaded = sync.OnceValues(loadCatalogue)

// languages returns the loaded catalogue. A catalogue that does not load
// is a fault of the binary, which New reports as an error; asking for a
// language without having made the Views first is the only way here.
func languages() *catalogue {
	c, err := loaded()
	if err != nil {
		panic(fmt.Sprintf("views: the catalogue did not load (New reports it): %v", err))
	}
	return c
}

// English is the first language, the fallback.
func English() *Lang { return languages().langs[0] }

// Languages returns the pages' languages, English first.
func Languages() []*Lang { return slices.Clone(languages().langs) }

// Lookup returns the language of code with the disc names names, or nil
// when there is no such language. Dark and Light are English only; other
// languages ignore names.
func Lookup(code, names string) *Lang {
	c := languages()
	for _, l := range c.langs {
		if l.Code == code {
			if l.Code == "en" && names == NamesDarkLight {
				return c.darkLight
			}
			return l
		}
	}
	return nil
}

// Negotiate returns the language that fits an Accept-Language header
// best, English when none does.
func Negotiate(acceptLanguage string) *Lang {
	c := languages()
	tags, _, _ := language.ParseAcceptLanguage(acceptLanguage)
	_, i, conf := c.matcher.Match(tags...)
	if conf == language.No {
		return c.langs[0]
	}
	return c.langs[i]
}

func (l *Lang) load() error {
	l.entries = map[string][]string{}
	files, err := fs.Glob(langFiles, "lang/"+l.Code+"/*.txt")
	if err != nil {
		return err
	}
	sort.Strings(files)
	for _, f := range files {
		b, err := langFiles.ReadFile(f)
		if err != nil {
			return err
		}
		name := strings.TrimSuffix(path.Base(f), ".txt")
		p, err := parseProse(l.Code+"/"+name, string(b))
		if err != nil {
			return err
		}
		prefix := name + "/"
		if !proseNames[name] {
			prefix = ""
		}
		for _, k := range p.Keys() {
			key := prefix + k
			if _, dup := l.entries[key]; dup {
				return fmt.Errorf("lang %s: key %q in two files", l.Code, key)
			}
			ps := p.Paras(k)
			if len(ps) == 1 && len(ps[0]) >= 2 && ps[0][0] == '"' {
				q, err := strconv.Unquote(ps[0])
				if err != nil {
					return fmt.Errorf("lang %s: key %q: %w", l.Code, key, err)
				}
				ps = []string{q}
			}
			l.entries[key] = ps
		}
	}
	return l.build()
}

// proseNames are the catalogue files of pages' prose (the tutorial and the
// reference pages): their keys are read with the file's name before them,
// "rules/board". The keys of the other files, the messages, are global.
var proseNames = map[string]bool{"tutorial": true, "rules": true, "strategy": true, "faq": true, "history": true}

// pluralCase matches a plural form's selector at the start of a message
// or after a space: "[one] ", "[other] ", "[=0] ".
var pluralCase = regexp.MustCompile(`(?:^| )\[(zero|one|two|few|many|other|=\d+)\] `)

// build makes the printer of l's messages and the table of its board's
// words.
func (l *Lang) build() error {
	b := catalog.NewBuilder(catalog.Fallback(l.tag))
	for key, paras := range l.entries {
		if len(paras) != 1 || !strings.ContainsRune(paras[0], '%') && !strings.HasPrefix(paras[0], "[") {
			continue // said as written
		}
		var err error
		if cases, ok := pluralCases(paras[0]); ok {
			err = b.Set(l.tag, key, plural.Selectf(1, "%d", cases...))
		} else {
			err = b.SetString(l.tag, key, paras[0])
		}
		if err != nil {
			return fmt.Errorf("lang %s: key %q: %w", l.Code, key, err)
		}
	}
	l.printer = message.NewPrinter(l.tag, message.Catalog(b))
	l.board, l.boardHTML = newBoardWords(l, false), newBoardWords(l, true)
	return nil
}

// pluralCases splits "[one] %d disc [other] %d discs" into its selectors
// and messages, or reports false when msg has no plural forms.
func pluralCases(msg string) ([]any, bool) {
	locs := pluralCase.FindAllStringSubmatchIndex(msg, -1)
	if len(locs) == 0 || locs[0][0] != 0 {
		return nil, false
	}
	var cases []any
	for i, loc := range locs {
		end := len(msg)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		cases = append(cases, msg[loc[2]:loc[3]], msg[loc[1]:end])
	}
	return cases, true
}

// Has reports whether l has an entry for key.
func (l *Lang) Has(key string) bool {
	_, ok := l.entries[key]
	return ok
}

// Paras returns the paragraphs of key, English's when l lacks it.
func (l *Lang) Paras(key string) []string {
	if ps, ok := l.entries[key]; ok {
		return ps
	}
	return l.english.entries[key]
}

// Say says t in l.
func (l *Lang) Say(t Text) string {
	if len(t.Parts) > 0 {
		return l.join(t)
	}
	switch t.Key {
	case "":
		return ""
	case "plain": // Plain's words, said as they are
		if len(t.Args) == 1 {
			if s, ok := t.Args[0].(string); ok {
				return s
			}
		}
	}
	if len(t.Args) == 1 {
		if s, ok := t.Args[0].(*squareLabel); ok {
			var b strings.Builder
			l.board.write(&b, *s)
			return b.String()
		}
		if i, ok := t.Args[0].(para); ok {
			if ps := l.Paras(t.Key); int(i) < len(ps) {
				return ps[i]
			}
			return ""
		}
	}
	return l.T(t.Key, t.Args...)
}

// T says the message of key with args in l.
func (l *Lang) T(key string, args ...any) string {
	ps, ok := l.entries[key]
	if !ok {
		if l != l.english && l.english.Has(key) {
			return l.english.T(key, args...) // a test fails for this
		}
		return key
	}
	if len(ps) != 1 {
		return strings.Join(ps, " ")
	}
	if len(args) == 0 && !strings.HasPrefix(ps[0], "[") {
		return ps[0]
	}
	args = slices.Clone(args) // a Text may be said again, in another language
	for i, a := range args {
		switch a := a.(type) {
		case Text:
			args[i] = l.Say(a)
		case game.Color:
			args[i] = l.Color(a)
		}
	}
	return l.printer.Sprintf(key, args...)
}

// Color names side c in a sentence: "Black", "Noir", "黒".
func (l *Lang) Color(c game.Color) string {
	switch c {
	case game.Black:
		return l.T("color.black")
	case game.White:
		return l.T("color.white")
	}
	return ""
}

// join says t's parts, separated by the entry t.Key; a sentence of
// clauses starts with a capital.
func (l *Lang) join(t Text) string {
	parts := make([]string, 0, len(t.Parts))
	for _, p := range t.Parts {
		if s := l.Say(p); s != "" {
			parts = append(parts, s)
		}
	}
	s := strings.Join(parts, l.T(t.Key))
	if t.Key == "sep.clauses" {
		s = capital(s)
	}
	return s
}

// capital returns s with its first letter in upper case.
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// darkLightEntries are English's entries with the discs named Dark and
// Light in place of Black and White.
func darkLightEntries(en map[string][]string) map[string][]string {
	out := make(map[string][]string, len(en))
	for k, ps := range en {
		if strings.HasPrefix(k, "names.") {
			out[k] = ps // the switch names both choices
			continue
		}
		dl := make([]string, len(ps))
		for i, p := range ps {
			dl[i] = darkLightWords.ReplaceAllStringFunc(p, func(w string) string { return darkLightNames[w] })
		}
		out[k] = dl
	}
	return out
}

var darkLightWords = regexp.MustCompile(`\b(Black|White|black|white|Black's|White's)\b`)

var darkLightNames = map[string]string{
	"Black": "Dark", "White": "Light", "black": "dark", "white": "light",
	"Black's": "Dark's", "White's": "Light's",
}
