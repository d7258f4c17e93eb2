package main

import (
	"os"

	"reversi/handlers/loadtest"
)

func init() {
	commands["loadtest"] = func(args []string) error { return loadtest.Command(args, os.Stdout) }
}
