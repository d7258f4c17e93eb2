package migrations

import (
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"testing"
)

var nameRE = regexp.MustCompile(`^(\d{4})_[a-z0-9_]+\.sql$`)

// names returns the migration files of fsys, in order.
func names(t *testing.T, fsys fs.FS) []string {
	t.Helper()
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatal("no migrations embedded")
	}
	slices.Sort(names)
	return names
}

// historical are the files that one store has and the other lacks, from
// before the histories were numbered alike (0009): PostgreSQL's
// 0005_secrets put the later SQLite() files one number behind. Databases
// recorded these names in schema_migrations, so they stay; no file may be
// added here.
var historical = map[string][]string{
	"sqlite":   {"0005_reviews_and_setups.sql", "0006_level_checked_by_the_app.sql", "0007_puzzle_progress.sql"},
	"postgres": {"0005_secrets.sql", "0006_reviews_and_setups.sql", "0007_level_checked_by_the_app.sql", "0008_puzzle_progress.sql"},
}

// TestNamesAreNumberedInOrder checks each folder's names: NNNN_words.sql,
// numbers rising by one, no repeats; the only gap is SQLite()'s missing 0008,
// where its history caught up with PostgreSQL's.
func TestNamesAreNumberedInOrder(t *testing.T) {
	for store, fsys := range map[string]fs.FS{"sqlite": SQLite(), "postgres": Postgres()} {
		t.Run(store, func(t *testing.T) {
			prev := 0
			for _, name := range names(t, fsys) {
				m := nameRE.FindStringSubmatch(name)
				if m == nil {
					t.Errorf("migration %q: want NNNN_words.sql", name)
					continue
				}
				n, _ := strconv.Atoi(m[1])
				want := prev + 1
				if store == "sqlite" && prev == 7 {
					want = 9 // the documented gap
				}
				if n != want {
					t.Errorf("migration %q is number %04d, want %04d (no gaps, no repeats)", name, n, want)
				}
				prev = n
			}
		})
	}
}

// TestHistoriesAlike checks that every migration file of one store exists
// under the same number and name in the other, but for the historical
// ones, and that both histories end on the same file.
func TestHistoriesAlike(t *testing.T) {
	stores := map[string]fs.FS{"sqlite": SQLite(), "postgres": Postgres()}
	sets := map[string]map[string]bool{}
	for store, fsys := range stores {
		sets[store] = map[string]bool{}
		for _, n := range names(t, fsys) {
			sets[store][n] = true
		}
	}
	for _, pair := range [][2]string{{"sqlite", "postgres"}, {"postgres", "sqlite"}} {
		has, other := pair[0], pair[1]
		for _, n := range slices.Sorted(maps.Keys(sets[has])) {
			if !sets[other][n] && !slices.Contains(historical[has], n) {
				t.Errorf("%s has migration %s and %s has not: add it to both, under the same number and name", has, n, other)
			}
		}
	}
	for store, hist := range historical {
		for _, n := range hist {
			if !sets[store][n] {
				t.Errorf("historical %s migration %s is missing: a recorded name must stay", store, n)
			}
		}
	}
	sl, pg := names(t, SQLite()), names(t, Postgres())
	if a, b := sl[len(sl)-1], pg[len(pg)-1]; a != b {
		t.Errorf("the histories end on %s (sqlite) and %s (postgres), want the same file", a, b)
	}
}
