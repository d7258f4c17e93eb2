// Command reversi is a Reversi (Othello) web app and its tools.
//
// With no subcommand (or only flags) it runs the web server. The
// subcommands are tools:
//
//	reversi perft [-size 6|8|10] [-start cross|parallel|free] DEPTH
//
// and the others that the cmd_*.go files register.
package main

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

// commands holds the subcommands by name; each cmd_*.go file adds its own in
// an init function, and "serve" is the server that runs by default.
var commands = map[string]command{}

func main() {
	name, args := "serve", os.Args[1:]
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(os.Stderr, "reversi: unknown command %q; commands: %s\n", name, strings.Join(commandNames(), ", "))
		os.Exit(2)
	}
	if err := cmd(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(2)
		}
		fmt.Fprintf(os.Stderr, "reversi %s: %v\n", name, err)
		os.Exit(1)
	}
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
