package handlers

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/securecookie"

	"reversi/club"
	"reversi/views"
)

// The context key under which the session middleware leaves the player id.
const playerKey = "player"

var playerIDPattern = regexp.MustCompile(`^[0-9a-f]{32}$`)

// session reads the player id from the cookie, if there is a valid one.
// The cookie lasts cookieMaxAge from when it was written; on a POST, one
// written more than cookieRefresh ago is written again, so that a player
// who keeps playing never loses it. GETs never write a cookie.
func (s *Server) session(c *gin.Context) {
	sess, err := s.cookies.Get(c.Request, cookieName)
	if err == nil {
		if id, ok := sess.Values[playerKey].(string); ok && playerIDPattern.MatchString(id) {
			c.Set(playerKey, id)
			issued, _ := sess.Values[issuedKey].(time.Time) // zero for older cookies
			if c.Request.Method == http.MethodPost && s.now().Sub(issued) > cookieRefresh {
				if err := s.savePlayer(c, id); errors.Is(err, club.ErrPlayerDeleted) {
					s.playerDeleted(c)
					return
				} else if err != nil {
					s.log.Error("refresh session", "err", err)
				}
			}
		}
	}
	c.Next()
}

// forgetPlayer has the browser forget its cookie: it becomes a new player.
func (s *Server) forgetPlayer(c *gin.Context) {
	http.SetCookie(c.Writer, &http.Cookie{Name: cookieName, Path: "/", MaxAge: -1, HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: s.secure || c.Request.TLS != nil})
}

// playerDeleted refuses a request (changing nothing) whose cookie holds a
// player deleted in another browser: 410, and the cookie forgotten.
func (s *Server) playerDeleted(c *gin.Context) {
	s.log.Info("request refused", "path", safePath(c.Request.URL.Path), "status", http.StatusGone, "cause", club.ErrPlayerDeleted)
	s.forgetPlayer(c)
	c.Set(playerKey, "")
	s.renderError(c, http.StatusGone, views.NoticePlayerDeleted())
}

// cookieRefresh is how old a cookie may get before a POST writes it again.
const cookieRefresh = 24 * time.Hour

// playerID returns the player id from the cookie, or "" for none.
func playerID(c *gin.Context) string { return c.GetString(playerKey) }

// recordPlayer records player id as seen now, once per response: a new
// player's row is made, an existing one's last-seen time moves on.
func (s *Server) recordPlayer(c *gin.Context, id string) error {
	if c.GetString(recordedKey) == id {
		return nil
	}
	if err := s.app.SeePlayer(c.Request.Context(), id); err != nil {
		return err
	}
	c.Set(recordedKey, id)
	return nil
}

// savePlayer sets the cookie to hold id, once per response unless a
// language was chosen since, and records the player as seen: every cookie
// written moves the player's last-seen time on, so that a player whose
// last-seen time is older than a cookie's life has no cookie left that
// could bring them back (see Server.Expire).
func (s *Server) savePlayer(c *gin.Context, id string) error {
	_, chosen := c.Get(langKey)
	if c.GetBool(savedKey) && playerID(c) == id && !chosen {
		return nil // written already, by the refresh in session
	}
	if err := s.recordPlayer(c, id); err != nil {
		return err
	}
	sess, _ := s.cookies.Get(c.Request, cookieName) // a bad cookie gives a fresh session
	lang, _ := sess.Values[langKey].(string)
	if old, _ := sess.Values[playerKey].(string); old != id {
		lang = "" // another player's choice
	}
	if chosen, ok := c.Get(langKey); ok {
		lang = chosen.(string)
	}
	sess.Values = map[any]any{playerKey: id}
	if lang != "" {
		sess.Values[langKey] = lang
	}
	opts := *s.cookies.Options
	opts.Secure = s.secure || c.Request.TLS != nil
	sess.Options = &opts
	if err := sess.Save(c.Request, c.Writer); err != nil {
		return fmt.Errorf("save session: %w", err)
	}
	c.Set(playerKey, id)
	c.Set(savedKey, true)
	return nil
}

// sessionSerializer writes a session, which holds the player id and the
// language they chose, if any, as "p:", the id, ":", the Unix time it is
// written at and, with a language, ":" and the language (see langKey),
// inside the cookie's encryption and signature. The default, gob, builds a decoder for every
// cookie it reads, which cost 7% of the server's CPU under load. Cookies
// written before, with gob or without the time, still read; they count as
// old, so the next POST writes them again.
type sessionSerializer struct {
	now func() time.Time // when the cookie is written; time.Now if nil
}

