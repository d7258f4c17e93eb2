//go:build !unix

package cli

import "time"

// cpuTime reports false: processor time is read only on Unix.
func cpuTime() (time.Duration, bool) { return 0, false }
