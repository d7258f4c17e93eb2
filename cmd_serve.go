package main

import (
	"context"
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

	"reversi/db/sqlite"
	"reversi/handlers"
	"reversi/views"
)

func init() { commands["serve"] = runServe }

// runServe runs the web server until SIGINT or SIGTERM, then shuts down
// gracefully: requests in flight (a computer move, say) may finish.
func runServe(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "localhost:8080", "address to listen on")
	dbPath := fs.String("db", "reversi.db", "SQLite database file; created on first run")
	secure := fs.Bool("secure-cookies", false, "mark the session cookie Secure (set this behind a TLS proxy)")
	roomTTL := fs.Duration("room-ttl", handlers.DefaultRoomTTL, "how long an online room may sit unused before it expires")
	moveRate := fs.Float64("move-rate", handlers.DefaultMoveRate, "moves and undos each player may send per second, in bursts of twice that; negative: no limit")
	hintRate := fs.Float64("hint-rate", handlers.DefaultHintRate, "hints each player may ask for per second, in bursts of five times that; negative: no limit")
	publicURL := fs.String("public-url", "", "the scheme and host players reach the app at (https://reversi.example), for invite links; by default the address each request came to")
	gameRate := fs.Float64("game-rate", handlers.DefaultGameRate, "new games and joins each player (or address, before a cookie) may start per second, in bursts of ten times that; negative: no limit")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: reversi [serve] [flags]\n\nThe session secret comes from $%s, or from the file DB.session-key beside the database.\n\n", handlers.SessionKeyEnv)
		fs.PrintDefaults()
	}
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
	if *moveRate == 0 || *gameRate == 0 || *hintRate == 0 {
		return errors.New("a rate of 0 would refuse everything; a negative rate switches the limit off")
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	store, err := sqlite.Open(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer store.Close()
	keys, err := handlers.SessionKeys(os.Getenv(handlers.SessionKeyEnv), *dbPath+".session-key")
	if err != nil {
		return err
	}
	v, err := views.New()
	if err != nil {
		return err
	}
	srv, err := handlers.New(handlers.Config{Store: store, Views: v, SessionKeys: keys, SecureCookies: *secure, Logger: log,
		RoomTTL: *roomTTL, MoveRate: *moveRate, MoveBurst: burst(*moveRate, 2), GameRate: *gameRate, GameBurst: burst(*gameRate, 10),
		HintRate: *hintRate, HintBurst: burst(*hintRate, 5), TrustedProxies: trusted, PublicURL: *publicURL})
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
	hs.RegisterOnShutdown(srv.Drain) // event streams and long polls end at once
	go srv.ExpireEvery(ctx, handlers.DefaultExpiryEvery)
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	errc := make(chan error, 1)
	go func() {
		log.Info("serving", "addr", "http://"+ln.Addr().String(), "db", *dbPath)
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

// burst is the burst allowed with a rate: per seconds of it, at least one.
func burst(rate, seconds float64) int { return max(1, int(rate*seconds)) }
