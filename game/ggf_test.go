package game

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestRecordRoundTrips(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	rng := rand.New(rand.NewPCG(15, 1))
	passes := 0
	for _, size := range Sizes() {
		for _, start := range []Start{Cross, Parallel, Free, Setup} {
			for i := range games {
				o := Options{Size: size, Start: start}
				if start == Setup {
					o = setupOptions(t, rng, size)
				}
				plies := 1000
				if i%3 == 0 {
					plies = rng.IntN(size * size)
				}
				g := randomGame(t, rng, o, plies)
				passes += strings.Count(strings.Join(plyNames(g), " "), "pass")
				b, err := g.Board()
				if err != nil {
					t.Fatal(err)
				}

				tr := g.Transcript()
				back, err := ParseTranscript(o, tr)
				if err != nil {
					t.Fatalf("%v game %d: ParseTranscript(%q): %v", o, i, tr, err)
				}
				if want := trimPass(g.Plies); !slices.Equal(back.Plies, want) {
					t.Fatalf("%v game %d: ParseTranscript(%q) plies %v, want %v", o, i, tr, plyNames(back), plyNames(&Game{Options: o, Plies: want}))
				}
				if b.Over() && start != Setup {
					rec, err := ParseRecord(tr)
					if err != nil {
						t.Fatalf("%v game %d: ParseRecord(%q): %v", o, i, tr, err)
					}
					if rec.Game.Options != o || !slices.Equal(rec.Game.Plies, g.Plies) || rec.Result != GGFResult(b) {
						t.Fatalf("%v game %d: ParseRecord(%q) = %v %v %s, want %v %v %s", o, i, tr,
							rec.Game.Options, plyNames(&rec.Game), rec.Result, o, plyNames(g), GGFResult(b))
					}
				}

				r := &Record{Game: *g, Place: "here", Date: "2026.12.01_01:30:00.UTC",
					Black: "Ann [left]", White: `B\ob`, Result: GGFResult(b), Time: "0"}
				text, err := r.GGF()
				if err != nil {
					t.Fatal(err)
				}
				got, err := ParseGGF(text)
				if err != nil {
					t.Fatalf("%v game %d: ParseGGF(%q): %v", o, i, text, err)
				}
				if !equalRecords(got, r) {
					t.Fatalf("%v game %d: ParseGGF(%q) = %+v, want %+v", o, i, text, got, r)
				}
			}
		}
	}
	if passes == 0 {
		t.Errorf("no random game had a pass")
	}
}

// setupOptions returns a Setup start: a position a random number of plies
// into a random game on a size×size board, not over, either side to move.
func setupOptions(t *testing.T, rng *rand.Rand, size int) Options {
	t.Helper()
	for {
		g := randomGame(t, rng, Options{Size: size, Start: Start(rng.IntN(3))}, 5+rng.IntN(size*size/2))
		b, err := g.Board()
		if err != nil {
			t.Fatal(err)
		}
		if b.Over() {
			continue
		}
		o, err := OptionsFrom(b)
		if err != nil || o.Start != Setup {
			t.Fatalf("OptionsFrom(%s) = %v, %v, want a setup start", b.Line(), o, err)
		}
		return o
	}
}

// plyNames returns the names of g's plies.
func plyNames(g *Game) []string {
	var out []string
	for _, m := range g.Plies {
		out = append(out, m.Name(g.Options.Size))
	}
	return out
}

func equalRecords(a, b *Record) bool {
	return a.Game.Options == b.Game.Options && slices.Equal(a.Game.Plies, b.Game.Plies) &&
		a.Place == b.Place && a.Date == b.Date && a.Black == b.Black && a.White == b.White &&
		a.Result == b.Result && a.Time == b.Time
}

func TestGGF(t *testing.T) {
	g, err := ParseTranscript(Options{Size: 8}, "f5d6c3")
	if err != nil {
		t.Fatal(err)
	}
	r := &Record{Game: *g, Place: "reversi", Date: "2026.12.01_01:30:00.UTC", Black: "you", White: "Hard", Result: "?", Time: "0"}
	got, err := r.GGF()
	if err != nil {
		t.Fatal(err)
	}
	const want = "(;GM[Othello]PC[reversi]DT[2026.12.01_01:30:00.UTC]PB[you]PW[Hard]RE[?]TI[0]TY[8]" +
		"BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6]B[c3];)"
	if got != want {
		t.Errorf("GGF() = %q, want %q", got, want)
	}
}

