package play

import "testing"

// TestNetwork checks the networks that the limits per network count in.
func TestNetwork(t *testing.T) {
	for ip, want := range map[string]string{
		"192.0.2.17":          "net 192.0.2.0/24",
		"192.0.2.200":         "net 192.0.2.0/24",
		"::ffff:192.0.2.9":    "net 192.0.2.0/24",
		"2001:db8:1:2:3::4":   "net 2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::": "net 2001:db8:1:2::/64",
		"not an address":      "addr not an address",
	} {
		if got := Network(ip); got != want {
			t.Errorf("Network(%q) = %q, want %q", ip, got, want)
		}
	}
}
