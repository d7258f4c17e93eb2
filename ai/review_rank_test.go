package ai

import "testing"

// TestRankMistakesExactFirst: the game had estimated losses of 108,
// 48 and 45 discs ahead of an exact 24; an exact mistake now comes before
// an estimate of similar size, and an estimate is stated at most at the cap.
func TestRankMistakesExactFirst(t *testing.T) {
	ms := []MoveReview{
		{Number: 20, BestValue: 32, PlayedValue: -64},
		{Number: 23, BestValue: 64, PlayedValue: 16},
		{Number: 30, BestValue: 30, PlayedValue: 10},
		{Number: 50, BestValue: 22, PlayedValue: -2, Exact: true},
		{Number: 57, BestValue: 8, PlayedValue: -8, Exact: true},
	}
	got := RankMistakes(ms, 3)
	if len(got) != 3 || got[0].Number != 50 || got[1].Number != 20 || got[2].Number != 23 {
		t.Errorf("RankMistakes = %+v, want 50 first, then the capped estimates in order", got)
	}
	if l, capped := ms[0].ShownLoss(8); l != EstimatedLossCap(8) || !capped {
		t.Errorf("ShownLoss of an estimated 96 = %d, %v; want the cap", l, capped)
	}
	if l, capped := ms[3].ShownLoss(8); l != 24 || capped {
		t.Errorf("ShownLoss of an exact 24 = %d, %v", l, capped)
	}
	// Exact before an estimate of similar size.
	if got := RankMistakes([]MoveReview{{Number: 1, BestValue: 20}, {Number: 2, BestValue: 16, Exact: true}}, 2); got[0].Number != 2 {
		t.Errorf("an estimated 20 ranks before an exact 16")
	}
}

func TestClamped(t *testing.T) {
	m := MoveReview{BestValue: 81, PlayedValue: -76}.Clamped(8)
	if m.BestValue != 64 || m.PlayedValue != -64 {
		t.Errorf("Clamped = %+v", m)
	}
	if m := (MoveReview{BestValue: 40, PlayedValue: -40}).Clamped(6); m.BestValue != 36 || m.PlayedValue != -36 {
		t.Errorf("Clamped on 6×6 = %+v", m)
	}
}
