package handlers

import (
	"net/http"
	"regexp"
	"testing"
)

// TestTextBrowserRatings reads a profile and the list of the best in
// w3m after one rated game: the rating with its deviation, the counts,
// the graph's table, the recent game and its links; the list's rows.
func TestTextBrowserRatings(t *testing.T) {
	w3mPath(t)
	ts, _ := onlineServer(t, nil)
	a, _, _ := ratedGame(t, ts.URL, "Challenger", "Acceptor")
	profile := dumpW3m(t, a.want(a.get("/players/Acceptor"), http.StatusOK, "the profile").body)
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`Rating 1662\?, deviation 290 \(provisional`),
		regexp.MustCompile(`1 game: 1 won, 0 lost, 0 drawn`),
		regexp.MustCompile(`(?m)^\s*1\s+\d{4}-\d\d-\d\d\s+1662\s*$`),
		regexp.MustCompile(`won against Challenger \(1500\), \+162 \(1662\)\. game · replay · review`),
	} {
		if !want.MatchString(profile) {
			t.Errorf("w3m's profile shows no %q:\n%s", want, profile)
		}
	}
	list := dumpW3m(t, a.want(a.get("/players"), http.StatusOK, "the list").body)
	row := regexp.MustCompile(`(?s)\n\s*Acceptor\s+1662\?\s+1\s*\n\s*Challenger\s+1338\?\s+1\s*\n`)
	if !row.MatchString(list) {
		t.Errorf("w3m's list shows no rows of Acceptor then Challenger:\n%s", list)
	}
}
