package views

import "slices"

// The words of the new-game form's fields: the application lists the
// fields and their values (from its registries of levels, sizes and
// starts); the catalogue has each field's legend, field.NAME, its note,
// field.NAME.hint, if any, and each value's label, field.NAME.VALUE. A
// value without a label shows as itself, and a test fails.

// FieldGroup is a fieldset of radio buttons of the new-game form, with its
// words.
type FieldGroup struct {
	Name         string
	Legend, Hint Text // Hint is a short note under the legend, or zero
	Choices      []FieldChoice
}

// FieldChoice is one option of a FieldGroup.
type FieldChoice struct {
	Value   string
	Label   Text
	Checked bool
}

// Legend returns a form field's legend.
func Legend(field string) Text {
	if key := "field." + field; English().Has(key) {
		return Say(key)
	}
	return Plain(field)
}

// Label returns the label of a form field's value, and whether there is
// one.
func Label(field, value string) (Text, bool) {
	if key := "field." + field + "." + value; English().Has(key) {
		return Say(key), true
	}
	return Plain(value), false
}

// Fieldset returns f as a group of radio buttons with value chosen (f's
// default when chosen is empty or not one of its values).
func Fieldset(f FormField, chosen string) FieldGroup {
	g := FieldGroup{Name: f.Name, Legend: Legend(f.Name)}
	if key := "field." + f.Name + ".hint"; English().Has(key) {
		g.Hint = Say(key)
	}
	sel := f.Default
	if slices.Contains(f.Values, chosen) {
		sel = chosen
	}
	for _, v := range f.Values {
		label, _ := Label(f.Name, v)
		g.Choices = append(g.Choices, FieldChoice{Value: v, Label: label, Checked: v == sel})
	}
	return g
}

// LevelName returns a level's name in a sentence ("against the computer,
// Easy"); the form's labels may say more.
func LevelName(level string) Text {
	if key := "field.levelname." + level; English().Has(key) {
		return Say(key)
	}
	return Plain(level)
}

// Pick returns the form's group named name (empty if there is none).
func (f NewGameForm) Pick(name string) FieldGroup {
	for _, g := range f.Groups {
		if g.Name == name {
			return g
		}
	}
	return FieldGroup{Name: name}
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
// named in skip: "Black, 8×8 (standard), Cross (standard)".
func (f NewGameForm) Summary(skip ...string) Text {
	var out []Text
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
	return Text{Key: "home.summary.sep", Parts: out}
}
