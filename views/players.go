package views

import (
	"fmt"
	"html/template"
	"math"
	"net/url"
	"strconv"
	"strings"

	"reversi/club"
	"reversi/play"
)

// The ratings' pages: a named player's profile (/players/{name}) and the
// list of the best active players of a kind (/players).
const (
	ProfileName = "profile"
	PlayersName = "players"
)

// RatingView is a rating as the pages show it: rounded, with "?" when
// provisional, its deviation rounded, and its kind in words.
type RatingView struct {
	// Value is the rating rounded, for data-rating; Text the same with
	// "?" after it when provisional.
	Value       int
	Text        Text
	Deviation   int
	Provisional bool
	Kind        Text
}

// NewRatingView words a rating as it stands now.
func NewRatingView(l play.RatingLine) RatingView {
	v := RatingView{Value: int(math.Round(l.Now.Rating)), Deviation: int(math.Round(l.Now.Deviation)),
		Provisional: l.Provisional, Kind: KindText(l.Size, l.Speed)}
	v.Text = Plain(strconv.Itoa(v.Value))
	if v.Provisional {
		v.Text = Plain(strconv.Itoa(v.Value) + "?")
	}
	return v
}

// KindText is a kind of rating in words: "8×8, live".
func KindText(size int, speed club.Speed) Text {
	return Say("rating.kind", SizeText(size), SpeedText(speed))
}

// SpeedText is a speed in words.
func SpeedText(speed club.Speed) Text {
	if speed == club.Correspondence {
		return Say("rating.speed.correspondence")
	}
	return Say("rating.speed.live")
}

// ProfileURL is a named player's profile.
func ProfileURL(n club.Name) string { return "/players/" + url.PathEscape(string(n)) }

// ProfileRating is one rating on a profile: the figures, the counts, and
// its history as a graph and as a table.
type ProfileRating struct {
	RatingView
	ID                         string // the section's id: "r8-live"
	Games, Wins, Losses, Draws int
	Graph                      RatingGraph
}

// HistoryRow is one game of a rating's history, for the graph's table.
type HistoryRow struct {
	Number int
	Date   string
	Rating int
}

// RecentRow is one of the player's recent rated games.
type RecentRow struct {
	Date           string
	Kind, Opponent Text
	Result, Change Text
	// Game, Replay and Review are the game's addresses, "" once the game
	// expired.
	Game, Replay string
	Review       string
	Counted      bool
	// RatingAfterGame and OpponentRatingAt are ratings, written as
	// numbers with no separator, as everywhere else.
	RatingAfterGame, OpponentRatingAt string
}

// ProfilePage is a named player's public page.
type ProfilePage struct {
	Base
	Name    string
	Ratings []ProfileRating
	Recent  []RecentRow
	// List is the list of the best players of the kind of the first
	// rating, or of the default kind.
	List string
}

// NewProfilePage words player p's profile.
func NewProfilePage(b Base, p *play.Profile) ProfilePage {
	page := ProfilePage{Base: b, Name: string(p.Player.Name), List: "/players"}
	for _, l := range p.Ratings {
		r := ProfileRating{RatingView: NewRatingView(l), ID: "r" + strconv.Itoa(l.Size) + "-" + string(l.Speed),
			Games: l.Games, Wins: l.Wins, Losses: l.Losses, Draws: l.Draws}
		for i, g := range l.History {
			r.Graph.Rows = append(r.Graph.Rows, HistoryRow{Number: i + 1, Date: g.At.UTC().Format("2006-01-02"),
				Rating: int(math.Round(g.Rating))})
		}
		if len(l.History) > 0 {
			r.Graph.start = int(math.Round(l.History[0].Before))
		}
		page.Ratings = append(page.Ratings, r)
	}
	for _, g := range p.Recent {
		row := RecentRow{Date: g.At.UTC().Format("2006-01-02"), Kind: KindText(g.Size, g.Speed),
			Opponent: PlayerText(g.Opponent), Counted: g.Counted, RatingAfterGame: strconv.Itoa(int(math.Round(g.Rating))),
			OpponentRatingAt: strconv.Itoa(int(math.Round(g.OpponentRating)))}
		if !g.Gone { // an expired game's result stands, without links to it
			row.Game, row.Replay, row.Review = "/games/"+g.GameID, "/games/"+g.GameID+"/replay", "/games/"+g.GameID+"/review"
		}
		switch g.Score {
		case 1:
			row.Result = Say("rating.won")
		case 0:
			row.Result = Say("rating.lost")
		default:
			row.Result = Say("rating.drawn")
		}
		if d := int(math.Round(g.Rating)) - int(math.Round(g.Before)); g.Counted {
			row.Change = Plain(fmt.Sprintf("%+d", d))
		} else {
			row.Change = Say("rating.notcounted")
		}
		page.Recent = append(page.Recent, row)
	}
	return page
}

