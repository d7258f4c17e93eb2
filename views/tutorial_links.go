package views

import (
	"html/template"
	"strconv"
	"strings"
)

// Sentences with links in them, on the tutorial's, the practice board's
// and the reference pages: each language's entry places the links where
// its sentence needs them, as arguments.

// Link is a link in a sentence: its address and its words.
type Link struct {
	URL  string
	Text Text
}

// linked says the entry key in l with args as HTML: the words escaped,
// and each Link argument written as a link around its own words.
func linked(l *Lang, key string, args ...any) template.HTML {
	said := make([]any, len(args))
	var links []Link
	for i, a := range args {
		if k, ok := a.(Link); ok {
			said[i] = linkMark(len(links))
			links = append(links, k)
			continue
		}
		said[i] = a
	}
	s := template.HTMLEscapeString(l.T(key, said...))
	for i, k := range links {
		a := `<a href="` + template.HTMLEscapeString(k.URL) + `">` + template.HTMLEscapeString(l.Say(k.Text)) + `</a>`
		s = strings.Replace(s, linkMark(i), a, 1)
	}
	return template.HTML(s)
}

// linkMark stands for link i in a sentence until the sentence is escaped:
// characters of Unicode's private use area, which no entry holds and
// escaping leaves alone.
func linkMark(i int) string { return "\ue000" + strconv.Itoa(i) + "\ue001" }
