//go:build unix

package cli

import "syscall"

// fileLimit returns the number of files this process may have open, and
// true; Go raises the soft limit to the hard one at start.
func fileLimit() (uint64, bool) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0, false
	}
	return r.Cur, true
}
