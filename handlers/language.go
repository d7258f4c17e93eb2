package handlers

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"reversi/views"
)

// language returns the language of the page for r: the one the player
// chose, kept with their choices, or else the best match for the
// browser's Accept-Language. A store that cannot be read leaves the
// browser's choice.
func (s *Server) language(r *http.Request) *views.Lang {
	browser := func(names string) *views.Lang {
		l := views.Negotiate(r.Header.Get("Accept-Language"))
		if names != "" {
			if v := views.Lookup(l.Code, names); v != nil {
				return v
			}
		}
		return l
	}
	player := ""
	if sess, err := s.cookies.Get(r, cookieName); err == nil {
		player, _ = sess.Values[playerKey].(string)
	}
	if !playerIDPattern.MatchString(player) {
		return browser("")
	}
	ch, err := s.app.Choices(r.Context(), player)
	if err != nil {
		return browser("")
	}
	if l := views.Lookup(ch.Lang, ch.Names); l != nil {
		return l
	}
	return browser(ch.Names)
}

// chooseLanguage keeps the language or disc names that the switch at the
// foot of every page posts, and goes back to the page it was on.
func (s *Server) chooseLanguage(c *gin.Context) error {
	lang, names := c.PostForm("lang"), c.PostForm("names")
	if lang != "" && views.Lookup(lang, "") == nil || names != "" && names != views.NamesDarkLight && names != "usual" {
		return refuse(http.StatusBadRequest, views.NoticeBadLanguage)
	}
	if lang == "" && names == "" {
		return refuse(http.StatusBadRequest, views.NoticeBadLanguage)
	}
	p := playerID(c)
	if p == "" {
		var err error
		if p, err = s.newPlayer(c); err != nil {
			return err
		}
	}
	if err := s.app.ChooseLanguage(c.Request.Context(), p, lang, names); err != nil {
		return err
	}
	c.Set(recordedKey, p)
	if err := s.savePlayer(c, p); err != nil {
		return err
	}
	return redirect(c, backTo(c.PostForm("next"), c.Request.Referer()))
}

// backTo returns the local address to go back to: next, or else the
// path of the referring page of this site, or else the home page.
func backTo(next, referer string) string {
	if local(next) {
		return next
	}
	if u, err := url.Parse(referer); err == nil && local(u.RequestURI()) && u.Path != "/language" {
		return u.RequestURI()
	}
	return "/"
}

// local reports whether p is a path on this site: it starts with one
// slash, not two, and has no backslash that a browser might read as one.
func local(p string) bool {
	return strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "//") && !strings.ContainsAny(p, "\\\r\n")
}