// The records below are written by hand from the published description of
// GGF (skatgame.net/mburo/ggsa/ggf) and the way the Othello servers and
// engines write it: upper-case squares, evaluations and times after the
// move, ratings, rows of the board setup apart or together.
func TestParseGGFByHand(t *testing.T) {
	const cross8 = "---------------------------O*------*O---------------------------"
	tests := []struct {
		name       string
		in         string
		want       Options
		plies      string // square names, passes as "pass"
		black      string
		white      string
		result     string
		date, time string
	}{
		{
			name: "server game with ratings, evaluations and times",
			in: "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:02.MST]PB[alpha]PW[beta]RB[2100.50]RW[1987.25]" +
				"TI[05:00//02:00]TY[8]RE[+2.000]BO[8 " + cross8 + " *]B[F5//0.01]W[D6/-1.50/3.20]B[C3]W[D3]B[C4];)",
			want: Options{Size: 8, Start: Cross}, plies: "f5 d6 c3 d3 c4",
			black: "alpha", white: "beta", result: "+2.000", date: "2003.12.15_13:24:02.MST", time: "05:00//02:00",
		},
		{
			name: "rows apart, lower case, parallel start, spread over lines",
			in: "(;GM[othello]PB[Ann]PW[Bob]RE[?]TI[0]TY[8]\n" +
				"BO[8 -------- -------- -------- ---OO--- ---**--- -------- -------- -------- *]\n" +
				"B[e3]W[f4];)\n",
			want: Options{Size: 8, Start: Parallel}, plies: "e3 f4", black: "Ann", white: "Bob", result: "?", time: "0",
		},
		{
			name: "6×6 with White's pass written as PA",
			in: "(;GM[Othello]TY[6]BO[6 --------------O*----*O-------------- *]" +
				"B[e4]W[c5]B[b6]W[f4]B[d5]W[c2]B[c1]W[c6]B[e6]W[b1]B[a1]W[b3]B[d6]W[b4]B[f3]W[f5]B[f6]W[PA]B[a2];)",
			want:  Options{Size: 6, Start: Cross},
			plies: "e4 c5 b6 f4 d5 c2 c1 c6 e6 b1 a1 b3 d6 b4 f3 f5 f6 pass a2",
		},
		{
			name: "6×6 with White's pass left out",
			in: "(;GM[Othello]TY[6]BO[6 --------------O*----*O-------------- *]" +
				"B[e4]W[c5]B[b6]W[f4]B[d5]W[c2]B[c1]W[c6]B[e6]W[b1]B[a1]W[b3]B[d6]W[b4]B[f3]W[f5]B[f6]B[a2];)",
			want:  Options{Size: 6, Start: Cross},
			plies: "e4 c5 b6 f4 d5 c2 c1 c6 e6 b1 a1 b3 d6 b4 f3 f5 f6 pass a2",
		},
		{
			name:  "10×10 free placement start",
			in:    "(;GM[Othello]PC[here]TY[10]BO[10 " + strings.Repeat("-", 100) + " *]B[e5]W[f5]B[e6]W[f6]B[g5];)",
			want:  Options{Size: 10, Start: Free},
			plies: "e5 f5 e6 f6 g5",
		},
		{
			name: "a set-up position, White to move",
			in: "(;GM[Othello]PC[GGS/os]TY[8r]BO[8 -------- -------- ---*---- ---**--- ---*O--- -------- -------- -------- O]" +
				"W[c3]B[c4];)",
			want: Options{Size: 8, Start: Setup, Setup: mustLine(t,
				"-------------------X-------XX------XO--------------------------- O")},
			plies: "c3 c4",
		},
		{
			name: "a whole 6×6 game, a random-start type and a trailing comment",
			in: "(;GM[Othello]TY[6r]RE[-14.00]BO[6 --------------O*----*O-------------- *]" +
				"B[d5]W[e5]B[b3]W[b2]B[c2]W[b4]B[a2]W[d6]B[e6]W[a1]B[a4]W[f6]B[d2]W[e2]B[f2]W[a3]" +
				"B[f5]W[f4]B[e4]W[e3]B[f3]W[e1]B[d1]W[c5]B[f1]W[b1]B[a5]W[c1]B[c6]W[b6]B[b5]W[a6]C[well played];)",
			want:   Options{Size: 6, Start: Cross},
			plies:  "d5 e5 b3 b2 c2 b4 a2 d6 e6 a1 a4 f6 d2 e2 f2 a3 f5 f4 e4 e3 f3 e1 d1 c5 f1 b1 a5 c1 c6 b6 b5 a6",
			result: "-14.00",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := ParseGGF(tt.in)
			if err != nil {
				t.Fatalf("ParseGGF: %v", err)
			}
			if r.Game.Options != tt.want {
				t.Errorf("options %v, want %v", r.Game.Options, tt.want)
			}
			if got := strings.Join(plyNames(&r.Game), " "); got != tt.plies {
				t.Errorf("plies %q, want %q", got, tt.plies)
			}
			if r.Black != tt.black || r.White != tt.white || r.Result != tt.result || r.Date != tt.date || r.Time != tt.time {
				t.Errorf("PB %q PW %q RE %q DT %q TI %q, want %q %q %q %q %q",
					r.Black, r.White, r.Result, r.Date, r.Time, tt.black, tt.white, tt.result, tt.date, tt.time)
			}
			if b, _ := r.Game.Board(); b.Over() && GGFResult(b) != tt.result {
				t.Errorf("GGFResult = %q, want %q", GGFResult(b), tt.result)
			}
		})
	}
}

