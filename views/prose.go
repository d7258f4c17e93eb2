package views

import (
	"fmt"
	"strings"
)

// The words of the tutorial and the reference pages live in text files,
// not in Go: lang/CODE/NAME.txt, one entry per key. The pages are laid out
// from English's file, its keys in order and its paragraphs, and say each
// paragraph in the reader's language with Para.

// Prose is a text file of keyed entries, each one or more paragraphs. An
// entry starts at a line "== key"; a blank line separates paragraphs, and
// the lines of a paragraph are joined with one space, so that a writer may
// wrap them. Text before the first key is a note for writers.
type Prose struct {
	name  string
	keys  []string
	paras map[string][]string
}

// LoadProse reads the English lang/en/name.txt, which lays out the pages.
func LoadProse(name string) (*Prose, error) {
	b, err := langFiles.ReadFile("lang/en/" + name + ".txt")
	if err != nil {
		return nil, fmt.Errorf("prose %s: %w", name, err)
	}
	return parseProse(name, string(b))
}

func parseProse(name, text string) (*Prose, error) {
	p := &Prose{name: name, paras: map[string][]string{}}
	key := ""
	var para []string
	flush := func() {
		if key != "" && len(para) > 0 {
			p.paras[key] = append(p.paras[key], strings.Join(para, " "))
		}
		para = nil
	}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t\r")
		if k, ok := strings.CutPrefix(line, "== "); ok {
			flush()
			key = strings.TrimSpace(k)
			if _, dup := p.paras[key]; dup || key == "" {
				return nil, fmt.Errorf("prose %s line %d: key %q empty or repeated", name, i+1, key)
			}
			p.keys = append(p.keys, key)
			p.paras[key] = nil
			continue
		}
		if line == "" {
			flush()
			continue
		}
		para = append(para, strings.TrimSpace(line))
	}
	flush()
	return p, nil
}

// Keys returns the keys in the order of the file.
func (p *Prose) Keys() []string { return p.keys }

// Has reports whether the file has key.
func (p *Prose) Has(key string) bool {
	_, ok := p.paras[key]
	return ok
}

// Paras returns the paragraphs of key, or nil if there is no such key.
func (p *Prose) Paras(key string) []string { return p.paras[key] }

// Text returns the one paragraph of key. It panics when key is missing or
// has more than one paragraph: the words are embedded, and a test reads
// every key that the code asks for.
func (p *Prose) Text(key string) string {
	ps := p.paras[key]
	if len(ps) != 1 {
		panic(fmt.Sprintf("prose %s: key %q has %d paragraphs, want 1", p.name, key, len(ps)))
	}
	return ps[0]
}
