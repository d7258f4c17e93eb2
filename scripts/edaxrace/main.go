// Command edaxrace races our solver against Edax on the endgames of
// ai/testdata/edax-race.txt, as docs/measurements.md measures it: each
// position solved by Edax and by each of our builds in turn, the order
// rotating from one position to the next so that the machine's drift
// falls on all of them, each process pinned to one core, its user CPU
// time taken. It prints a line per position and, per set of positions
// (the suite's 40–44, r, m and b), each build's time and its ratio to
// Edax's. A score that differs from Edax's is an error.
//
//	edaxrace -edax /tmp/edax/bin/lEdax-x86-64-v3 \
//	    -ours asm=/tmp/reversi \
//	    -ours avx2=/tmp/reversi:GODEBUG=cpu.avx512f=off \
//	    -ours go=/tmp/reversi-go
//
// Edax runs from the directory above its binary's (where its data/ is),
// with a blank evaluation file (-eval, relative to that directory), no
// book and 2^22 hash entries; ours runs as `reversi solve` with
// GOMAXPROCS=1. Building Edax: docs/measurements.md, "The solver against
// Edax".
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// build is one of our binaries, with the environment it runs in.
type build struct {
	name, path string
	env        []string
}

// builds collects the -ours flags: NAME=PATH[:VAR=VALUE...].
type builds []build

func (b *builds) String() string { return fmt.Sprint(*b) }

func (b *builds) Set(s string) error {
	name, rest, ok := strings.Cut(s, "=")
	if !ok || name == "" || rest == "" {
		return fmt.Errorf("%q: want NAME=PATH[:VAR=VALUE...]", s)
	}
	parts := strings.Split(rest, ":")
	for _, e := range parts[1:] {
		if k, _, ok := strings.Cut(e, "="); !ok || k == "" {
			return fmt.Errorf("%q: %q is not VAR=VALUE", s, e)
		}
	}
	*b = append(*b, build{name: name, path: parts[0], env: parts[1:]})
	return nil
}

// position is one line of the positions file.
type position struct {
	id, squares, side string
}

// readPositions reads "id squares side" lines, skipping blank lines and
// comments (#), keeping those whose id starts with prefix.
func readPositions(r io.Reader, prefix string) ([]position, error) {
	var out []position
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 || len(f[1]) != 64 || (f[2] != "X" && f[2] != "O") {
			return nil, fmt.Errorf("line %d: want an id, 64 squares and X or O", n)
		}
		if strings.HasPrefix(f[0], prefix) {
			out = append(out, position{f[0], f[1], f[2]})
		}
	}
	return out, sc.Err()
}

// set names the set a position belongs to: its id's letters, or "suite"
// for the suite's numbered positions.
func set(id string) string {
	letters := strings.TrimRight(id, "0123456789")
	if letters == "" {
		return "suite"
	}
	return letters
}

var (
	// Edax's result line: "  1|   22   +20   0:03.059 ...".
	edaxScore = regexp.MustCompile(`(?m)^\s*1\|\s*\d+\s+([-+]\d+)\s`)
	// Our last line: "score +20 move h3".
	ourScore = regexp.MustCompile(`(?m)^score ([-+]\d+) move \S+\s*\z`)
)

// parseScore returns the score re finds in out, as "+20", "-4" or "+0".
func parseScore(re *regexp.Regexp, out string) (string, error) {
	m := re.FindStringSubmatch(out)
	if m == nil {
		return "", errors.New("no score in the output")
	}
	s := strings.TrimLeft(m[1][1:], "0")
	if s == "" {
		return "+0", nil
	}
	return m[1][:1] + s, nil
}

