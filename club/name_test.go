package club

import (
	"errors"
	"testing"
)

func TestParseName(t *testing.T) {
	reserved := append(SiteReserved(), "expert", "hard")
	tests := []struct {
		in   string
		want Name
		err  error
	}{
		{"ada", "ada", nil},
		{"Ada_Lovelace-1815", "Ada_Lovelace-1815", nil},
		{"  ada  ", "ada", nil},
		{"Ｔａｒｏ", "Taro", nil}, // full width, folded to ASCII by NFKC
		{"さくら", "さくら", nil},
		{"Жанна", "Жанна", nil},
		{"नमस्ते", "नमस्ते", nil}, // letters with their marks
		{"ab", "", ErrNameLength},
		{"abcdefghijklmnopqrstu", "", ErrNameLength},
		{"abcdefghijklmnopqrst", "abcdefghijklmnopqrst", nil},
		{"<b>hi</b>", "", ErrNameCharacter},
		{"a b c", "", ErrNameCharacter},
		{"ada!", "", ErrNameCharacter},
		{"ada\u200b", "", ErrNameCharacter},
		{"\u0301abc", "", ErrNameCharacter},
		{"ADMIN", "", ErrNameReserved},
		{"Ｅｘｐｅｒｔ", "", ErrNameReserved},
		{"リバーシ", "", ErrNameReserved},
		{"ﾘﾊﾞｰｼ", "", ErrNameReserved}, // half width, NFKC to リバーシ
	}
	for _, tt := range tests {
		got, err := ParseName(tt.in, reserved)
		if !errors.Is(err, tt.err) || got != tt.want {
			t.Errorf("ParseName(%q) = %q, %v; want %q, %v", tt.in, got, err, tt.want, tt.err)
		}
		var ne *NameError
		if err != nil && (!errors.As(err, &ne) || ne.Name != tt.in) {
			t.Errorf("ParseName(%q): error %v does not carry the name", tt.in, err)
		}
	}
}

func TestNameKey(t *testing.T) {
	same := [][2]Name{{"Taro", "TARO"}, {"Taro", "Ｔａｒｏ"}, {"straße", "STRASSE"}, {"ﾘﾊﾞｰｼ", "リバーシ"}}
	for _, p := range same {
		if p[0].Key() != p[1].Key() {
			t.Errorf("%q and %q have keys %q and %q, want one", p[0], p[1], p[0].Key(), p[1].Key())
		}
	}
	if Name("taro").Key() == Name("tara").Key() {
		t.Error("taro and tara share a key")
	}
}

// FuzzParseName checks that any accepted name is already normal (parsing
// it again gives itself), has a stable key, and holds no markup.
func FuzzParseName(f *testing.F) {
	for _, s := range []string{"ada", "Ｔａｒｏ", "<script>", "a\x00b", "नमस्ते", "ADMIN"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseName(s, SiteReserved())
		if err != nil {
			return
		}
		again, err := ParseName(string(n), SiteReserved())
		if err != nil || again != n {
			t.Fatalf("ParseName(%q) = %q, but ParseName(%q) = %q, %v", s, n, n, again, err)
		}
		if n.Key() != Name(n.Key()).Key() {
			t.Fatalf("key of %q is not stable", n)
		}
		for _, r := range string(n) {
			if r == '<' || r == '>' || r == '&' || r == '"' || r == '\'' || r < ' ' {
				t.Fatalf("ParseName(%q) accepted %q", s, n)
			}
		}
	})
}
