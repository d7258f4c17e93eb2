package play

import (
	"net/url"
	"testing"

	"reversi/club"
)

// TestSettingsFields checks that every setting goes through its form
// field and back: what SettingFields writes, ParseSettings reads.
func TestSettingsFields(t *testing.T) {
	for i := range 8 {
		set := club.Settings{ShowMoves: i&1 != 0, AllowUndo: i&2 != 0, Sound: i&4 != 0}
		form := url.Values{}
		for _, f := range SettingFields(set) {
			if f.On {
				form.Set(f.Name, "on")
			}
		}
		if got := ParseSettings(form); got != set {
			t.Errorf("ParseSettings(%v) = %+v, want %+v", form, got, set)
		}
	}
}
