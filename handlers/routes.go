package handlers

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"reversi/static"
	"reversi/views"
)

// Routes returns the app's handler: the Gin engine inside cross-origin
// protection for unsafe methods, inside the security headers. Every route
// of the app is here.
func (s *Server) Routes() http.Handler {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.HandleMethodNotAllowed = true
	r.SetTrustedProxies(s.trustedProxies) // checked in New; nil trusts none
	r.Use(s.logRequests, gin.CustomRecoveryWithWriter(nil, s.recover), s.limitBody, searchNetwork, s.session)
	moves, games, hints := s.rateLimit("moves", s.moveLimit), s.rateLimit("games", s.gameLimit), s.rateLimit("hints", s.hintLimit)
	// Requests that may search (a move, a hint, a new game that the
	// computer opens) wait their turn in play, one at a time per player
	// and per game; they pass who(c), which names the player's line.

	r.GET("/", s.wrap(s.home))
	r.POST("/games", games, s.perNetwork(s.netGameLimit), s.wrap(s.newGame))

	g := r.Group("/games/:id")
	g.GET("", s.wrap(s.showGame))
	g.POST("/moves", moves, s.wrap(s.move))
	g.POST("/undo", moves, s.wrap(s.undo))
	g.POST("/hint", hints, s.wrap(s.hintMove))
	// Resigning: the viewer's side (the side to move, on one device); the
	// game page asks first, with ?ask=resign.
	g.POST("/resign", moves, s.wrap(s.resign))
	g.POST("/delete", games, s.wrap(s.deleteGame))
	g.POST("/settings", games, s.wrap(s.settings))
	g.GET("/events", s.wrap(s.events))
	g.POST("/again", games, s.wrap(s.again))
	g.GET("/replay", s.wrap(s.replayGame))
	g.GET("/transcript", s.wrap(s.downloadTranscript))
	g.GET("/ggf", s.wrap(s.downloadGGF))
	g.GET("/review", s.wrap(s.showReview))
	g.GET("/review/events", s.wrap(s.reviewEvents))
	g.POST("/review", hints, s.wrap(s.startReview))
	// A mistake of the viewer's, solved by the review, tried again.
	g.GET("/review/puzzles/:ply", s.wrap(s.showReviewPuzzle))
	g.GET("/review/puzzles/:ply/answer/:move", s.wrap(s.showReviewPuzzle))
	g.POST("/review/puzzles/:ply/answer", moves, s.wrap(s.answerReviewPuzzle))

	// Imported records are replayed from their address: nothing is stored.
	r.GET("/import", s.wrap(s.importForm))
	r.POST("/import", moves, s.wrap(s.importRecord))
	r.GET("/replay", s.wrap(s.replayImported))
	r.POST("/playon", games, s.perNetwork(s.netGameLimit), s.wrap(s.playOn))

	// The lobby: names, challenges, quick pairing. Making a challenge or
	// a quick pairing counts as a new game, per player and per network.
	r.GET("/players/me", s.wrap(s.showPlayer))
	r.POST("/players/me", games, s.wrap(s.setName))
	r.GET("/players", s.wrap(s.showPlayers))
	r.GET("/players/:name", s.wrap(s.showProfile)) // beside /players/me: "me" is no name
	// Keys and deleting (handlers/me.go): a key's pages are limited per
	// network, against guessing.
	r.POST("/players/me/key", games, s.wrap(s.makeKey))
	r.POST("/players/me/revoke", games, s.wrap(s.revokeKeys))
	r.GET("/players/me/delete", s.wrap(s.askDelete))
	r.POST("/players/me/delete", games, s.wrap(s.deletePlayer))
	keys := s.perNetwork(newLimit(0, 0, keyTriesPerHour/3600.0, keyTriesBurst))
	r.GET("/key/:key", keys, s.wrap(s.showKey))
	r.POST("/key/:key", keys, s.wrap(s.useKey))
	r.GET("/lobby", s.wrap(s.showLobby))
	r.POST("/lobby", games, s.perNetwork(s.netGameLimit), s.wrap(s.makeChallenge))
	r.POST("/lobby/quick", games, s.perNetwork(s.netGameLimit), s.wrap(s.quickPair))
	ch := r.Group("/lobby/challenges/:id")
	ch.GET("", s.wrap(s.showChallenge)) // marks the challenge seen: see play.App.Challenge
	ch.GET("/events", s.wrap(s.challengeEvents))
	ch.POST("/cancel", games, s.wrap(s.cancelChallenge))
	ch.POST("/accept", games, s.wrap(s.acceptChallenge))

	r.GET("/join/:token", s.wrap(s.showJoin))
	r.POST("/join/:token", games, s.wrap(s.join))

	// The tutorial and the reference pages: trials are GETs, which change
	// nothing but the page shown.
	r.GET("/tutorial", s.wrap(s.tutorialIndex))
	r.GET("/tutorial/:step", s.wrap(s.tutorialStep))
	for _, ref := range referencePages {
		r.GET(ref.path, s.wrap(s.reference(ref)))
	}
	// The practice board: GET shows it (with a preview for ?try=), and
	// every change is a POST answered with 303.
	r.GET("/practice", s.wrap(s.practice))
	r.GET("/practice/reset", s.wrap(s.practiceAskReset)) // the question; POST answers it
	p := r.Group("/practice", moves)
	p.POST("/moves", s.wrap(s.practiceMove))
	p.POST("/undo", s.wrap(s.practiceUndo))
	p.POST("/reset", s.wrap(s.practiceReset))
	// Any position, valued move by move: a search, so counted as a hint.
	r.GET("/analysis", hints, s.wrap(s.analysis))
	// Its set-up board: a GET per press, which changes nothing stored.
	r.GET("/setup", s.wrap(s.setup))
	r.GET("/puzzles", s.wrap(s.showPuzzle))
	r.GET("/puzzles/:n", s.wrap(s.showPuzzle))
	r.GET("/puzzles/:n/answer/:move", s.wrap(s.showPuzzle))
	r.POST("/puzzles/:n/answer", moves, s.wrap(s.answerPuzzle))

	r.POST("/language", s.wrap(s.chooseLanguage))

	assets := gin.WrapH(static.Handler())
	r.GET("/static/:name", assets)
	r.NoRoute(s.wrap(func(*gin.Context) error { return refuse(http.StatusNotFound, views.NoticeNotFound()) }))
	r.NoMethod(s.wrap(func(*gin.Context) error { return refuse(http.StatusMethodNotAllowed, views.NoticeNoMethod()) }))

	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		s.writePage(w, req, http.StatusForbidden, views.Error, s.errorPage(req, views.NoticeCrossSite()))
	}))
	// The probes answer inside the security headers too, and no request
	// reaches Gin with a prefix of its own making (noForwardedPrefix).
	return securityHeaders(s.probes(noForwardedPrefix(headAsGet(s.sameScheme(cop.Handler(r))))))
}

