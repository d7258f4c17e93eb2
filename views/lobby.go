package views

import (
	"errors"
	"strconv"

	"reversi/club"
	"reversi/game"
	"reversi/play"
)

// The lobby's pages: the lobby itself, a challenge's waiting page, and the
// player's own page, where they choose a name.
const (
	LobbyName   = "lobby"
	WaitingName = "waiting"
	PlayerName  = "player"
)

// Anonymous is how a player without a name appears.
func Anonymous() Text { return Say("lobby.anonymous") }

// PlayerText is a player's name as others read it: the name, or
// Anonymous.
func PlayerText(n club.Name) Text {
	switch n {
	case "":
		return Anonymous()
	case club.DeletedName:
		return DeletedPlayer()
	}
	return Plain(string(n))
}

// ClockText is a clock in words: "3 min + 2 s", "1 day per move", "no
// clock".
func ClockText(tc club.TimeControl) Text {
	switch {
	case tc.None():
		return Say("tc.none")
	case tc.Correspondence():
		days := int(tc.PerMove.Hours() / 24)
		if days == 1 {
			return Say("tc.day")
		}
		return Say("tc.days", days)
	}
	return Say("tc.live", int(tc.Initial.Minutes()), int(tc.Increment.Seconds()))
}

// SideText is the side a challenge's maker wants: black, white or either.
func SideText(c game.Color) Text {
	if c == game.Empty {
		return Say("lobby.color.random")
	}
	return Say("lobby.color.side", c)
}

// SizeText is a board size: "8×8".
func SizeText(n int) Text { return Plain(strconv.Itoa(n) + "×" + strconv.Itoa(n)) }

// Option is one choice of a select: its value, its words, and whether it
// is the one chosen.
type Option struct {
	Value    string
	Text     Text
	Selected bool
}

// ChallengeRow is an open challenge as the lobby lists it.
type ChallengeRow struct {
	Maker, Size, Clock, Color Text
	// Rating is the maker's rating of the challenge's kind, or nil for
	// an anonymous maker, who has none.
	Rating *RatingView
	// Profile is the maker's profile, or "" for an anonymous maker.
	Profile string
	// Game is the board and the clock, and whether the game is rated.
	Game Text
	// Accept is where its one-button form posts, or "" for the viewer's
	// own challenge, which links to its waiting page (Mine) instead.
	Accept, Mine string
}

// LiveRow is a game being played in a public room.
type LiveRow struct {
	URL                       string
	Black, White, Size, Clock Text
}

// LobbyPage is the lobby: the open challenges, the games being played,
// and the form that makes a challenge.
type LobbyPage struct {
	Base
	Message    Text // a refusal's sentence, or nothing
	Challenges []ChallengeRow
	Live       []LiveRow
	Sizes      []Option
	Clocks     []Option
	Colors     []Option
	// Named reports whether the viewer has a name; without one the rated
	// box is shown disabled, with the reason.
	Named bool
	You   Text
	// Quick are the rated quick-pairing pools' clocks (the home page's),
	// offered to a named viewer, each a button of one form whose board
	// size is chosen from Sizes.
	Quick []Option
}

// NewLobbyPage words what the lobby lists for the player looking at it.
func NewLobbyPage(b Base, l *play.Lobby) LobbyPage {
	p := LobbyPage{Base: b, Named: l.Viewer.Named(), You: PlayerText(l.Viewer.Name)}
	for _, c := range l.Challenges {
		row := ChallengeRow{Maker: PlayerText(c.Name), Size: SizeText(c.Size), Clock: ClockText(c.Clock), Color: SideText(c.Color)}
		row.Game = Say("rating.kind", row.Size, row.Clock)
		if c.Rated {
			row.Game = Say("lobby.game.rated", row.Game)
		}
		if c.Name != "" {
			rv := NewRatingView(c.Rating)
			row.Rating, row.Profile = &rv, ProfileURL(c.Name)
		}
		if c.PlayerID == l.Viewer.ID {
			row.Mine = ChallengeURL(c.ID)
		} else {
			row.Accept = ChallengeURL(c.ID) + "/accept"
		}
		p.Challenges = append(p.Challenges, row)
	}
	for _, g := range l.Live {
		p.Live = append(p.Live, LiveRow{URL: "/games/" + g.GameID, Black: PlayerText(g.Black), White: PlayerText(g.White),
			Size: SizeText(g.Size), Clock: ClockText(g.Clock)})
	}
	for _, n := range []int{6, 8, 10} {
		p.Sizes = append(p.Sizes, Option{Value: strconv.Itoa(n), Text: SizeText(n), Selected: n == 8})
	}
	for _, name := range club.TimeControls() {
		tc, _ := club.ParseTimeControl(name)
		p.Clocks = append(p.Clocks, Option{Value: name, Text: ClockText(tc), Selected: name == "5+3"})
	}
	if p.Named {
		for _, name := range play.QuickPools() {
			tc, _ := club.ParseTimeControl(name)
			p.Quick = append(p.Quick, Option{Value: name, Text: Say("lobby.quick", ClockText(tc))})
		}
	}
	p.Colors = []Option{
		{Value: "random", Text: SideText(game.Empty), Selected: true},
		{Value: "black", Text: SideText(game.Black)},
		{Value: "white", Text: SideText(game.White)},
	}
	return p
}

