package views

import (
	"slices"
	"strings"
)

// The words of the new-game form's fields: the application lists the
// fields and their values (from its registries of levels, sizes and
// starts); here each field has its legend and each value its label. A
// value without a label here shows as itself, and a test fails.

type fieldText struct {
	Legend, Hint string
	Labels       map[string]string
}

var fieldWords = map[string]fieldText{
	"opponent": {"Opponent", "", map[string]string{
		"computer": "The computer", "local": "A friend on this device", "online": "A friend online, by invite link"}},
	"color": {"Your colour against the computer or online", "Black moves first.", map[string]string{
		"black": "Black", "white": "White", "random": "Random"}},
	"level": {"Computer level", "", map[string]string{
		"beginner": "Beginner (for children and first games)", "easy": "Easy", "normal": "Normal",
		"hard": "Hard", "expert": "Expert (for strong players)"}},
	"size": {"Board size", "", map[string]string{
		"8": "8×8 (standard)", "6": "6×6 (quick)", "10": "10×10 (long)"}},
	"start": {"Opening", "", map[string]string{
		"cross": "Cross (standard)", "parallel": "Parallel", "free": "Free placement"}},
}

// Legend returns a form field's legend.
func Legend(field string) string {
	if w, ok := fieldWords[field]; ok {
		return w.Legend
	}
	return field
}

// Label returns the label of a form field's value, and whether there is
// one.
func Label(field, value string) (string, bool) {
	l, ok := fieldWords[field].Labels[value]
	if !ok {
		return value, false
	}
	return l, true
}

// Group returns f as a radio group with value chosen (f's default when
// chosen is empty or not one of its values).
func Group(f FormField, chosen string) RadioGroup {
	w := fieldWords[f.Name]
	g := RadioGroup{Name: f.Name, Legend: Legend(f.Name), Hint: w.Hint}
	sel := f.Default
	for _, v := range f.Values {
		if v == chosen {
			sel = v
		}
	}
	for _, v := range f.Values {
		label, _ := Label(f.Name, v)
		g.Choices = append(g.Choices, Choice{Value: v, Label: label, Checked: v == sel})
	}
	return g
}

// levelNames are the levels' names in a sentence ("against the computer,
// Easy"); the form's labels may say more.
var levelNames = map[string]string{
	"beginner": "Beginner", "easy": "Easy", "normal": "Normal", "hard": "Hard", "expert": "Expert",
}

// LevelName returns a level's name in a sentence.
func LevelName(level string) string {
	if n, ok := levelNames[level]; ok {
		return n
	}
	return Capital(level)
}

// Pick returns the form's group named name (empty if there is none).
func (f NewGameForm) Pick(name string) RadioGroup {
	for _, g := range f.Groups {
		if g.Name == name {
			return g
		}
	}
	return RadioGroup{Name: name}
}

// Kept returns the value chosen in the group named name.
func (f NewGameForm) Kept(name string) string {
	for _, c := range f.Pick(name).Choices {
		if c.Checked {
			return c.Value
		}
	}
	return ""
}

// Summary lists the labels of the chosen values, leaving out the groups
// named in skip.
func (f NewGameForm) Summary(skip ...string) string {
	var out []string
	for _, g := range f.Groups {
		if slices.Contains(skip, g.Name) {
			continue
		}
		for _, c := range g.Choices {
			if c.Checked {
				out = append(out, c.Label)
			}
		}
	}
	return strings.Join(out, ", ")
}
