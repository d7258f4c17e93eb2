// Command reversi is a Reversi (Othello) web app and its tools.
//
// With no subcommand (or only flags) it runs the web server. The
// subcommands are tools, such as
//
//	reversi perft [-size 6|8|10] [-start cross|parallel|free] DEPTH
//
// and package reversi/cli holds them all in one table; "reversi help"
// lists them.
package main

import (
	"os"

	"reversi/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:])) }