// RatingGraph is a rating's history drawn as a line, by SVG; its table
// (Rows) is the text alternative, which the template writes below it.
type RatingGraph struct {
	Rows []HistoryRow
	// start is the rating before the first of Rows, where the line
	// begins.
	start int
}

// SVG is the graph as an inline SVG image, hidden from screen readers,
// which read the table instead: {{.Graph.SVG lang}}.
func (g RatingGraph) SVG(l *Lang) template.HTML {
	if len(g.Rows) == 0 {
		return ""
	}
	points := []int{g.start}
	for _, r := range g.Rows {
		points = append(points, r.Rating)
	}
	lo, hi := g.start, g.start
	for _, p := range points {
		lo, hi = min(lo, p), max(hi, p)
	}
	lo, hi = lo-50, hi+50
	const w, h = 300, 100
	step := float64(w-8) / float64(len(points)-1)
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg class="graph" viewBox="0 0 %d %d" aria-hidden="true" preserveAspectRatio="none">`, w, h)
	if lo < 1500 && hi > 1500 {
		y := h - 4 - (1500-lo)*(h-8)/(hi-lo)
		fmt.Fprintf(&sb, `<path d="M0 %dH%d" class="axis"/>`, y, w)
	}
	sb.WriteString(`<polyline class="line" points="`)
	for i, p := range points {
		if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%d,%d", 4+int(math.Round(float64(i)*step)), h-4-(p-lo)*(h-8)/(hi-lo))
	}
	sb.WriteString(`"/></svg>`)
	return template.HTML(sb.String()) // numbers only
}

// LeaderRow is one player in the list of the best.
type LeaderRow struct {
	RatingView
	Name  string
	URL   string
	Games int
}

// KindLink is a link to the list of another kind.
type KindLink struct {
	URL     string
	Text    Text
	Current bool
}

// PlayersPage is the list of the best active players of a kind.
type PlayersPage struct {
	Base
	Kind                 Text
	Kinds                []KindLink
	Settled, Provisional []LeaderRow
}

// PlayersURL is the list of the best players of kind k.
func PlayersURL(k play.Kind) string {
	if k == play.DefaultKind {
		return "/players"
	}
	return "/players?size=" + strconv.Itoa(k.Size) + "&speed=" + string(k.Speed)
}

// NewPlayersPage words the list of the best players of a kind.
func NewPlayersPage(b Base, l *play.Leaders) PlayersPage {
	p := PlayersPage{Base: b, Kind: KindText(l.Size, l.Speed)}
	for _, k := range play.Kinds() {
		p.Kinds = append(p.Kinds, KindLink{URL: PlayersURL(k), Text: KindText(k.Size, k.Speed), Current: k == l.Kind})
	}
	rows := func(lines []play.RatingLine) []LeaderRow {
		var out []LeaderRow
		for _, r := range lines {
			out = append(out, LeaderRow{RatingView: NewRatingView(r), Name: string(r.Name),
				URL: ProfileURL(r.Name), Games: r.Games})
		}
		return out
	}
	p.Settled = rows(l.Settled)
	p.Provisional = rows(l.Provisional)
	return p
}

// Titles of the ratings' pages.
func PlayersTitle() Text { return Say("players.title") }

// ProfileTitle is a profile's title: the player's name.
func ProfileTitle(n club.Name) Text { return Say("profile.title", Plain(string(n))) }

// NoticeNoPlayer is the page for a profile's address that names nobody.
func NoticeNoPlayer() Notice { return Notice{Say("notice.noplayer.h"), Say("notice.noplayer")} }

// NoticeNoKind is the page for a list of a kind of rating that is not
// kept.
func NoticeNoKind() Notice { return Notice{Say("notice.nokind.h"), Say("notice.nokind")} }
