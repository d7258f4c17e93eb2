package main

import "testing"

// TestServeRefusesBadFlags checks that serve stops before opening anything
// when its flags make no sense.
func TestServeRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-move-rate", "0"},
		{"-game-rate", "0"},
		{"-move-rate", "fast"},
		{"-no-such-flag"},
		{"-trusted-proxies", "10.0.0.1, proxy.example"},
		{"-hint-rate", "0"},
		{"-max-conns", "0"},
		{"-public-url", "reversi.example"},
		{"-public-url", "https://reversi.example/play"},
	} {
		if err := runServe(append(args, "-db", t.TempDir()+"/never.db", "-addr", "localhost:0")); err == nil {
			t.Errorf("serve %q: no error", args)
		}
	}
	if got := burst(50, 2); got != 100 {
		t.Errorf("burst(50, 2) = %d, want 100", got)
	}
	if got := burst(0.1, 2); got != 1 {
		t.Errorf("burst(0.1, 2) = %d, want 1", got)
	}
}
