package cli

import (
	"errors"
	"os"

	"reversi/cli/loadtest"
)

// runLoadtest plays games against a running server and reports on them;
// package loadtest does the work.
func runLoadtest(args []string) error {
	err := loadtest.Command(args, os.Stdout)
	if errors.Is(err, loadtest.ErrUsage) {
		return errUsage
	}
	return err
}
