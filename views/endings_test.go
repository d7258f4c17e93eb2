package views

import (
	"testing"

	"reversi/game"
)

func TestEndingWords(t *testing.T) {
	for _, tc := range []struct {
		lang                   string
		you                    game.Color
		end                    Ending
		next, winner, recorded string
	}{
		{"en", game.White, Ending{OnTime: game.Black}, "the game is over: Black lost on time", "White",
			"Black lost on time: White wins, 64 to 0 by the tournament score."},
		{"en", game.Black, Ending{OnTime: game.Black}, "the game is over: you lost on time", "White", ""},
		{"fr", game.White, Ending{OnTime: game.Black}, "la partie est terminée\u00a0: Noir a perdu au temps", "Blanc",
			"Noir a perdu au temps\u00a0: Blanc gagne 64 à 0 au score de tournoi."},
		{"ja", game.White, Ending{OnTime: game.Black}, "対局終了：黒の時間切れ負けです", "白",
			"黒の時間切れ負け：トーナメントスコアで白の勝ち（64対0）。"},
		{"en", game.White, Ending{Aborted: true}, "the game is over: the game was aborted, as a side did not make its first move within a minute: no result",
			"Nobody: the game was aborted", "The game was aborted: a side did not make its first move within a minute. No result."},
	} {
		l := Lookup(tc.lang, "")
		b, _ := game.NewStart(game.Options{Size: 8, Start: game.Cross})
		if got := l.Say((Voice{You: tc.you}).Next(b, tc.end)); got != tc.next {
			t.Errorf("%s: the status %q, want %q", tc.lang, got, tc.next)
		}
		if got := l.Say(Winner(OpponentOnline, tc.you, tc.end)); got != tc.winner {
			t.Errorf("%s: the winner %q, want %q", tc.lang, got, tc.winner)
		}
		if tc.recorded == "" {
			continue
		}
		end := RecordEnd{OnTime: tc.end.OnTime, Aborted: tc.end.Aborted}
		if got := l.Say(end.Say(8)); got != tc.recorded {
			t.Errorf("%s: the record's end %q, want %q", tc.lang, got, tc.recorded)
		}
	}
	if got := TranscriptEnd(English(), RecordEnd{OnTime: game.White}, 6); got != "# White lost on time: Black wins, 36 to 0 by the tournament score.\n" {
		t.Errorf("the transcript's end %q", got)
	}
}
