package views

import (
	"testing"

	"reversi/play"
)

// TestEveryChoiceHasWords fails when the application offers a field or a
// value (a new level, size or start in a registry) that views has no words
// for.
func TestEveryChoiceHasWords(t *testing.T) {
	for _, f := range play.Fields() {
		if _, ok := fieldWords[f.Name]; !ok {
			t.Errorf("field %q has no legend", f.Name)
		}
		for _, v := range f.Values {
			if _, ok := Label(f.Name, v); !ok {
				t.Errorf("field %q, value %q has no label", f.Name, v)
			}
		}
	}
	levels, _ := play.Levels()
	for _, l := range levels {
		if _, ok := levelNames[l]; !ok {
			t.Errorf("level %q has no name for sentences", l)
		}
	}
}
