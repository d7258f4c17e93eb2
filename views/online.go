package views

import "reversi/game"

// Join is the page that an invite link opens.
const Join = "join"

// OnlineView is what a game page shows of the room an online game is
// played in.
type OnlineView struct {
	// Invite is the invite link, shown to the host while the other seat is
	// free.
	Invite string
	// Waiting says what the player is waiting for ("White's move"), or is
	// zero when nothing is awaited.
	Waiting Awaited
	// Check is the long-poll link that returns once something changes,
	// for browsers without JavaScript; Events is the event stream that the
	// script listens to.
	Check, Events string
	Score         Text // the match score in words
	// NextRound is the address of the room's current game when this page
	// shows an earlier round.
	NextRound string
	Again     *AgainView // the play-again form, once the round is over
}

// AgainView is the play-again form of a finished round.
type AgainView struct {
	Action  string // where the form posts
	Version int    // the room's version, sent back to detect a stale form
	// Mine and Theirs are the two answers so far: "", "switch" or "keep".
	Mine, Theirs string
	Them         game.Color // the other player's side
}

// Said is the player's own answer, and what it waits for: "You said yes
// to another round, on the same sides. Waiting for White to answer."
func (a AgainView) Said() Text {
	key := "online.said"
	if a.Mine == "keep" {
		key += ".keep"
	}
	if a.Theirs == "" {
		return Say(key+".wait", a.Them)
	}
	return Say(key)
}

// Asked is the other player's answer: "White would like to play again."
func (a AgainView) Asked() Text {
	if a.Theirs == "keep" {
		return Say("online.asked.keep", a.Them)
	}
	return Say("online.asked", a.Them)
}

// KeepChecked reports whether the form preselects "keep": when the other
// seat asked for it, since the sides stay whatever this seat answers.
func (a AgainView) KeepChecked() bool { return a.Theirs == "keep" }

// SidesNote says what the choice of sides does: they switch unless
// either seat asks to keep them, or, once the other seat did, that they
// stay whichever this seat chooses.
func (a AgainView) SidesNote() Text {
	if a.Theirs == "keep" {
		return Say("online.again.kept", a.Them)
	}
	return Say("online.again.rule")
}

// JoinPage is the page of an invite link.
type JoinPage struct {
	Base
	Heading Text
	Message Text
	// Action is where the "take the seat" form posts, or empty when the
	// seat cannot be taken.
	Action string
}
