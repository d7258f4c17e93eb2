// Command reversi is a Reversi (Othello) web app and its tools.
//
// With no subcommand (or only flags) it runs the web server. The
// subcommands are tools:
//
//	reversi perft [-size 6|8|10] [-start cross|parallel|free] DEPTH
//
// and the others that package cli registers.
package main

import (
	"os"

	"reversi/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:])) }
