package postgres

import (
	"context"
	"testing"
	"time"

	"reversi/club"
	"reversi/db/dbtest"
	"reversi/db/postgres/pgtest"
)

// TestContract runs the stores' contract suite on a fresh database per
// test.
func TestContract(t *testing.T) {
	pgtest.URL(t)
	dbtest.Run(t, func(t *testing.T) dbtest.Opener {
		url := pgtest.NewDatabase(t)
		return func(t *testing.T, now func() time.Time) club.Store {
			s, err := Open(context.Background(), url, WithClock(now))
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			return s
		}
	})
}
