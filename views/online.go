package views

// Join is the page that an invite link opens.
const Join = "join"

// OnlineView is what a game page shows of the room an online game is
// played in.
type OnlineView struct {
	// Invite is the invite link, shown to the host while the other seat is
	// free.
	Invite string
	// Waiting says what the player is waiting for ("White's move"), or is
	// empty when nothing is awaited.
	Waiting string
	// Check is the long-poll link that returns once something changes,
	// for browsers without JavaScript; Events is the event stream that the
	// script listens to.
	Check, Events string
	Score         string // the match score in words
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
	TheirName    string // "White"
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
