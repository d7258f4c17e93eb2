package views

import (
	"slices"
	"testing"
)

func TestParseProse(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		keys       []string
		paras      map[string][]string
		err        bool
	}{
		{"note before the first key", "for writers\n\n== a\none\n", []string{"a"}, map[string][]string{"a": {"one"}}, false},
		{"wrapped lines join", "== a\none\ntwo  \n\nthree\n== b\nfour", []string{"a", "b"},
			map[string][]string{"a": {"one two", "three"}, "b": {"four"}}, false},
		{"empty entry", "== a\n\n== b\nx\n", []string{"a", "b"}, map[string][]string{"a": nil, "b": {"x"}}, false},
		{"repeated key", "== a\nx\n== a\ny\n", nil, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := parseProse("test", tc.text)
			if tc.err {
				if err == nil {
					t.Fatalf("parseProse = nil error, want one")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(p.Keys(), tc.keys) {
				t.Errorf("Keys() = %q, want %q", p.Keys(), tc.keys)
			}
			for k, want := range tc.paras {
				if got := p.Paras(k); !slices.Equal(got, want) {
					t.Errorf("Paras(%q) = %q, want %q", k, got, want)
				}
			}
		})
	}
}

// TestProseFilesLoad reads every embedded file of words.
func TestProseFilesLoad(t *testing.T) {
	for _, name := range []string{"tutorial", "rules", "strategy", "faq", "history"} {
		if _, err := LoadProse(name); err != nil {
			t.Error(err)
		}
	}
}