// ChallengeURL is a challenge's waiting page.
func ChallengeURL(id string) string { return "/lobby/challenges/" + id }

// WaitingPage is a challenge's waiting page, for its maker: what it asks
// for, a link that checks (a long poll), the event stream for the script,
// and the form that cancels it.
type WaitingPage struct {
	Base
	Heading, Message Text
	Kind             Text // whether the game will be rated
	Check, Events    string
	Cancel           string
}

// NewWaitingPage words challenge c's waiting page.
func NewWaitingPage(b Base, c *club.Challenge) WaitingPage {
	url := ChallengeURL(c.ID)
	p := WaitingPage{Base: b, Check: url + "?wait=1#status", Events: url + "/events", Cancel: url + "/cancel"}
	p.Heading = Say("wait.h")
	if c.Quick {
		p.Message = Say("wait.quick", ClockText(c.Clock), SizeText(c.Size))
	} else {
		p.Message = Say("wait.challenge", ClockText(c.Clock), SizeText(c.Size), SideText(c.Color))
	}
	p.Kind = Say("game.kind.casual")
	if c.Rated {
		p.Kind = Say("game.kind.rated")
	}
	return p
}

// PlayerPage is the player's own page: their name, and the form that
// chooses it.
type PlayerPage struct {
	Base
	Current Text // "Your name is Ann." or that they are anonymous
	Value   string
	Message Text // why the name sent was refused, or nothing
	Saved   bool
	// Me is the section of keys and deleting (views/me.go).
	Me MeSection
}

// NewPlayerPage words the page of player p; value is the name to show in
// the field (the refused one, after a refusal).
func NewPlayerPage(b Base, p *club.Player, value string, msg Text) PlayerPage {
	page := PlayerPage{Base: b, Value: value, Message: msg, Current: Say("player.anonymous")}
	if p.Named() {
		page.Current = Say("player.current", Plain(string(p.Name)))
		if value == "" {
			page.Value = string(p.Name)
		}
	}
	return page
}

// NameRefusal is the sentence that says which rule a name broke.
func NameRefusal(err error) Text {
	switch {
	case errors.Is(err, club.ErrNameTaken):
		return Say("name.taken")
	case errors.Is(err, club.ErrNameReserved):
		return Say("name.reserved")
	case errors.Is(err, club.ErrNameLength):
		return Say("name.length", club.MinName, club.MaxName)
	}
	return Say("name.character")
}

// Titles of the lobby's pages.
func LobbyTitle() Text   { return Say("lobby.title") }
func WaitingTitle() Text { return Say("wait.title") }
func PlayerTitle() Text  { return Say("player.title") }

// Notices of the lobby's refusals.
func NoticeChallengeGone() Notice {
	return Notice{Say("notice.challengegone.h"), Say("notice.challengegone")}
}
func NoticeOwnChallenge() Notice {
	return Notice{Say("notice.ownchallenge.h"), Say("notice.ownchallenge")}
}
func NoticeRatedAnonymous() Notice { return Notice{Say("notice.ratedanon.h"), Say("notice.ratedanon")} }
func NoticeBadOffer() Notice       { return Notice{Say("notice.badoffer.h"), Say("notice.badoffer")} }
func NoticeNoChallenge() Notice {
	return Notice{Say("notice.nochallenge.h"), Say("notice.nochallenge")}
}
func NoticeSpectator() Notice { return Notice{Say("notice.spectator.h"), Say("notice.spectator")} }

// Quick is the home page's quick-pairing pools, one form each.
func (HomePage) Quick() []Option {
	var opts []Option
	for _, name := range play.QuickPools() {
		tc, _ := club.ParseTimeControl(name)
		opts = append(opts, Option{Value: name, Text: ClockText(tc)})
	}
	return opts
}
