package views

import (
	"time"

	"reversi/club"
)

// The player's keys and the deleting of a player: the sections of the
// player's own page (MeSection), and the page MeName, which shows a new
// key once, asks before a key makes this browser its player, and asks
// before a player is deleted.

// MeName is the page of keys and deleting.
const MeName = "me"

// MeSection is what the player's own page says of their keys and offers
// to delete.
type MeSection struct {
	// Keys is how many keys the player has.
	Keys int
	// Revoked says that the request that led here revoked every key.
	Revoked bool
}

// KeysLine says how many keys the player has.
func (m MeSection) KeysLine() Text {
	if m.Keys == 0 {
		return Say("me.keys.none")
	}
	return Say("me.keys.count", m.Keys)
}

// MePage is one of three: a new key (Key), the question a key asks in
// another browser (SignIn), or the question before deleting (Delete).
type MePage struct {
	Base
	// Key is the new key's link, shown this once.
	Key string
	// SignIn is set on a key's page.
	SignIn *SignIn
	// Delete is set on the page that asks before deleting.
	Delete bool
}

// SignIn is a key's page: whom it opens, and whether this browser is
// that player already.
type SignIn struct {
	Action string // the form's action: the key's own address
	Who    Text   // the key's player, as others see them
	Same   bool   // this browser is the key's player already
	// Leaving says that this browser is another player now, whom it
	// will leave.
	Leaving bool
}

// Titles of the page.
func MeKeyTitle() Text    { return Say("me.key.title") }
func MeSignInTitle() Text { return Say("me.signin.title") }
func MeDeleteTitle() Text { return Say("me.delete.title") }

// NoticePlayerDeleted is the refusal of a request from a browser whose
// player was deleted in another browser.
func NoticePlayerDeleted() Notice {
	return Notice{Say("notice.playerdeleted.h"), Say("notice.playerdeleted")}
}

// NoticeNoKey is the refusal of a key that opens no one.
func NoticeNoKey() Notice { return Notice{Say("notice.nokey.h"), Say("notice.nokey")} }

// DeletedPlayer is how the pages name a deleted player.
func DeletedPlayer() Text { return Say("me.deletedplayer") }

// YourTurn is a game of the home page's your-turn list: its link, and the
// time its side to move has left, on a clock.
type YourTurn struct {
	GameLink
	Left Text // "1 day 3 hours left", or nothing
}

// TimeLeft says a clock's time left for the your-turn list: days and
// hours on a correspondence clock (see ClockTime).
func TimeLeft(left time.Duration, tc club.TimeControl) Text {
	if tc.None() {
		return Text{}
	}
	return Say("home.left", ClockTime(left, tc.Correspondence()))
}
