package ai

import "testing"

func TestEntryCut(t *testing.T) {
	for _, tc := range []struct {
		name        string
		lo, hi      int16
		alpha, beta int
		v, a, b     int
		done        bool
	}{
		{"lower bound at beta", 4, 127, -2, 4, 4, -2, 4, true},
		{"lower bound above beta", 10, 127, -2, 4, 10, -2, 4, true},
		{"upper bound at alpha", -127, -2, -2, 4, -2, -2, 4, true},
		{"upper bound below alpha", -127, -8, -2, 4, -8, -2, 4, true},
		{"exact inside", 2, 2, -2, 4, 2, -2, 4, true},
		{"bounds narrow the window", 0, 2, -2, 4, 0, 0, 2, false},
		{"bounds outside the window", -20, 20, -2, 4, 0, -2, 4, false},
		{"lower bound only", 0, 127, -2, 4, 0, 0, 4, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := entry[key64]{lo: tc.lo, hi: tc.hi}
			v, a, b, done := e.cut(tc.alpha, tc.beta)
			if done != tc.done || a != tc.a || b != tc.b || (done && v != tc.v) {
				t.Errorf("cut(%d, %d) of [%d, %d] = %d, %d, %d, %v; want %d, %d, %d, %v",
					tc.alpha, tc.beta, tc.lo, tc.hi, v, a, b, done, tc.v, tc.a, tc.b, tc.done)
			}
		})
	}
}
