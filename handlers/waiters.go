package handlers

import (
	"time"

	"github.com/gin-gonic/gin"

	"reversi/play"
)

// DefaultStreamLifetime is how long an event stream stays open before
// the server ends it; the browser's EventSource then reconnects by
// itself, so that no connection lives forever.
const DefaultStreamLifetime = 10 * time.Minute

// waiter names who waits in c, for the caps: the player, or for a visitor
// without a cookie (a spectator, say) their address, so that cookieless
// visitors do not all share one player's places; and their network.
func waiter(c *gin.Context) (who, network string) {
	who = playerID(c)
	if who == "" {
		who = "addr " + c.ClientIP()
	}
	return who, play.Network(c.ClientIP())
}
