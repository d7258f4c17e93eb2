package views

import (
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// The words a player reads are in views/ alone: game/ (the rules) and the
// application return typed values, and views/ words them, so that a
// translation touches views/ and nothing else. TestNoWordsOutsideViews
// holds the application's Go to that.

// wordRoots are the directories, from the repository's root, whose Go may
// hold no player-facing English. Those that do not exist are skipped. The
// command line (cli/) is not among them: its usage and reports are for
// operators and developers, in English.
var wordRoots = []string{"handlers", "game", "play"}

// allowedWords were the sentences still in handlers/ when the rule came,
// file by file, exactly as written; they have all moved to views/. The
// list must stay empty: it is kept, with its check that each entry still
// exists, only so that the test's machinery stays tested.
var allowedWords = map[string][]string{}

func TestNoWordsOutsideViews(t *testing.T) {
	left := map[string]map[string]bool{}
	for file, lits := range allowedWords {
		if !strings.HasPrefix(file, "handlers/") {
			t.Errorf("allowlist names %s: only handlers/ may have sentences left, and only those it has", file)
		}
		left[file] = map[string]bool{}
		for _, s := range lits {
			left[file][s] = true
		}
	}
	fset := token.NewFileSet()
	for _, root := range wordRoots {
		dir := filepath.Join("..", root)
		if _, err := os.Stat(dir); os.IsNotExist(err) {
			continue
		}
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution|parser.ParseComments)
			if err != nil {
				return err
			}
			if ignored(f) {
				return nil // a generator, run by hand: no part of the program
			}
			rel, _ := filepath.Rel("..", path)
			rel = filepath.ToSlash(rel)
			for _, w := range playerWords(fset, f) {
				if allowed, ok := left[rel]; ok {
					if _, ok := allowed[w.text]; ok {
						allowed[w.text] = false
						continue
					}
				}
				t.Errorf("%s:%d: %q reads like words for a player; return a value and word it in views/", rel, w.line, w.text)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for file, lits := range left {
		for s, unseen := range lits {
			if unseen {
				t.Errorf("%s no longer holds %q: remove it from allowedWords", file, s)
			}
		}
	}
}

// ignored reports whether f's build constraint is "ignore", as a
// generator's is.
func ignored(f *ast.File) bool {
	for _, g := range f.Comments {
		if g.Pos() > f.Package {
			break
		}
		for _, c := range g.List {
			if x, err := constraint.Parse(c.Text); err == nil && !x.Eval(func(tag string) bool { return tag != "ignore" }) {
				return true
			}
		}
	}
	return false
}

// A phrase is a string literal that reads like words for a player.
type phrase struct {
	line int
	text string
}

var threeWords = regexp.MustCompile(`\pL+ \pL+ \pL+`)

// speech reports whether s reads like words for a player: three words of
// letters in a row, and a capital first letter or a full stop, !, ? or :
// at the end (spaces aside), or a space at either end, as in a piece of a
// sentence joined with +: " is a legal move, but it turns over ".
func speech(s string) bool {
	if !threeWords.MatchString(s) {
		return false
	}
	if strings.HasPrefix(s, " ") || strings.HasSuffix(s, " ") {
		return true
	}
	s = strings.TrimSpace(s)
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	return unicode.IsUpper(first) || strings.ContainsRune(".!?:", last)
}

// logMethods are the methods whose arguments go to a log, on any
// receiver: slog's and testing's.
var logMethods = map[string]bool{
	"Info": true, "Warn": true, "Error": true, "Debug": true, "Log": true,
	"InfoContext": true, "WarnContext": true, "ErrorContext": true, "DebugContext": true, "LogAttrs": true,
}

// playerWords returns the string literals of f that read like words for a
// player, leaving out import paths, struct tags, the arguments of log
// calls (the methods above, and any function of package log) and the Go
// error strings of errors.New and fmt.Errorf, which do not start with a
// capital letter ("square %q: …", "%w: %s is taken").
func playerWords(fset *token.FileSet, f *ast.File) []phrase {
	skip := map[*ast.BasicLit]bool{}
	skipAll := func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok {
				skip[lit] = true
			}
			return true
		})
	}
	var out []phrase
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ImportSpec:
			return false
		case *ast.Field:
			if n.Tag != nil {
				skip[n.Tag] = true
			}
		case *ast.CallExpr:
			sel, ok := n.Fun.(*ast.SelectorExpr)
			if !ok {
				break
			}
			pkg, _ := sel.X.(*ast.Ident)
			switch {
			case logMethods[sel.Sel.Name], pkg != nil && pkg.Name == "log":
				for _, a := range n.Args {
					skipAll(a)
				}
			case pkg != nil && (pkg.Name == "errors" && sel.Sel.Name == "New" || pkg.Name == "fmt" && sel.Sel.Name == "Errorf"):
				for _, a := range n.Args {
					for _, lit := range concatenated(a) {
						if s, err := strconv.Unquote(lit.Value); err == nil && !startsUpper(s) {
							skip[lit] = true
						}
					}
				}
			}
		case *ast.BasicLit:
			if n.Kind != token.STRING || skip[n] {
				break
			}
			if s, err := strconv.Unquote(n.Value); err == nil && speech(s) {
				out = append(out, phrase{fset.Position(n.Pos()).Line, s})
			}
		}
		return true
	})
	return out
}

// concatenated returns the string literals that e joins with +.
func concatenated(e ast.Expr) []*ast.BasicLit {
	switch e := e.(type) {
	case *ast.BasicLit:
		return []*ast.BasicLit{e}
	case *ast.ParenExpr:
		return concatenated(e.X)
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			return append(concatenated(e.X), concatenated(e.Y)...)
		}
	}
	return nil
}

func startsUpper(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r)
}

// TestPlayerWords checks the detector on small sources: what it must flag
// and what it must leave alone.
func TestPlayerWords(t *testing.T) {
	const src = `package p

import "reversi/game/some path"

type T struct {
	A int ` + "`json:\"a\" help:\"Set the thing up.\"`" + `
}

func f(page *Page, log *slog.Logger, err error) error {
	page.Status = "Taken back: the board is as it was"
	page.Other = "the board is ready."
	log.Info("Starting the server now.", "why", "Because it was asked.")
	slog.Warn("request failed", "err", fmt.Sprintf("The store said no: %v", err))
	lg.Printf("Serving on this port: %d", 80)
	stdlog.Fatal("Cannot open the database.")
	_ = fmt.Errorf("ply %d: it is not a move here", 3)
	_ = errors.New("the record " + "is not a game: ")
	_ = errors.New("Capitalised errors are words too.")
	_ = []string{"f5 d6 c3", "not a sentence here", "Two words", "a1 b2 c3 d4."}
	_ = name + " is a legal move, but it turns over " + them
	_ = fmt.Sprintf("%d games started, %d finished\n", 3, 1)
	return fmt.Errorf("%w: the square is taken", err)
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range playerWords(fset, f) {
		got = append(got, w.text)
	}
	want := []string{
		"Taken back: the board is as it was",
		"the board is ready.",
		"Serving on this port: %d",
		"Cannot open the database.",
		"Capitalised errors are words too.",
		" is a legal move, but it turns over ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("flagged:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