func mustLine(t *testing.T, line string) Board {
	t.Helper()
	b, err := ParseLine(line)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestOptionsFrom(t *testing.T) {
	for _, o := range []Options{{Size: 6, Start: Cross}, {Size: 8, Start: Parallel}, {Size: 10, Start: Free}} {
		b, _ := NewStart(o)
		if got, err := OptionsFrom(b); err != nil || got != o {
			t.Errorf("OptionsFrom(start of %v) = %v, %v", o, got, err)
		}
	}
	b := mustLine(t, strings.Repeat("-", 27)+"OX------XO"+strings.Repeat("-", 27)+" O") // cross, White to move
	if got, err := OptionsFrom(b); err != nil || got.Start != Setup || got.Setup != b {
		t.Errorf("OptionsFrom(%s) = %v, %v, want a setup start", b.Line(), got, err)
	}
	if _, err := OptionsFrom(mustLine(t, strings.Repeat("X", 64)+" O")); err == nil {
		t.Error("OptionsFrom(a finished game): no error")
	}
	for _, bad := range []Options{
		{Size: 8, Start: Setup},
		{Size: 6, Start: Setup, Setup: b},
		{Size: 8, Start: Cross, Setup: b},
		{Size: 8, Start: Setup + 1},
	} {
		if err := bad.Validate(); err == nil {
			t.Errorf("%v.Validate(): no error", bad)
		}
	}
}

func TestParseGGFRejects(t *testing.T) {
	const head = "(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]"
	tests := []struct {
		in      string
		move    int    // the bad move's number, 0 for a record that cannot be read
		reason  Reason // what is wrong
		illegal bool   // wraps ErrIllegalMove
		want    RecordError
	}{
		{head + "B[f5]W[f5];)", 2, SquareTaken, true, RecordError{Text: "W[f5]", Square: SquareAt(8, 5, 4)}},
		{head + "B[f5]W[a1];)", 2, NoFlips, true, RecordError{Text: "W[a1]", Square: SquareAt(8, 0, 0)}},
		{head + "B[f5]B[d6];)", 2, NotTurn, true, RecordError{Text: "B[d6]", Square: SquareAt(8, 3, 5), Side: White}},
		{head + "B[PA];)", 1, PassWithMove, true, RecordError{Text: "B[PA]", Square: Pass, Side: Black}},
		{head + "B[f5]W[z9];)", 2, NotSquare, false, RecordError{Text: "z9", Square: Pass, Size: 8}},
		{"(;GM[Chess]BO[8 " + strings.Repeat("-", 64) + " *];)", 0, NotOthello, false, RecordError{Square: Pass, Value: "Chess"}},
		{"(;GM[Othello]B[f5];)", 0, NoSetup, false, RecordError{Square: Pass}},
		{"(;GM[Othello]BO[8 " + strings.Repeat("*", 64) + " *];)", 0, SetupOver, false, RecordError{Square: Pass}},
		{"(;GM[Othello]BO[9 " + strings.Repeat("-", 81) + " *];)", 0, BadSize, false, RecordError{Square: Pass, Value: "9"}},
		{"(;GM[Othello]BO[8 " + strings.Repeat("-", 63) + " *];)", 0, SquareCount, false, RecordError{Square: Pass, Count: 63, Size: 8}},
		{"(;GM[Othello]BO[8 " + strings.Repeat("-", 63) + "Z *];)", 0, BadDisc, false, RecordError{Square: Pass, Value: "Z"}},
		{"(;GM[Othello]BO[8 " + strings.Repeat("-", 64) + " Y];)", 0, BadSide, false, RecordError{Square: Pass, Value: "Y"}},
		{"(;GM[Othello]BO[8];)", 0, SetupShort, false, RecordError{Square: Pass, Value: "8"}},
		{head[:len(head)-len("TY[8]BO[8 ---------------------------O*------*O--------------------------- *]")] + "TY[6]" + head[len("(;GM[Othello]TY[8]"):] + ";)", 0, TypeMismatch, false, RecordError{Square: Pass, Value: "6", Size: 8}},
		{strings.Replace(head, "TY[8]", "TY[a8]", 1) + ";)", 0, VariantRules, false, RecordError{Square: Pass, Value: "a8"}},
		{head + "BO[8 " + strings.Repeat("-", 64) + " *];)", 0, TwoSetups, false, RecordError{Square: Pass}},
		{"(;GM[Othello]B[f5]BO[8 " + strings.Repeat("-", 64) + " *];)", 0, SetupAfterMoves, false, RecordError{Square: Pass}},
		{head + "B[f5", 0, UnclosedProperty, false, RecordError{Square: Pass, Value: "B"}},
		{head + "B[f5]", 0, NoGGFEnd, false, RecordError{Square: Pass}},
		{head + "B[f5];)(;GM[Othello];)", 0, TextAfterEnd, false, RecordError{Square: Pass}},
		{"GM[Othello]", 0, NoGGFStart, false, RecordError{Square: Pass}},
		{head + "[f5];)", 0, PropertyExpected, false, RecordError{Square: Pass, Value: "[f5];)"}},
		{head + "B[f5]" + strings.Repeat("?", 20) + ";)", 0, PropertyExpected, false, RecordError{Square: Pass, Value: "????????????…"}},
		{"(;" + strings.Repeat(" ", maxGGF) + ";)", 0, TooLong, false, RecordError{Square: Pass, Limit: 64}},
	}
	for _, tt := range tests {
		_, err := ParseGGF(tt.in)
		var re *RecordError
		if !errors.As(err, &re) {
			t.Errorf("ParseGGF(%q) error = %v, want a *RecordError", tt.in, err)
			continue
		}
		want := tt.want
		want.Move, want.Reason, want.Err = tt.move, tt.reason, re.Err
		if *re != want || errors.Is(err, ErrIllegalMove) != tt.illegal {
			t.Errorf("ParseGGF(%.40q) error = %+v, illegal %v; want %+v, illegal %v",
				tt.in, *re, errors.Is(err, ErrIllegalMove), want, tt.illegal)
		}
	}
}

func TestParseRecord(t *testing.T) {
	tests := []struct {
		in     string
		want   Options
		plies  int
		reason Reason // of the error, if any
		move   int    // its move
	}{
		{"f5d6c3d3c4", Options{Size: 8, Start: Cross}, 5, 0, 0},
		{"F5 D6 C3", Options{Size: 8, Start: Cross}, 3, 0, 0},
		{"e3f4", Options{Size: 8, Start: Parallel}, 2, 0, 0},
		{"d4e4d5e5f4", Options{Size: 8, Start: Free}, 5, 0, 0},
		{"c2b2", Options{Size: 6, Start: Cross}, 2, 0, 0},
		{"g6e7", Options{Size: 10, Start: Cross}, 2, 0, 0},
		{"(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[d3];)", Options{Size: 8, Start: Cross}, 1, 0, 0},
		{"f5d6c3d3c4a1", Options{}, 0, NoFlips, 6},
		{"f5d6x9", Options{}, 0, NotSquare, 3},
		{"d4e4d5c3", Options{}, 0, NotCentre, 4},
		{"   ", Options{}, 0, EmptyRecord, 0},
		{strings.Repeat("f5", maxGGF), Options{}, 0, TooLong, 0},
	}
	for _, tt := range tests {
		r, err := ParseRecord(tt.in)
		if tt.reason != Unreadable {
			var re *RecordError
			if !errors.As(err, &re) || re.Reason != tt.reason || re.Move != tt.move {
				t.Errorf("ParseRecord(%.40q) error = %v, want move %d, %v", tt.in, err, tt.move, tt.reason)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseRecord(%q): %v", tt.in, err)
			continue
		}
		if r.Game.Options != tt.want || len(r.Game.Plies) != tt.plies {
			t.Errorf("ParseRecord(%q) = %v with %d plies, want %v with %d", tt.in, r.Game.Options, len(r.Game.Plies), tt.want, tt.plies)
		}
	}
}
