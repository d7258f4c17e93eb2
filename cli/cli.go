// Package cli holds the reversi command's subcommands, one file each, and
// the one table that names them: the web server, which runs by default,
// and the tools.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// A command is a subcommand: its name, what it does in a line for the
// list that help prints, and its entry point, which parses its own flags
// from the arguments after the name.
type command struct {
	name    string
	summary string
	run     func(args []string) error
}

// commands is every subcommand, in the order that help lists them. serve
// runs when no command is named.
var commands = []command{
	{name: "serve", summary: "run the web server (the default)", run: runServe},
	{name: "perft", summary: "count the positions DEPTH plies from a start, to check the rules", run: runPerft},
	{name: "solve", summary: "solve a position exactly: its score and a best move", run: runSolve},
	{name: "arena", summary: "play games between two levels or GTP engines and tally them", run: runArena},
	{name: "gtp", summary: "play as an engine speaking GTP on standard input and output", run: runGTP},
	{name: "train", summary: "fit the learned 8×8 evaluation and write its weights file", run: runTrain},
	{name: "puzzles", summary: "make the endgame puzzle set from games between the levels", run: runPuzzles},
	{name: "review", summary: "judge every move of a game and name the biggest mistakes", run: runReview},
	{name: "loadtest", summary: "load a running server with many players and report its speed", run: runLoadtest},
	{name: "copydb", summary: "copy a site's SQLite database into PostgreSQL", run: runCopyDB},
}

// helpSummary is the line that help lists for itself.
const helpSummary = "list the commands, or print a COMMAND's usage and flags"

// errUsage is what a command returns when its arguments are wrong, once it
// has printed its usage: Main then exits with status 2 and says no more.
var errUsage = errors.New("wrong arguments")

// Main runs the command that args (the arguments after the program's name)
// name, and returns the exit status: 0, or 1 when the command failed, or 2
// when it was called wrongly. With no arguments, or only flags, it runs
// the server. help, -h and --help list the commands; help COMMAND and
// COMMAND -h print that command's usage and flags.
func Main(args []string) int {
	if len(args) > 0 {
		switch args[0] {
		case "help":
			return help(args[1:])
		case "-h", "-help", "--help":
			usage(os.Stdout)
			return 0
		}
	}
	name := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	cmd, ok := lookup(name)
	if !ok {
		return unknown(name)
	}
	return status(name, cmd.run(args))
}

// help runs "reversi help [COMMAND]".
func help(args []string) int {
	switch {
	case len(args) == 0 || len(args) == 1 && args[0] == "help":
		usage(os.Stdout)
		return 0
	case len(args) > 1:
		fmt.Fprintf(os.Stderr, "reversi help: want one command at most, not %q\n\n", args)
		usage(os.Stderr)
		return 2
	}
	cmd, ok := lookup(args[0])
	if !ok {
		return unknown(args[0])
	}
	// Every command prints its usage and flags when asked with -h.
	return status(cmd.name, cmd.run([]string{"-h"}))
}

// unknown reports a command that is not in the table.
func unknown(name string) int {
	fmt.Fprintf(os.Stderr, "reversi: unknown command %q\n\n", name)
	usage(os.Stderr)
	return 2
}

// status prints a command's error, if any, and returns the exit status
// for it: a request for help ([flag.ErrHelp]) is no failure.
func status(name string, err error) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		return 2
	}
	fmt.Fprintf(os.Stderr, "reversi %s: %v\n", name, err)
	return 1
}

func lookup(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// usage writes the usage line and a line for each command.
func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: reversi [COMMAND] [flags] [arguments]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "With no command, or only flags, reversi runs the web server (serve).")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	width := len("help")
	for _, c := range commands {
		width = max(width, len(c.name))
	}
	for _, c := range commands {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprintf(w, "  %-*s  %s\n", width, "help", helpSummary)
	fmt.Fprintln(w)
	fmt.Fprintln(w, `"reversi help COMMAND" (or "reversi COMMAND -h") prints its usage and flags.`)
}

// parseArgs parses a command's flags and checks that n arguments follow
// them; otherwise it prints the usage and returns [errUsage].
func parseArgs(fs *flag.FlagSet, args []string, n int) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != n {
		fs.Usage()
		return errUsage
	}
	return nil
}
