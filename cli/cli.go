// Package cli holds the reversi command's subcommands: the web server,
// which runs by default, and the tools.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
)

// A command is a subcommand's entry point; it parses its own flags.
type command func(args []string) error

// commands holds the subcommands by name; each command's file adds its own
// in an init function, and "serve" is the server that runs by default.
var commands = map[string]command{}

// Main runs the subcommand that args (without the program's name) names,
// or the server, and returns the exit code.
func Main(args []string) int {
	name := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(os.Stderr, "reversi: unknown command %q; commands: %s\n", name, strings.Join(commandNames(), ", "))
		return 2
	}
	if err := cmd(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 2
		}
		fmt.Fprintf(os.Stderr, "reversi %s: %v\n", name, err)
		return 1
	}
	return 0
}

func commandNames() []string {
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// parseArgs parses a command's flags and checks that n arguments follow
// them; otherwise it prints the usage and returns [flag.ErrHelp].
func parseArgs(fs *flag.FlagSet, args []string, n int) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != n {
		fs.Usage()
		return flag.ErrHelp
	}
	return nil
}