// headAsGet answers HEAD as GET without the body, for every page: the
// routes name GET only.
func headAsGet(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodHead || strings.HasSuffix(r.URL.Path, "/events") {
			next.ServeHTTP(w, r) // a stream has no head to give
			return
		}
		get := r.Clone(r.Context())
		get.Method = http.MethodGet
		next.ServeHTTP(headWriter{w}, get)
	})
}

// headWriter drops the body of a response to HEAD, keeping its headers.
type headWriter struct{ http.ResponseWriter }

func (w headWriter) Write(b []byte) (int, error) { return len(b), nil }

// Flush lets a stream flush its headers; there is no body to send.
func (w headWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// noForwardedPrefix drops X-Forwarded-Prefix: Gin prepends it to its
// trailing-slash redirects whoever sent it, and the app is never served
// under a prefix, so it could only send a player elsewhere.
func noForwardedPrefix(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Del("X-Forwarded-Prefix") // the server's own parse of this request
		next.ServeHTTP(w, r)
	})
}

// scheme is the scheme players reach the server at, when it knows it: its
// public URL's, https over TLS or with secure cookies (a TLS proxy in
// front), else "" (plain HTTP, or a proxy it was not told of).
func (s *Server) scheme(r *http.Request) string {
	if u, err := url.Parse(s.publicURL); err == nil && u.Scheme != "" {
		return u.Scheme
	}
	if r.TLS != nil || s.secure {
		return "https"
	}
	return ""
}

// sameScheme refuses an unsafe request whose Origin has another scheme
// than the server's, when the server knows its own: the cross-origin
// protection that follows compares hosts only, so an http page could post
// to the https site (or the other way) as if it were the same origin.
func (s *Server) sameScheme(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin, want := r.Header.Get("Origin"), s.scheme(r)
		safe := r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodOptions
		if u, err := url.Parse(origin); !safe && origin != "" && origin != "null" && want != "" &&
			(err != nil || !strings.EqualFold(u.Scheme, want)) {
			s.writePage(w, r, http.StatusForbidden, views.Error, s.errorPage(r, views.NoticeCrossSite()))
			return
		}
		next.ServeHTTP(w, r)
	})
}
