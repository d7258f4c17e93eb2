package loadtest

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Lobby players pair through the lobby's quick pairing, two by two, and
// play clocked games against each other: the one to move posts a move,
// the other waits on the game page's long poll (its "Check for" link), as
// a browser without scripts does. They load what the other players do
// not: the pairing's writes, the clocks on every move, and the waiters.

// The lobby players' request kinds.
const (
	kindQuick      = "lobby quick pairing"
	kindLobbyMove  = "move, lobby clocked game"
	kindLobbyPage  = "lobby game page"
	kindLobbyWait  = "lobby long poll (a wait)"
	lobbyQuickPool = "3+2"
)

var (
	challengeLocation = regexp.MustCompile(`^/lobby/challenges/([A-Za-z0-9_-]+)`)
	// checkLink is the game page's long-poll link, present while the
	// player waits for the other's move.
	checkLink = regexp.MustCompile(`href="(/games/[A-Za-z0-9_-]+\?after=[^"#]+)`)
)

// playLobby pairs and plays clocked games until ctx ends.
func (p *player) playLobby(ctx context.Context) {
	for ctx.Err() == nil {
		id, err := p.quickPair(ctx)
		if err != nil {
			continue
		}
		if p.playClocked(ctx, id) {
			p.st.mu.Lock()
			p.st.Finished++
			p.st.mu.Unlock()
		}
	}
}

// quickPair presses the home page's quick-pairing button and, when nobody
// waited, waits on the waiting page's long poll until someone takes the
// pairing; it returns the game's id.
func (p *player) quickPair(ctx context.Context) (string, error) {
	resp, err := p.post(ctx, kindQuick, "/lobby/quick", url.Values{"clock": {lobbyQuickPool}})
	if err != nil {
		return "", err
	}
	loc := resp.Header.Get("Location")
	for ctx.Err() == nil {
		if m := gameLocation.FindStringSubmatch(loc); resp.StatusCode == http.StatusSeeOther && m != nil {
			p.st.mu.Lock()
			p.st.Games++ // each player counts its side: two a game
			p.st.mu.Unlock()
			return m[1], nil
		}
		m := challengeLocation.FindStringSubmatch(loc)
		if m == nil {
			return "", p.unexpected("quick pairing", resp)
		}
		if resp, err = p.getNoFollow(ctx, kindLobbyWait, m[0]+"?wait=1"); err != nil {
			return "", err
		}
		if resp.StatusCode == http.StatusOK {
			continue // the poll's time passed: wait again
		}
		loc = resp.Header.Get("Location")
	}
	return "", ctx.Err()
}

// playClocked plays random legal moves in lobby game id when it is this
// player's turn and waits on the long poll when it is not, until the game
// ends (it reports true), ctx ends or something goes wrong.
func (p *player) playClocked(ctx context.Context, id string) bool {
	path := "/games/" + id
	body, _, err := p.get(ctx, kindLobbyPage, path)
	if err != nil {
		return false
	}
	for ctx.Err() == nil {
		page := parseGamePage(body)
		if len(page.moves) == 0 {
			m := checkLink.FindSubmatch(body)
			if m == nil {
				return true // nothing to press and nothing to wait for: over
			}
			link := strings.ReplaceAll(string(m[1]), "&amp;", "&")
			if body, _, err = p.getAgain(ctx, kindLobbyWait, link); err != nil {
				return false
			}
			continue
		}
		move := page.moves[p.rng.IntN(len(page.moves))]
		resp, err := p.post(ctx, kindLobbyMove, path+"/moves", url.Values{"move": {move}, "ply": {strconv.Itoa(page.ply)}})
		if err != nil {
			return false
		}
		if resp.StatusCode != http.StatusSeeOther {
			p.unexpected("POST "+path+"/moves "+move, resp)
			return false
		}
		p.st.mu.Lock()
		p.st.Moves++
		p.st.LobbyMoves++
		p.st.mu.Unlock()
		if body, _, err = p.getAgain(ctx, kindLobbyPage, path); err != nil {
			if errors.Is(err, errUnchecked) {
				p.st.mu.Lock()
				p.st.Unchecked++
				p.st.mu.Unlock()
			}
			return false
		}
		if next := parseGamePage(body); next.ply <= page.ply && !bytes.Contains(body, []byte(`class="result"`)) {
			p.st.fail(&p.st.Lost, "lobby game %s: move %s at ply %d was answered, but the page stands at ply %d", id, move, page.ply, next.ply)
			return false
		}
	}
	return false
}

// getNoFollow sends a GET and returns its answer, a redirect included,
// with the body read and dropped, timed as kind.
func (p *player) getNoFollow(ctx context.Context, kind, path string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.cfg.Base+path, nil)
	if err != nil {
		return nil, err
	}
	t0 := time.Now()
	resp, err := p.client.Do(req)
	if err != nil {
		return nil, p.transportError("GET "+path, ctx, err)
	}
	_, err = p.buf.ReadFrom(resp.Body)
	p.buf.Reset()
	resp.Body.Close()
	if err != nil {
		return nil, p.transportError("GET "+path, ctx, err)
	}
	p.st.observe(kind, time.Since(t0))
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusSeeOther {
		return nil, p.unexpected("GET "+path, resp)
	}
	return resp, nil
}
