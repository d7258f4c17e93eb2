package club

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// The shortest and longest names, in characters.
const (
	MinName = 3
	MaxName = 20
)

// Why a name is refused. A NameError carries one of them.
var (
	// ErrNameLength means that a name is shorter than MinName or longer
	// than MaxName characters.
	ErrNameLength = errors.New("name length")
	// ErrNameCharacter means that a name holds a character other than a
	// letter of any script (with its marks), a digit, '_' or '-', or
	// starts with a mark.
	ErrNameCharacter = errors.New("name character")
	// ErrNameReserved means that a name is one the site keeps for itself
	// (its own name, the computer's levels, "admin", …).
	ErrNameReserved = errors.New("reserved name")
	// ErrNameTaken means that another player has the name, or one that
	// differs from it only by case or width.
	ErrNameTaken = errors.New("name taken")
)

// NameError is a refused name: which rule it broke, and the name.
type NameError struct {
	Name string
	Err  error
}

func (e *NameError) Error() string { return "name " + e.Name + ": " + e.Err.Error() }
func (e *NameError) Unwrap() error { return e.Err }

// Name is a player's chosen name, as they wrote it once normalised (NFKC).
// Two names are the same name when their Keys are equal.
type Name string

// ParseName checks s as a player's name and returns it normalised to
// NFKC. reserved are names nobody may take (compared by key, so in any
// case or width); the caller lists them (the levels are the engine's,
// which this package does not know).
func ParseName(s string, reserved []string) (Name, error) {
	n := norm.NFKC.String(strings.TrimSpace(s))
	count := utf8.RuneCountInString(n)
	if count < MinName || count > MaxName {
		return "", &NameError{Name: s, Err: ErrNameLength}
	}
	for i, r := range n {
		ok := unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' || (i > 0 && unicode.IsMark(r))
		if !ok {
			return "", &NameError{Name: s, Err: ErrNameCharacter}
		}
	}
	key := Name(n).Key()
	for _, w := range reserved {
		if Name(norm.NFKC.String(w)).Key() == key {
			return "", &NameError{Name: s, Err: ErrNameReserved}
		}
	}
	return Name(n), nil
}

// Key is the name as compared for uniqueness: NFKC, then case folded, then
// NFKC again (folding can undo a normal form). "Ｒｅｖｅｒｓｉ" and "REVERSI"
// have the key of "reversi".
func (n Name) Key() string {
	return norm.NFKC.String(cases.Fold().String(norm.NFKC.String(string(n))))
}

// SiteReserved returns the names the site keeps whatever its levels: its
// own name, and words that would pass for the site speaking.
func SiteReserved() []string {
	return []string{"reversi", "リバーシ", "othello", "admin", "administrator", "moderator", "guest",
		"anonymous", "computer", "system", "root", "support", "deleted"}
}
