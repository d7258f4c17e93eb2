package game

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func FuzzParseLine(f *testing.F) {
	f.Add("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")
	f.Add(strings.Repeat("-", 36) + " O")
	f.Add(strings.Repeat("x.", 50) + " o")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseLine(s)
		if err != nil {
			return
		}
		back, err := ParseLine(b.Line())
		if err != nil || back != b {
			t.Fatalf("ParseLine(%q) = %v; its Line %q reads back as %v, %v", s, b, b.Line(), back, err)
		}
	})
}

func FuzzParseBoard(f *testing.F) {
	f.Add("--------\n--------\n--------\n---OX---\n---XO---\n--------\n--------\n--------\nX")
	f.Add("------\n------\n--OX--\n--XO--\n------\n------\nO")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBoard(s)
		if err != nil {
			return
		}
		back, err := ParseBoard(b.String())
		if err != nil || back != b {
			t.Fatalf("ParseBoard(%q) = %v; its String reads back as %v, %v", s, b, back, err)
		}
	})
}

func FuzzParseSquare(f *testing.F) {
	for _, s := range []string{"a1", "H8", "j10", "a0", "pass", "f-1"} {
		f.Add(8, s)
	}
	f.Fuzz(func(t *testing.T, size int, s string) {
		sq, err := ParseSquare(size, s)
		if err != nil {
			return
		}
		if got := sq.Name(size); got != strings.ToLower(s) {
			t.Fatalf("ParseSquare(%d, %q) = %d, whose name is %q", size, s, sq, got)
		}
	})
}

func FuzzParseTranscript(f *testing.F) {
	f.Add(8, uint8(0), "f5d6c3d3c4")
	f.Add(6, uint8(1), "c2b2")
	f.Add(10, uint8(2), "e5f6e6f5")
	f.Add(8, uint8(0), "1. f5 d6 2. c3 d3 3. c4")
	f.Add(8, uint8(0), "F5-D6-C3-D3-C4 # a comment")
	f.Add(8, uint8(0), "f5, d6, c3 2... pass --")
	f.Fuzz(func(t *testing.T, size int, start uint8, s string) {
		o := Options{Size: size, Start: Start(start % 3)}
		g, err := ParseTranscript(o, s)
		if err != nil {
			var re *RecordError
			if !errors.As(err, &re) || (re.Move > 0) != (re.Reason >= NotSquare && re.Reason <= NotTurn) {
				if o.Validate() == nil {
					t.Fatalf("ParseTranscript(%q) error %+v is not a well-formed *RecordError", s, err)
				}
			}
			return
		}
		// The squares written, in order, are the game's.
		var squares strings.Builder
		for _, tok := range transcriptTokens(s) {
			if tok != "--" && !strings.EqualFold(tok, "pass") && !strings.EqualFold(tok, "pa") {
				squares.WriteString(strings.ToLower(tok))
			}
		}
		if got := g.Transcript(); got != squares.String() {
			t.Fatalf("ParseTranscript(%q).Transcript() = %q, want %q", s, got, squares.String())
		}
		back, err := ParseTranscript(o, g.Transcript())
		if err != nil || !slices.Equal(trimPass(back.Plies), trimPass(g.Plies)) {
			t.Fatalf("ParseTranscript(%q) = %v; its transcript reads back as %v, %v", s, g.Plies, back, err)
		}
	})
}

