package handlers

import (
	"testing"
	"time"
)

func TestRateLimiter(t *testing.T) {
	l := newRateLimiter(2, 3) // 2 per second, bursts of 3
	t0 := time.Unix(1000, 0)
	tests := []struct {
		key  string
		at   time.Duration
		want bool
	}{
		{"a", 0, true}, {"a", 0, true}, {"a", 0, true},
		{"a", 0, false},                      // the burst is spent
		{"b", 0, true},                       // other keys have their own bucket
		{"a", 400 * time.Millisecond, false}, // 0.8 of a token back
		{"a", 500 * time.Millisecond, true},  // a whole one
		{"a", 500 * time.Millisecond, false},
		{"a", 10 * time.Second, true}, // refilled, but never past the burst
		{"a", 10 * time.Second, true},
		{"a", 10 * time.Second, true},
		{"a", 10 * time.Second, false},
	}
	for i, tt := range tests {
		got, wait := l.allow(tt.key, t0.Add(tt.at))
		if got != tt.want {
			t.Errorf("%d: allow(%q, +%v) = %v, want %v", i, tt.key, tt.at, got, tt.want)
		}
		if !got && wait <= 0 {
			t.Errorf("%d: refused with wait %v, want a positive wait", i, wait)
		}
	}
	l.allow("c", t0.Add(2*time.Minute))
	if _, ok := l.buckets["b"]; ok {
		t.Error("an idle full bucket survived the sweep")
	}
	var off *rateLimiter
	if ok, _ := off.allow("x", t0); !ok {
		t.Error("a nil limiter refused")
	}
}
