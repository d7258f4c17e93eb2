package postgres

import "testing"

func TestRebind(t *testing.T) {
	tests := []struct{ in, want string }{
		{"SELECT 1", "SELECT 1"},
		{"SELECT a FROM t WHERE id = ?", "SELECT a FROM t WHERE id = $1"},
		{"UPDATE t SET a = ?, b = nullif(?, '') WHERE id = ? AND v = ?", "UPDATE t SET a = $1, b = nullif($2, '') WHERE id = $3 AND v = $4"},
		{"SELECT '?' || ? FROM \"a?\"", "SELECT '?' || $1 FROM \"a?\""},
	}
	for _, tt := range tests {
		if got := rebind(tt.in); got != tt.want {
			t.Errorf("rebind(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := rebind(tt.in); got != tt.want { // from the cache
			t.Errorf("rebind(%q) again = %q, want %q", tt.in, got, tt.want)
		}
	}
}