// FuzzPlay plays the moves that the fuzzer's bytes pick and checks the
// invariants of every move: no square holds both colours, each placement
// adds exactly one disc, the mover gains the flips plus one and the other
// side loses the flips.
func FuzzPlay(f *testing.F) {
	f.Add(8, uint8(0), []byte{0, 1, 2, 3, 4, 5, 6, 7})
	f.Add(6, uint8(2), []byte{9, 9, 9, 9, 9, 9})
	f.Add(10, uint8(1), []byte{200, 13, 7})
	f.Fuzz(func(t *testing.T, size int, start uint8, picks []byte) {
		b, err := NewStart(Options{Size: size, Start: Start(start % 3)})
		if err != nil {
			return
		}
		for _, pick := range picks {
			if b.Over() {
				return
			}
			m := Pass
			if moves := b.Moves().Squares(); len(moves) > 0 {
				m = moves[int(pick)%len(moves)]
			}
			next, flips, err := b.Play(m)
			if err != nil {
				t.Fatalf("Play(%s) of a legal move: %v\n%v", m.Name(size), err, b)
			}
			me, them := b.Turn(), b.Turn().Opponent()
			switch {
			case !next.Discs(Black).And(next.Discs(White)).IsZero():
				t.Fatalf("after %s a square holds both colours\n%v", m.Name(size), next)
			case m == Pass && (next.Discs(Black) != b.Discs(Black) || next.Discs(White) != b.Discs(White)):
				t.Fatalf("a pass changed the discs\n%v", next)
			case m != Pass && next.Count(Empty) != b.Count(Empty)-1:
				t.Fatalf("after %s empties = %d, want %d", m.Name(size), next.Count(Empty), b.Count(Empty)-1)
			case m != Pass && next.Count(me) != b.Count(me)+flips.Count()+1:
				t.Fatalf("after %s the mover has %d, want %d", m.Name(size), next.Count(me), b.Count(me)+flips.Count()+1)
			case next.Count(them) != b.Count(them)-flips.Count():
				t.Fatalf("after %s the other side has %d, want %d", m.Name(size), next.Count(them), b.Count(them)-flips.Count())
			case m != Pass && !b.Placing() && flips.IsZero():
				t.Fatalf("%s flipped nothing", m.Name(size))
			}
			b = next
		}
	})
}

// FuzzParseGGF reads any text as GGF: it must never panic, and a record it
// accepts must write itself out and read back the same.
func FuzzParseGGF(f *testing.F) {
	f.Add("(;GM[Othello]PC[GGS/os]PB[a]PW[b]RE[+2.000]TI[05:00//02:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5//0.01]W[d6/-1.5/3];)")
	f.Add("(;GM[Othello]TY[6]BO[6 --------------O*----*O-------------- *]B[e4]W[c5]B[b6]W[f4]B[d5]W[c2]B[c1]W[c6]B[e6]W[b1]B[a1]W[b3]B[d6]W[b4]B[f3]W[f5]B[f6]W[PA]B[a2];)")
	f.Add("(;GM[Othello]TY[10]BO[10 " + strings.Repeat("-", 100) + " *]B[e5]W[f5]B[e6]W[f6]B[g5]C[\\]];)")
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseGGF(s)
		if err != nil {
			var re *RecordError
			if !errors.As(err, &re) || !wellFormed(re) {
				t.Fatalf("ParseGGF(%q) error %+v is not a well-formed *RecordError", s, err)
			}
			return
		}
		text, err := r.GGF()
		if err != nil {
			t.Fatalf("ParseGGF(%q) gave a record that GGF refuses: %v", s, err)
		}
		back, err := ParseGGF(text)
		if err != nil || !equalRecords(back, r) {
			t.Fatalf("ParseGGF(%q) = %+v; its GGF %q reads back as %+v, %v", s, r, text, back, err)
		}
	})
}

// FuzzParseRecord reads any text as a transcript or GGF: it must never
// panic, and a game it accepts must give the same game from its transcript.
func FuzzParseRecord(f *testing.F) {
	for _, s := range []string{"f5d6c3d3c4", "c2b2", "g6e7", "d4e4d5e5f4", "F5 D6 x9", "(;GM[Othello];)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRecord(s)
		if err != nil {
			var re *RecordError
			if !errors.As(err, &re) || !wellFormed(re) {
				t.Fatalf("ParseRecord(%q) error %+v is not a well-formed *RecordError", s, err)
			}
			return
		}
		tr := r.Game.Transcript()
		back, err := ParseTranscript(r.Game.Options, tr)
		if err != nil || !slices.Equal(back.Plies, trimPass(r.Game.Plies)) {
			t.Fatalf("ParseRecord(%q) = %v; its transcript %q reads back as %v, %v", s, r.Game.Plies, tr, back, err)
		}
	})
}

// wellFormed reports whether e has a reason that the views can put in
// words: a known one other than Unreadable (every error has a precise
// reason), with a move number exactly when it is about a move.
func wellFormed(e *RecordError) bool {
	move := e.Reason >= NotSquare && e.Reason <= NotTurn
	return e.Reason != Unreadable && !strings.HasPrefix(e.Reason.String(), "Reason(") && (e.Move > 0) == move && e.Err != nil
}
