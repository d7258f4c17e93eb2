package migrations

import (
	"fmt"
	"io/fs"
	"regexp"
	"testing"
)

func TestNamesAreNumberedInOrder(t *testing.T) {
	for store, fsys := range map[string]fs.FS{"sqlite": SQLite, "postgres": Postgres} {
		t.Run(store, func(t *testing.T) { checkNames(t, fsys) })
	}
}

func checkNames(t *testing.T, fsys fs.FS) {
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatal("no migrations embedded")
	}
	re := regexp.MustCompile(`^(\d{4})_[a-z0-9_]+\.sql$`)
	for i, name := range names {
		m := re.FindStringSubmatch(name)
		if m == nil {
			t.Errorf("migration %q: want NNNN_words.sql", name)
			continue
		}
		if want := i + 1; m[1] != fmt.Sprintf("%04d", want) {
			t.Errorf("migration %q is number %s, want %s (no gaps, no repeats)", name, m[1], fmt.Sprintf("%04d", want))
		}
	}
}