const sessionPrefix = "p:"

// Session values besides playerKey: when the cookie was written (a
// time.Time), and, in the context only, that this response wrote it.
const (
	issuedKey = "issued"
	// langKey is the language the player chose, as "fr", or with their
	// choice of disc names after a dot, "en.dl", ".dl" when they chose
	// the names alone. It rides in the cookie so that a page knows its
	// language without reading the store; the store keeps it too, with
	// the player's other choices.
	langKey     = "lang"
	savedKey    = "session saved"
	recordedKey = "player recorded"
)

func (ss sessionSerializer) Serialize(src any) ([]byte, error) {
	vals, ok := src.(map[any]any)
	id, isString := vals[playerKey].(string)
	want := 1
	lang, hasLang := vals[langKey].(string)
	if hasLang {
		want = 2
	}
	if !ok || !isString || len(vals) != want || strings.Contains(lang, ":") {
		return nil, errors.New("session: only a player id and a language can be stored")
	}
	now := time.Now
	if ss.now != nil {
		now = ss.now
	}
	b := fmt.Appendf(nil, "%s%s:%d", sessionPrefix, id, now().Unix())
	if lang != "" {
		b = fmt.Appendf(b, ":%s", lang)
	}
	return b, nil
}

func (sessionSerializer) Deserialize(src []byte, dst any) error {
	vals, ok := dst.(*map[any]any)
	if !ok {
		return fmt.Errorf("session: cannot read into %T", dst)
	}
	rest, found := strings.CutPrefix(string(src), sessionPrefix)
	if !found {
		return securecookie.GobEncoder{}.Deserialize(src, dst)
	}
	id, rest, _ := strings.Cut(rest, ":")
	stamp, lang, _ := strings.Cut(rest, ":")
	*vals = map[any]any{playerKey: id}
	if secs, err := strconv.ParseInt(stamp, 10, 64); err == nil {
		(*vals)[issuedKey] = time.Unix(secs, 0)
	}
	if lang != "" {
		(*vals)[langKey] = lang
	}
	return nil
}

func newPlayerID() string { return hex.EncodeToString(randomBytes(16)) }

func randomBytes(n int) []byte {
	b := make([]byte, n)
	rand.Read(b) // never fails (crypto/rand since Go 1.24)
	return b
}

// SessionKeyEnv is the environment variable that may hold the session
// secret: one or more secrets of at least 32 characters, separated by
// commas; the first signs new cookies and the others are still accepted.
const SessionKeyEnv = "REVERSI_SESSION_KEY"

// SessionKeys returns the securecookie key pairs derived from the secrets in
// the environment value env, or, when env is empty, from the secret in the
// file at path, which it creates (mode 0600) with a random secret the first
// time.
func SessionKeys(env, path string) ([][]byte, error) {
	var secrets []string
	if strings.TrimSpace(env) != "" {
		for sec := range strings.SplitSeq(env, ",") {
			sec = strings.TrimSpace(sec)
			if len(sec) < 32 {
				return nil, fmt.Errorf("%s: each secret needs at least 32 characters", SessionKeyEnv)
			}
			secrets = append(secrets, sec)
		}
	} else {
		sec, err := secretFile(path)
		if err != nil {
			return nil, err
		}
		secrets = []string{sec}
	}
	var pairs [][]byte
	for _, sec := range secrets {
		pairs = append(pairs, derive(sec, "reversi session hash"), derive(sec, "reversi session block"))
	}
	return pairs, nil
}

func derive(secret, label string) []byte {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(label))
	return m.Sum(nil) // 32 bytes: an HMAC key, or an AES-256 key
}

func secretFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	switch {
	case err == nil:
		sec := strings.TrimSpace(string(b))
		if len(sec) < 32 {
			return "", fmt.Errorf("session key file %s: too short; delete it to make a new one", path)
		}
		return sec, nil
	case !errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("read session key: %w", err)
	}
	sec := hex.EncodeToString(randomBytes(32))
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return secretFile(path) // another process made it first
	}
	if err != nil {
		return "", fmt.Errorf("create session key: %w", err)
	}
	if _, err := f.WriteString(sec + "\n"); err != nil {
		f.Close()
		return "", fmt.Errorf("write session key: %w", err)
	}
	if err := f.Close(); err != nil {
		return "", fmt.Errorf("write session key: %w", err)
	}
	return sec, nil
}
