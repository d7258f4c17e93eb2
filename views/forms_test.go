package views

import (
	"testing"

	"reversi/play"
)

// TestEveryChoiceHasWords fails when the application offers a field or a
// value (a new level, size or start in a registry) that the English
// catalogue has no words for; TestCataloguesComplete holds the other
// languages to English's keys.
func TestEveryChoiceHasWords(t *testing.T) {
	for _, f := range play.Fields() {
		if !English().Has("field." + f.Name) {
			t.Errorf("field %q has no legend, field.%s", f.Name, f.Name)
		}
		for _, v := range f.Values {
			if _, ok := Label(f.Name, v); !ok {
				t.Errorf("field %q, value %q has no label, field.%s.%s", f.Name, v, f.Name, v)
			}
		}
	}
	levels, _ := play.Levels()
	for _, l := range levels {
		if !English().Has("field.levelname." + l) {
			t.Errorf("level %q has no name for sentences, field.levelname.%s", l, l)
		}
	}
}
