package handlers

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"reversi/views"
)

// language returns the language of the page for r: the one the player
// chose, which their cookie carries (the store keeps it too, with their
// other choices), or else the best match for the browser's
// Accept-Language.
func (s *Server) language(r *http.Request) *views.Lang {
	var code, names string
	if sess, err := s.cookies.Get(r, cookieName); err == nil {
		chosen, _ := sess.Values[langKey].(string)
		code, names, _ = strings.Cut(chosen, ".")
	}
	if l := views.Lookup(code, names); l != nil {
		return l
	}
	l := views.Negotiate(r.Header.Get("Accept-Language"))
	if v := views.Lookup(l.Code, names); v != nil && names != "" {
		return v
	}
	return l
}

// chooseLanguage keeps the language or disc names that the switch at the
// foot of every page posts, and goes back to the page it was on.
func (s *Server) chooseLanguage(c *gin.Context) error {
	lang, names := c.PostForm("lang"), c.PostForm("names")
	if lang != "" && views.Lookup(lang, "") == nil || names != "" && names != views.NamesDarkLight && names != "usual" {
		return refuse(http.StatusBadRequest, views.NoticeBadLanguage())
	}
	if lang == "" && names == "" {
		return refuse(http.StatusBadRequest, views.NoticeBadLanguage())
	}
	p := playerID(c)
	if p == "" {
		var err error
		if p, err = s.newPlayer(c); err != nil {
			return err
		}
	}
	ch, err := s.app.ChooseLanguage(c.Request.Context(), p, lang, names)
	if err != nil {
		return err
	}
	chosen := ch.Lang // the cookie carries the choice as the store keeps it
	if ch.Names != "" {
		chosen += "." + ch.Names
	}
	c.Set(langKey, chosen) // savePlayer writes it, even after the session's refresh
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
// slash, not two, and holds nothing but printable ASCII other than the
// backslash. Browsers drop tabs and line breaks from an address and read a
// backslash as a slash, so "/\t/evil.example" or "/\\evil.example" would
// take them to another host; a control character (a NUL) would also break
// the Location header. Anything else a path needs is percent-encoded.
func local(p string) bool {
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") {
		return false
	}
	for i := 0; i < len(p); i++ {
		if c := p[i]; c <= ' ' || c >= 0x7f || c == '\\' {
			return false
		}
	}
	return true
}