// run runs cmd pinned to core (if taskset is there and core >= 0) and
// returns its output and user CPU time.
func run(cmd *exec.Cmd, core int) (string, time.Duration, error) {
	if core >= 0 {
		if ts, err := exec.LookPath("taskset"); err == nil {
			cmd.Args = append([]string{ts, "-c", fmt.Sprint(core)}, cmd.Args...)
			cmd.Path = ts
		}
	}
	out, err := cmd.Output()
	if err != nil {
		return "", 0, fmt.Errorf("%s: %w", strings.Join(cmd.Args, " "), err)
	}
	return string(out), cmd.ProcessState.UserTime(), nil
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("edaxrace: ")
	var ours builds
	edax := flag.String("edax", "", "Edax's binary (its data/ one directory up)")
	eval := flag.String("eval", "data/eval.dat", "Edax's evaluation file, relative to the directory above its binary's: a blank one for the race")
	posFile := flag.String("positions", "ai/testdata/edax-race.txt", "the positions, \"id squares side\" a line")
	only := flag.String("only", "", "race only the positions whose ids start with this")
	core := flag.Int("core", 0, "the core every process is pinned to (with taskset); -1 for none")
	flag.Var(&ours, "ours", "one of our builds, NAME=PATH[:VAR=VALUE...] (repeat for several)")
	flag.Parse()
	if *edax == "" || len(ours) == 0 {
		log.Fatal("need -edax and at least one -ours")
	}
	f, err := os.Open(*posFile)
	if err != nil {
		log.Fatal(err)
	}
	positions, err := readPositions(f, *only)
	f.Close()
	if err != nil {
		log.Fatalf("%s: %v", *posFile, err)
	}
	if len(positions) == 0 {
		log.Fatalf("%s: no position with an id starting %q", *posFile, *only)
	}
	edaxDir := filepath.Dir(filepath.Dir(*edax))
	obf, err := os.CreateTemp("", "edaxrace-*.obf")
	if err != nil {
		log.Fatal(err)
	}
	defer os.Remove(obf.Name())
	obf.Close()

	// Column 0 is Edax, then ours in the order given.
	names := []string{"edax"}
	for _, b := range ours {
		names = append(names, b.name)
	}
	totals := map[string][]time.Duration{"all": make([]time.Duration, len(names))}
	var sets []string
	for i, p := range positions {
		if err := os.WriteFile(obf.Name(), []byte(p.squares+" "+p.side+";\n"), 0o644); err != nil {
			log.Fatal(err)
		}
		took := make([]time.Duration, len(names))
		scores := make([]string, len(names))
		for k := range names {
			j := (i + k) % len(names)
			var cmd *exec.Cmd
			re := ourScore
			if j == 0 {
				cmd = exec.Command(*edax, "-solve", obf.Name(), "-n", "1", "-eval-file", *eval, "-book-usage", "off", "-h", "22")
				cmd.Dir = edaxDir
				re = edaxScore
			} else {
				b := ours[j-1]
				cmd = exec.Command(b.path, "solve", p.squares+" "+p.side)
				cmd.Env = append(append(os.Environ(), "GOMAXPROCS=1"), b.env...)
			}
			out, t, err := run(cmd, *core)
			if err != nil {
				log.Fatalf("%s: %v", p.id, err)
			}
			if scores[j], err = parseScore(re, out); err != nil {
				log.Fatalf("%s, %s: %v", p.id, names[j], err)
			}
			took[j] = t
		}
		line := fmt.Sprintf("%-4s %4s", p.id, scores[0])
		for j, n := range names {
			if scores[j] != scores[0] {
				log.Fatalf("%s: %s scores %s, Edax %s", p.id, n, scores[j], scores[0])
			}
			line += fmt.Sprintf("  %s %7.2f s", n, took[j].Seconds())
		}
		fmt.Println(line)
		s := set(p.id)
		if totals[s] == nil {
			sets = append(sets, s)
			totals[s] = make([]time.Duration, len(names))
		}
		for j := range names {
			totals[s][j] += took[j]
			totals["all"][j] += took[j]
		}
	}
	for _, s := range append(sets, "all") {
		fmt.Print(summary(s, names, totals[s]))
	}
}

// summary is a set's line: each build's total and its ratio to Edax's.
func summary(set string, names []string, t []time.Duration) string {
	line := fmt.Sprintf("%-5s edax %7.1f s", set, t[0].Seconds())
	for j := 1; j < len(names); j++ {
		line += fmt.Sprintf("  %s %7.1f s %.2f", names[j], t[j].Seconds(), t[j].Seconds()/t[0].Seconds())
	}
	return line + "\n"
}
