package cli

import (
	"os"

	"reversi/cli/loadtest"
)

func init() {
	commands["loadtest"] = func(args []string) error { return loadtest.Command(args, os.Stdout) }
}
