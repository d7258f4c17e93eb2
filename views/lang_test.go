package views

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/text/feature/plural"

	"reversi/game"
)

// translated are the languages other than English, from the catalogue's
// own list, so that a language added is tested without a test to change.
func translated() []*Lang { return Languages()[1:] }

// TestCataloguesComplete fails when a language lacks a key that English
// has, has one English lacks, lays a page's prose out in a different
// number of paragraphs, or says a message with other arguments.
func TestCataloguesComplete(t *testing.T) {
	en := English()
	for _, l := range Languages()[1:] {
		for key, ps := range en.entries {
			got, ok := l.entries[key]
			switch {
			case !ok:
				t.Errorf("%s: no entry %q (English: %.60q)", l.Code, key, ps[0])
			case len(got) != len(ps):
				t.Errorf("%s: %q has %d paragraphs, English %d", l.Code, key, len(got), len(ps))
			case len(ps) == 1:
				if a, b := verbs(ps[0]), verbs(got[0]); !slices.Equal(a, b) {
					t.Errorf("%s: %q takes arguments %v, English %v", l.Code, key, b, a)
				}
			}
		}
		for key := range l.entries {
			if !en.Has(key) {
				t.Errorf("%s: entry %q is not in English", l.Code, key)
			}
		}
	}
}

// verbArg matches a verb with its argument index: %[2]s, %d.
var verbArg = regexp.MustCompile(`%(?:\[(\d+)\])?([a-z])`)

// verbs lists the arguments a message uses, as "index:verb", sorted and
// without repeats; a plural form's own count is among them.
func verbs(msg string) []string {
	var out []string
	next := 1
	for _, m := range verbArg.FindAllStringSubmatch(strings.ReplaceAll(msg, "%%", ""), -1) {
		i := next
		if m[1] != "" {
			fmt.Sscan(m[1], &i)
		}
		next = i + 1
		v := m[2]
		if v == "v" {
			v = "s"
		}
		out = append(out, fmt.Sprintf("%d:%s", i, v))
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// TestPluralForms checks that every message with plural forms has the
// forms its language's rules choose for the counts 0 to 200, and an
// "other".
func TestPluralForms(t *testing.T) {
	names := map[plural.Form]string{plural.Other: "other", plural.Zero: "zero", plural.One: "one",
		plural.Two: "two", plural.Few: "few", plural.Many: "many"}
	for _, l := range Languages() {
		for key, ps := range l.entries {
			if len(ps) != 1 {
				continue
			}
			cases, ok := pluralCases(ps[0])
			if !ok {
				continue
			}
			have := map[string]bool{}
			for i := 0; i < len(cases); i += 2 {
				have[cases[i].(string)] = true
			}
			if !have["other"] {
				t.Errorf("%s: %q has no [other] form", l.Code, key)
			}
			for n := range 201 {
				form := plural.Cardinal.MatchPlural(l.tag, n, 0, 0, 0, 0)
				if !have[names[form]] && !have[fmt.Sprintf("=%d", n)] {
					t.Errorf("%s: %q has no [%s] form, which %d takes", l.Code, key, names[form], n)
					break
				}
			}
		}
	}
}

// TestSay checks the pieces a sentence is made of, in each language.
func TestSay(t *testing.T) {
	fr, ja := Lookup("fr", ""), Lookup("ja", "")
	tests := []struct {
		l    *Lang
		text Text
		want string
	}{
		{English(), NoticeReviewsWaiting(1).Message, "You have a game waiting for its review. Once it is done, ask again."},
		{English(), NoticeReviewsWaiting(12).Message, "You have 12 games waiting for their reviews. Once one of them is done, ask again."},
		{English(), List(Plain("a1"), Plain("b2"), Plain("c3")), "a1, b2 and c3"},
		{English(), List(Plain("a1"), Plain("b2")), "a1 and b2"},
		{English(), Clauses(Plain("you passed"), Plain("your move")), "You passed; your move"},
		{English(), Say("join.invite", 8, game.White), "You will play White on an 8×8 board, each on your own device. Taking the seat ties it to this browser."},
		{English(), Say("join.invite", 6, game.White), "You will play White on a 6×6 board, each on your own device. Taking the seat ties it to this browser."},
		{Lookup("en", NamesDarkLight), Say("join.invite", 8, game.White), "You will play Light on an 8×8 board, each on your own device. Taking the seat ties it to this browser."},
		{fr, Plain("d3"), "d3"},
		{ja, Text{}, ""},
	}
	for _, tt := range tests {
		if got := tt.l.Say(tt.text); got != tt.want {
			t.Errorf("%s: Say(%v) = %q, want %q", tt.l.Code, tt.text, got, tt.want)
		}
	}
}

// TestNegotiate checks the choice of a language from Accept-Language.
func TestNegotiate(t *testing.T) {
	for header, want := range map[string]string{
		"":                           "en",
		"fr-FR,fr;q=0.9,en;q=0.8":    "fr",
		"ja":                         "ja",
		"de-DE,de;q=0.9":             "en",
		"de;q=0.9,ja;q=0.5":          "ja",
		"en-GB,en;q=0.9,fr;q=0.8":    "en",
		"fr-CA":                      "fr",
		"ja-JP;q=0.2,fr;q=0.1":       "ja",
		"garbage;;;,q=\x00":          "en",
		strings.Repeat("xx-YY,", 99): "en",
	} {
		if got := Negotiate(header).Code; got != want {
			t.Errorf("Negotiate(%q) = %s, want %s", header, got, want)
		}
	}
}

// TestDarkLight checks the English variant: no Black or White left in its
// words, and only English has it.
func TestDarkLight(t *testing.T) {
	if Lookup("fr", NamesDarkLight).Code != "fr" || Lookup("en", NamesDarkLight) != languages().darkLight {
		t.Fatal("Lookup does not give Dark and Light to English alone")
	}
	bw := regexp.MustCompile(`\b(Black|White|black|white)\b`)
	for key, ps := range languages().darkLight.entries {
		for _, p := range ps {
			if bw.MatchString(p) && !strings.HasPrefix(key, "names.") {
				t.Errorf("dark/light %q still says %q", key, p)
			}
		}
	}
}

func FuzzNegotiate(f *testing.F) {
	f.Add("fr-FR,fr;q=0.9")
	f.Add("ja;q=0.1, *")
	f.Fuzz(func(t *testing.T, header string) {
		if l := Negotiate(header); l == nil {
			t.Fatal("no language")
		}
	})
}

// TestKeysUsedExist reads the templates and views' Go for the keys they
// name, t "key" and Say("key"), and fails for one English lacks: it would
// show as its key.
func TestKeysUsedExist(t *testing.T) {
	used := regexp.MustCompile(`(?:\bt|\bSay|\bPara)\(?\s*"([a-z][a-z0-9._/-]*)"`)
	files, err := filepath.Glob("*.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	gos, _ := filepath.Glob("*.go")
	for _, f := range append(files, gos...) {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range used.FindAllStringSubmatch(string(b), -1) {
			if !English().Has(m[1]) {
				t.Errorf("%s names %q, which English lacks", f, m[1])
			}
		}
	}
}

// TestSayTwice checks that saying a Text leaves it as it was: the same
// value said in English, then French, then English again.
func TestSayTwice(t *testing.T) {
	text := Say("join.invite", 8, game.Black)
	fr := Lookup("fr", "")
	first := English().Say(text)
	if fr.Say(text) == first {
		t.Fatal("French says the invite as English does")
	}
	if again := English().Say(text); again != first {
		t.Errorf("said again in English: %q, first %q", again, first)
	}
}
