package handlers

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"reversi/views"
)

// A player's keys and the deleting of a player (see play/keys.go). A new
// key is the answer to its POST, 200 and not a redirect: the key exists
// nowhere else to show after one, and the page is marked no-store so that
// neither the back button nor a cache shows it again. A key's link opens
// a page that asks; its POST makes this browser the key's player (the
// cookie's player id changes, its language stays) and answers 303 home.
// Both are limited per network, against guessing.

// keyTriesPerHour and keyTriesBurst bound the key pages per network: a
// key used takes two requests, a guess one; 128 random bits leave
// guessing hopeless anyway, and this keeps it from costing the store.
const (
	keyTriesPerHour = 30
	keyTriesBurst   = 10
)

// meSection is the player's own page's section on keys and deleting.
func (s *Server) meSection(c *gin.Context) (views.MeSection, error) {
	n, err := s.app.Keys(c.Request.Context(), playerID(c))
	return views.MeSection{Keys: n, Revoked: c.Query("did") == "revoke"}, err
}

// makeKey makes a key for the player and shows it, this once.
func (s *Server) makeKey(c *gin.Context) error {
	p, err := s.actingPlayer(c)
	if err != nil {
		return err
	}
	key, err := s.app.NewKey(c.Request.Context(), p)
	if err != nil {
		return err
	}
	if err := s.savePlayer(c, p); err != nil {
		return err
	}
	page := views.MePage{Base: s.base(c.Request, views.MeKeyTitle(), views.SkipToMain()), Key: s.origin(c) + keyURL(key)}
	c.Header("Cache-Control", "no-store")
	s.writePage(c.Writer, c.Request, http.StatusOK, views.MeName, page)
	return nil
}

// revokeKeys voids every key of the player.
func (s *Server) revokeKeys(c *gin.Context) error {
	if _, err := s.app.RevokeKeys(c.Request.Context(), playerID(c)); err != nil {
		return err
	}
	return redirect(c, "/players/me?did=revoke#keys")
}

func keyURL(key string) string { return "/key/" + key }

// showKey asks whether this browser should become the key's player.
func (s *Server) showKey(c *gin.Context) error {
	key := c.Param("key")
	p, err := s.app.KeyPlayer(c.Request.Context(), key)
	if err != nil {
		return err
	}
	me := playerID(c)
	page := views.MePage{Base: s.base(c.Request, views.MeSignInTitle(), views.SkipToMain()), SignIn: &views.SignIn{
		Action: keyURL(key), Who: views.PlayerText(p.Name), Same: me == p.ID, Leaving: me != "",
	}}
	c.Header("Cache-Control", "no-store")
	c.Header("Referrer-Policy", "no-referrer") // the address is the secret
	s.writePage(c.Writer, c.Request, http.StatusOK, views.MeName, page)
	return nil
}

// useKey makes this browser the key's player, keeping the language it
// chose, and answers 303 home.
func (s *Server) useKey(c *gin.Context) error {
	p, err := s.app.KeyPlayer(c.Request.Context(), c.Param("key"))
	if err != nil {
		return err
	}
	if _, chosen := c.Get(langKey); !chosen {
		if sess, err := s.cookies.Get(c.Request, cookieName); err == nil {
			if lang, _ := sess.Values[langKey].(string); lang != "" {
				c.Set(langKey, lang)
			}
		}
	}
	if err := s.savePlayer(c, p.ID); err != nil {
		return err
	}
	return redirect(c, "/")
}

// askDelete asks before deleting the player.
func (s *Server) askDelete(c *gin.Context) error {
	page := views.MePage{Base: s.base(c.Request, views.MeDeleteTitle(), views.SkipToMain()), Delete: true}
	s.writePage(c.Writer, c.Request, http.StatusOK, views.MeName, page)
	return nil
}

// deletePlayer deletes the player and has the browser forget its cookie:
// the next visit is a new player's.
func (s *Server) deletePlayer(c *gin.Context) error {
	if err := s.app.DeletePlayer(c.Request.Context(), playerID(c)); err != nil {
		return err
	}
	s.forgetPlayer(c)
	return redirect(c, "/?did=goodbye")
}
