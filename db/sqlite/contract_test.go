package sqlite

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"reversi/club"
	"reversi/db/dbtest"
)

// TestContract runs the stores' contract suite on a fresh file per test.
func TestContract(t *testing.T) {
	dbtest.Run(t, func(t *testing.T) dbtest.Opener {
		path := filepath.Join(t.TempDir(), "contract.db")
		return func(t *testing.T, now func() time.Time) club.Store {
			s, err := Open(context.Background(), path, WithClock(now))
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			return s
		}
	})
}
