package cli

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// mainArgs, when set in the environment, makes the test binary run Main
// with these arguments (split at spaces) instead of the tests, and exit
// with its status: it is how the tests run `reversi` as a program of its
// own, such as TestGTPAgainstGRhino's GTP engine.
const mainArgs = "REVERSI_TEST_MAIN_ARGS"

func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv(mainArgs); ok {
		os.Exit(Main(strings.Fields(args)))
	}
	os.Exit(m.Run())
}

// runMain runs `reversi ARGS` as a process of its own and returns what it
// wrote to standard output and standard error, and its exit status.
func runMain(t *testing.T, args string) (stdout, stderr string, code int) {
	t.Helper()
	if strings.TrimSpace(args) == "" {
		t.Fatal("runMain with no arguments would start a server")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), mainArgs+"="+args)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		code = exit.ExitCode()
	default:
		t.Fatalf("reversi %s: %v", args, err)
	}
	return out.String(), errOut.String(), code
}

// listed reports whether text lists every command of the table, and help,
// a line each.
func listed(t *testing.T, text string) {
	t.Helper()
	if !strings.Contains(text, "usage: reversi [COMMAND]") {
		t.Errorf("no usage line in\n%s", text)
	}
	for _, c := range append(commands, command{name: "help", summary: helpSummary}) {
		line := regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(c.name) + ` +` + regexp.QuoteMeta(c.summary) + `$`)
		if !line.MatchString(text) {
			t.Errorf("no line for %s (%q) in\n%s", c.name, c.summary, text)
		}
	}
}

// TestHelp runs the program as a user would and checks the exit status
// and output of help, of a command's -h, of an unknown command and of a
// command called wrongly.
func TestHelp(t *testing.T) {
	tests := []struct {
		args   string
		code   int
		list   bool     // standard output lists the commands
		stderr []string // parts of standard error
		stdout []string // parts of standard output
	}{
		{args: "help", list: true},
		{args: "-h", list: true},
		{args: "-help", list: true},
		{args: "--help", list: true},
		{args: "help help", list: true},
		{args: "help serve", stderr: []string{"usage: reversi [serve] [flags]", "REVERSI_SESSION_KEY", "-addr string", "-db string", "-trusted-proxies"}},
		{args: "help solve", stderr: []string{`usage: reversi solve "SQUARES SIDE"`, "score N move SQUARE"}},
		{args: "help perft", stderr: []string{"usage: reversi perft", "DEPTH", "-size int", "-start string"}},
		{args: "serve -h", stderr: []string{"usage: reversi [serve] [flags]", "-addr string"}},
		{args: "solve -h", stderr: []string{`usage: reversi solve "SQUARES SIDE"`}},
		{args: "perft -size 6 2", stdout: []string{"12\n"}, stderr: []string{"perft 2: "}},
		{args: "nosuch", code: 2, stderr: []string{`reversi: unknown command "nosuch"`, "usage: reversi [COMMAND]", "  copydb "}},
		{args: "help nosuch", code: 2, stderr: []string{`reversi: unknown command "nosuch"`, "usage: reversi [COMMAND]"}},
		{args: "help perft solve", code: 2, stderr: []string{"usage: reversi [COMMAND]"}},
		// Called wrongly, a command prints its usage and exits with 2,
		// as it always has.
		{args: "perft", code: 2, stderr: []string{"usage: reversi perft"}},
		{args: "solve", code: 2, stderr: []string{`usage: reversi solve "SQUARES SIDE"`}},
		{args: "review", code: 2, stderr: []string{"usage: reversi review"}},
		{args: "gtp extra", code: 2, stderr: []string{"usage: reversi gtp"}},
		{args: "loadtest", code: 2, stderr: []string{"usage: reversi loadtest -url URL"}},
		// Only flags: they are the server's; this one is not, so serve
		// stops before opening anything, as it always has.
		{args: "-no-such-flag", code: 1, stderr: []string{"usage: reversi [serve] [flags]", "reversi serve: flag provided but not defined: -no-such-flag"}},
		{args: "perft -size 7 1", code: 1, stderr: []string{"reversi perft: "}},
	}
	for _, tt := range tests {
		t.Run(tt.args, func(t *testing.T) {
			t.Parallel() // each runs a process of its own
			stdout, stderr, code := runMain(t, tt.args)
			if code != tt.code {
				t.Errorf("reversi %s: exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", tt.args, code, tt.code, stdout, stderr)
			}
			if tt.list {
				listed(t, stdout)
				if stderr != "" {
					t.Errorf("reversi %s: standard error %q, want nothing", tt.args, stderr)
				}
			}
			for _, want := range tt.stdout {
				if !strings.Contains(stdout, want) {
					t.Errorf("reversi %s: no %q in standard output:\n%s", tt.args, want, stdout)
				}
			}
			for _, want := range tt.stderr {
				if !strings.Contains(stderr, want) {
					t.Errorf("reversi %s: no %q in standard error:\n%s", tt.args, want, stderr)
				}
			}
		})
	}
	if _, stderr, _ := runMain(t, "nosuch"); !strings.Contains(stderr, "Commands:") {
		t.Errorf("an unknown command lists no commands:\n%s", stderr)
	} else {
		listed(t, stderr)
	}
}

// TestEveryCommandHelps checks that each command of the table prints its
// own usage and flags, and exits with 0, both for `help CMD` and for
// `CMD -h`, and runs nothing else.
func TestEveryCommandHelps(t *testing.T) {
	for _, c := range commands {
		for _, args := range []string{"help " + c.name, c.name + " -h"} {
			t.Run(args, func(t *testing.T) {
				t.Parallel() // each runs a process of its own
				stdout, stderr, code := runMain(t, args)
				if code != 0 {
					t.Errorf("reversi %s: exit status %d, want 0\n%s", args, code, stderr)
				}
				name := c.name
				if name == "serve" {
					name = "[serve]"
				}
				if !strings.Contains(stderr, "usage: reversi "+name) {
					t.Errorf("reversi %s: no usage line in\n%s", args, stderr)
				}
				if stdout != "" {
					t.Errorf("reversi %s: wrote %q to standard output, want nothing", args, stdout)
				}
			})
		}
	}
}

// TestCommandTable checks the table: names unique, and each with an entry
// point and a summary of one short line, which help lists.
func TestCommandTable(t *testing.T) {
	seen := map[string]bool{"help": true}
	for _, c := range commands {
		if c.name == "" || strings.ContainsAny(c.name, " -") || seen[c.name] {
			t.Errorf("command %q: want a new name without spaces or dashes", c.name)
		}
		seen[c.name] = true
		if c.run == nil {
			t.Errorf("command %s has no entry point", c.name)
		}
		if s := c.summary; strings.TrimSpace(s) == "" || strings.ContainsAny(s, "\n\r") || utf8.RuneCountInString(s) > 66 {
			t.Errorf("command %s: summary %q, want one line of 66 characters at most", c.name, s)
		}
	}
	if commands[0].name != "serve" {
		t.Errorf("the first command is %s, want serve, the default", commands[0].name)
	}
	var out bytes.Buffer
	usage(&out)
	listed(t, out.String())
	for line := range strings.Lines(out.String()) {
		if n := utf8.RuneCountInString(strings.TrimRight(line, "\n")); n > 80 {
			t.Errorf("help line of %d characters, want 80 at most: %q", n, line)
		}
	}
}
