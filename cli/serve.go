package cli

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"reversi/db"
	"reversi/db/postgres"
	"reversi/db/sqlite"
	"reversi/handlers"
	"reversi/play"
	"reversi/views"
)

// runServe runs the web server until SIGINT or SIGTERM, then shuts down
// gracefully: requests in flight (a computer move, say) may finish.
func runServe(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "localhost:8080", "address to listen on")
	dbPath := fs.String("db", "reversi.db", "SQLite database file, created on first run; or a postgres:// URL, for several servers on one database")
	secure := fs.Bool("secure-cookies", false, "mark the session cookie Secure (set this behind a TLS proxy)")
	roomTTL := fs.Duration("room-ttl", play.DefaultRoomTTL, "how long an online room may sit unused before it expires")
	moveRate := fs.Float64("move-rate", handlers.DefaultMoveRate, "moves and undos each player may send per second, in bursts of twice that; negative: no limit")
	hintRate := fs.Float64("hint-rate", handlers.DefaultHintRate, "hints each player may ask for per second, in bursts of five times that; negative: no limit")
	publicURL := fs.String("public-url", "", "the scheme and host players reach the app at (https://reversi.example), for invite links; by default the address each request came to")
	gameRate := fs.Float64("game-rate", handlers.DefaultGameRate, "new games and joins each player (or address, before a cookie) may start per second, in bursts of ten times that; negative: no limit")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: reversi [serve] [flags]\n\nThe session secret comes from $%s, or from the file DB.session-key beside a SQLite\ndatabase, or from the PostgreSQL database, where the first server stores one for all.\n\n", handlers.SessionKeyEnv)
		fs.PrintDefaults()
	}
	netPlayers := fs.Float64("new-players-per-hour", handlers.DefaultNewPlayersPerHour, "new player ids each network (IPv4 /24, IPv6 /64) may get per hour; negative: no limit")
	netGames := fs.Float64("new-games-per-hour", handlers.DefaultNewGamesPerHour, "games each network may start per hour; negative: no limit")
	maxConns := fs.Int("max-conns", handlers.DefaultMaxConns, "connections kept open at once; more wait in the kernel's queue")
	proxies := fs.String("trusted-proxies", "", "comma-separated addresses or CIDR ranges of reverse proxies whose X-Forwarded-For names the client (for the rate limits); none by default")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var trusted []string
	for p := range strings.SplitSeq(*proxies, ",") {
		if p = strings.TrimSpace(p); p != "" {
			trusted = append(trusted, p)
		}
	}
	if *publicURL != "" {
		u, err := url.Parse(*publicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.Trim(u.Path, "/") != "" {
			return fmt.Errorf("-public-url %q: want a scheme and host, like https://reversi.example", *publicURL)
		}
	}
	if *maxConns < 1 {
		return errors.New("-max-conns must be at least 1")
	}
	if *moveRate == 0 || *gameRate == 0 || *hintRate == 0 || *netPlayers == 0 || *netGames == 0 {
		return errors.New("a rate of 0 would refuse everything; a negative rate switches the limit off")
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	st, err := openStore(ctx, *dbPath, log)
	if err != nil {
		return err
	}
	defer st.close()
	schema, err := st.store.Migrations(ctx)
	if err != nil {
		return err
	}
	v, err := views.New()
	if err != nil {
		return err
	}
	app, err := play.New(play.Config{Store: st.store, Notifier: st.notifier, Logger: log, RoomTTL: *roomTTL})
	if err != nil {
		return err
	}
	srv, err := handlers.New(handlers.Config{App: app, Views: v, SessionKeys: st.keys, SecureCookies: *secure, Logger: log,
		MoveRate: *moveRate, MoveBurst: burst(*moveRate, 2), GameRate: *gameRate, GameBurst: burst(*gameRate, 10),
		HintRate: *hintRate, HintBurst: burst(*hintRate, 5),
		NewPlayersPerHour: *netPlayers, NewGamesPerHour: *netGames, TrustedProxies: trusted, PublicURL: *publicURL})
	if err != nil {
		return err
	}
	hs := &http.Server{
		Addr:              *addr,
		Handler:           srv.Routes(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second, // a Hard move takes up to a few seconds
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	hs.RegisterOnShutdown(srv.Drain) // event streams, long polls and reviews end at once
	go app.ExpireEvery(ctx, play.DefaultExpiryEvery)
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	errc := make(chan error, 1)
	go func() {
		log.Info("serving", "addr", "http://"+ln.Addr().String(), "db", st.name, "schema", schema[len(schema)-1])
		errc <- hs.Serve(handlers.LimitListener(ln, *maxConns))
	}()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// servedStore is the store that serve runs on, with what goes with it.
type servedStore struct {
	store    db.Store
	notifier db.Notifier // nil: the app's in-process one
	keys     [][]byte    // the session keys
	name     string      // for the log, without a password
	close    func()
}

// openStore opens the database that -db names: a SQLite file, or with a
// postgres:// URL a PostgreSQL database shared by several servers, with
// a LISTEN/NOTIFY notifier and the session secret kept in the database.
// $REVERSI_SESSION_KEY overrides the stored secret in either case.
func openStore(ctx context.Context, where string, log *slog.Logger) (*servedStore, error) {
	env := os.Getenv(handlers.SessionKeyEnv)
	if !postgres.IsURL(where) {
		store, err := sqlite.Open(ctx, where)
		if err != nil {
			return nil, err
		}
		keys, err := handlers.SessionKeys(env, where+".session-key")
		if err != nil {
			store.Close()
			return nil, err
		}
		return &servedStore{store: store, keys: keys, name: where, close: func() { store.Close() }}, nil
	}
	name := redact(where)
	store, err := postgres.Open(ctx, where)
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL at %s: %w", name, err)
	}
	if strings.TrimSpace(env) == "" {
		// Every server must accept the others' cookies: the first one
		// stores a secret, and all of them read it.
		if env, err = store.Secret(ctx, "session", newSessionSecret); err != nil {
			store.Close()
			return nil, err
		}
	}
	keys, err := handlers.SessionKeys(env, "")
	if err != nil {
		store.Close()
		return nil, err
	}
	n, err := postgres.Listen(ctx, where, log)
	if err != nil {
		store.Close()
		return nil, fmt.Errorf("PostgreSQL at %s: %w", name, err)
	}
	return &servedStore{store: store, notifier: n, keys: keys, name: name,
		close: func() { n.Close(); store.Close() }}, nil
}

// newSessionSecret returns 32 random bytes in hex.
func newSessionSecret() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// redact returns a database URL without its password, for the log.
func redact(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(a postgres:// URL)"
	}
	return u.Redacted()
}

// burst is the burst allowed with a rate: per seconds of it, at least one.
func burst(rate, seconds float64) int { return max(1, int(rate*seconds)) }
