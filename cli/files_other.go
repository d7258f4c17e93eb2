//go:build !unix

package cli

// fileLimit reports no limit where the system has none to read.
func fileLimit() (uint64, bool) { return 0, false }
