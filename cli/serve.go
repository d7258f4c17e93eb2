package cli

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"reversi/cli/metrics"
	"reversi/cli/netlimit"
	"reversi/club"
	"reversi/db/postgres"
	"reversi/db/sqlite"
	"reversi/handlers"
	"reversi/migrations"
	"reversi/play"
	"reversi/views"
)

// runServe runs the web server until SIGINT or SIGTERM, then drains: /readyz
// answers 503 while pages are still served for -drain, so that a balancer
// takes the server out; then requests in flight (a computer move, say)
// finish, event streams end with a hint to reconnect, and the store closes.
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
	maxConns := fs.Int("max-conns", netlimit.DefaultMaxConns, "connections kept open at once, lowered to what the file limit allows; more wait in the kernel's queue")
	perAddr := fs.Int("max-conns-per-addr", netlimit.DefaultConnsPerAddr, "connections one address may keep open (at most a quarter of the cap); more are closed at once; trusted proxies are exempt")
	perNet := fs.Int("max-conns-per-net", netlimit.DefaultConnsPerNet, "connections one network (IPv4 /24, IPv6 /64) may keep open (at most a quarter of the cap); more are closed at once; trusted proxies are exempt")
	drain := fs.Duration("drain", DefaultDrain, "on SIGTERM, how long /readyz answers 503 while pages are still served, before the server stops")
	metricsAddr := fs.String("metrics-addr", "", "address of a separate listener for Prometheus metrics at /metrics (such as localhost:9090); off by default")
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
	if *maxConns < 1 || *perAddr < 1 || *perNet < 1 {
		return errors.New("-max-conns, -max-conns-per-addr and -max-conns-per-net must be at least 1")
	}
	if *drain < 0 {
		return errors.New("-drain must not be negative")
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
	var obs *metrics.Metrics
	if *metricsAddr != "" {
		obs = metrics.New()
	}
	app, err := play.New(play.Config{Store: st.store, Notifier: st.notifier, Logger: log, RoomTTL: *roomTTL, Observer: observer(obs)})
	if err != nil {
		return err
	}
	hc := handlers.Config{App: app, Views: v, SessionKeys: st.keys, SecureCookies: *secure, Logger: log,
		MoveRate: *moveRate, MoveBurst: burst(*moveRate, 2), GameRate: *gameRate, GameBurst: burst(*gameRate, 10),
		HintRate: *hintRate, HintBurst: burst(*hintRate, 5),
		NewPlayersPerHour: *netPlayers, NewGamesPerHour: *netGames, TrustedProxies: trusted, PublicURL: *publicURL,
		Ready: st.ready}
	if obs != nil {
		hc.Observe, hc.Refused = obs.Request, obs.Refused
	}
	srv, err := handlers.New(hc)
	if err != nil {
		return err
	}
	hs := &http.Server{
		Addr:              *addr,
		Handler:           srv.Routes(),
		ReadHeaderTimeout: headerTimeout, // a silent new connection leaves after this
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second, // a Hard move takes up to a few seconds
		IdleTimeout:       idleTimeout,      // and a silent kept-alive one after this
		MaxHeaderBytes:    64 << 10,
	}
	hs.RegisterOnShutdown(srv.Drain) // event streams, long polls and reviews end at once
	go app.ExpireEvery(ctx, play.DefaultExpiryEvery)
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	files, known := fileLimit()
	conns := connCap(*maxConns, files, known)
	per := min(*perAddr, max(1, conns/4))
	perN := min(*perNet, max(1, conns/4))
	log.Info("connections", "max", conns, "per-addr", per, "per-net", perN, "file-limit", files)
	limited := netlimit.Listen(ln, conns, per, trusted).CapNetworks(perN)
	hs.ConnState = limited.ConnState // near the cap, the idlest kept-alive connection goes first
	var metricsDied <-chan error     // nil, which never receives, without metrics
	if obs != nil {
		mln, err := net.Listen("tcp", *metricsAddr)
		if err != nil {
			return fmt.Errorf("-metrics-addr: %w", err)
		}
		ms, died := serveMetrics(mln, obs, app, srv, st.store, limited, log)
		defer ms.Close()
		metricsDied = died
	}
	log.Info("serving", "addr", "http://"+ln.Addr().String(), "db", st.name, "schema", schema[len(schema)-1])
	return serveUntilStopped(ctx, hs, limited, metricsDied, *drain, srv.StartDrain, stop, log)
}

// serveUntilStopped serves hs on ln until one of three things happens:
//
//   - ctx ends (SIGINT or SIGTERM): it calls stop, so that a second signal
//     stops the process at once, and startDrain, so that /readyz answers
//     503 while pages are still served for drain; then it shuts hs down,
//     letting requests in flight finish, and returns nil;
//   - hs stops serving by itself: it returns why;
//   - the metrics listener dies (metricsDied receives): it logs why and
//     shuts hs down, and returns an error, so that serve exits non-zero
//     rather than run on with nobody able to watch it.
func serveUntilStopped(ctx context.Context, hs *http.Server, ln net.Listener, metricsDied <-chan error,
	drain time.Duration, startDrain, stop func(), log *slog.Logger) error {
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case err := <-metricsDied:
		log.Error("the metrics listener stopped; shutting the server down", "err", err)
		if serr := shutdown(hs, errc); serr != nil {
			log.Error("shutdown", "err", serr)
		}
		return fmt.Errorf("metrics listener stopped: %w", err)
	case <-ctx.Done():
	}
	stop() // a second signal stops the process at once
	log.Info("draining", "for", drain)
	startDrain()
	hs.SetKeepAlivesEnabled(false) // the next requests come on new connections, through the balancer
	time.Sleep(drain)
	log.Info("shutting down")
	return shutdown(hs, errc)
}

// shutdown shuts hs down, letting requests in flight finish within 15 s,
// and waits for its Serve, whose end errc reports.
func shutdown(hs *http.Server, errc <-chan error) error {
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

// observer is the app's observer: the metrics, when they are on.
func observer(m *metrics.Metrics) play.Observer {
	if m == nil {
		return nil
	}
	return m
}

// serveMetrics registers the figures read at each scrape and serves the
// metrics at /metrics on their own listener, ln. died receives the error
// that stops the listener, unless ms.Close stopped it: the server must
// not run on, unwatched, without it.
func serveMetrics(ln net.Listener, m *metrics.Metrics, app *play.App, srv *handlers.Server, store club.Store,
	conns *netlimit.ConnLimiter, log *slog.Logger) (ms *http.Server, died <-chan error) {
	gauge := func(f func(play.Gauges) int) func() float64 {
		return func() float64 { return float64(f(app.Gauges())) }
	}
	m.Gauge("reversi_searches_waiting", "Searches (computer moves, hints, review moves) waiting for a slot.",
		gauge(func(g play.Gauges) int { return g.SearchesWaiting }))
	m.Gauge("reversi_reviews_queued", "Reviews waiting in the queue.", gauge(func(g play.Gauges) int { return g.ReviewsQueued }))
	m.Gauge("reversi_reviews_running", "Reviews being worked out.", gauge(func(g play.Gauges) int { return g.ReviewsRunning }))
	m.Gauge("reversi_waiters_open", "Event streams and long polls open.", func() float64 { return float64(srv.Waiting()) })
	m.Gauge("reversi_connections_open", "Connections open on the public port.", func() float64 { return float64(conns.Open()) })
	m.Counter("reversi_connections_refused_total", "Connections closed at once for their address's or network's cap.",
		func() float64 { return float64(conns.Refused()) })
	m.Counter("reversi_connections_evicted_total", "Idle kept-alive connections closed near the cap for a new one.",
		func() float64 { return float64(conns.Evicted()) })
	if p, ok := store.(interface {
		PoolStats() (open, inUse, idle int, waits int64)
	}); ok {
		stat := func(i int) func() float64 {
			return func() float64 {
				open, inUse, idle, waits := p.PoolStats()
				return float64([]int64{int64(open), int64(inUse), int64(idle), waits}[i])
			}
		}
		m.Gauge("reversi_db_connections_open", "Database connections open (SQLite: the read pool).", stat(0))
		m.Gauge("reversi_db_connections_in_use", "Database connections in use.", stat(1))
		m.Gauge("reversi_db_connections_idle", "Database connections idle.", stat(2))
		m.Counter("reversi_db_connection_waits_total", "Times a request waited for a database connection.", stat(3))
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	ms = metricsServer(mux)
	log.Info("metrics", "addr", "http://"+ln.Addr().String()+"/metrics")
	ln = netlimit.Listen(ln, metricsMaxConns, 0, nil)
	ch := make(chan error, 1)
	go func() {
		if err := ms.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			ch <- err
		}
	}()
	return ms, ch
}

// metricsMaxConns caps the metrics listener's connections: a scraper or
// two need a handful, and a flood of half-sent requests to it must not
// take the files that the public port needs (more wait in the kernel's
// queue).
const metricsMaxConns = 8

// metricsServer serves the metrics with short timeouts: a scrape is one
// small request and a quick answer, so a connection that dawdles is cut
// off within seconds and frees its place.
func metricsServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 2 * time.Second,
		ReadTimeout:       5 * time.Second,
		WriteTimeout:      10 * time.Second,
		IdleTimeout:       10 * time.Second,
	}
}

// servedStore is the store that serve runs on, with what goes with it.
type servedStore struct {
	store    club.Store
	notifier club.Notifier // nil: the app's in-process one
	keys     [][]byte      // the session keys
	name     string        // for the log, without a password
	close    func()
	ready    func(context.Context) error // /readyz's check
}

// readyCheck returns /readyz's check of store: it answers, and has the
// newest of the migrations in fsys applied.
func readyCheck(store club.Store, fsys fs.FS) func(context.Context) error {
	names, _ := fs.Glob(fsys, "*.sql")
	want := names[len(names)-1] // the embedded files are many, and in order
	return func(ctx context.Context) error {
		applied, err := store.Migrations(ctx)
		if err != nil {
			return err
		}
		if !slices.Contains(applied, want) {
			return fmt.Errorf("migration %s is not applied", want)
		}
		return nil
	}
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
		return &servedStore{store: store, keys: keys, name: where, close: func() { store.Close() },
			ready: readyCheck(store, migrations.SQLite())}, nil
	}
	name := redact(where)
	store, err := postgres.Open(ctx, where)
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL at %s: %w", name, maskErr(err, where))
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
		return nil, fmt.Errorf("PostgreSQL at %s: %w", name, maskErr(err, where))
	}
	return &servedStore{store: store, notifier: n, keys: keys, name: name,
		close: func() { n.Close(); store.Close() }, ready: readyCheck(store, migrations.Postgres())}, nil
}

// newSessionSecret returns 32 random bytes in hex.
func newSessionSecret() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// DefaultDrain is how long a server stopped by SIGTERM keeps serving pages
// while /readyz answers 503: a few probes of a balancer.
const DefaultDrain = 5 * time.Second

// headerTimeout and idleTimeout bound how long a connection may stay
// silent: a new one before its request, a kept-alive one between requests.
const (
	headerTimeout = 5 * time.Second
	idleTimeout   = 30 * time.Second
)

// fileReserve is the share of the file limit kept for the database, the
// log and the listeners: an eighth, and at least 64 files.
func fileReserve(files uint64) uint64 { return max(64, files/8) }

// connCap is the connection cap: -max-conns, lowered to what the file
// limit allows once the reserve is set aside (and at least 16).
func connCap(maxConns int, files uint64, known bool) int {
	if !known || files > 1<<30 {
		return maxConns
	}
	allowed := 16
	if r := fileReserve(files); files > r+16 {
		allowed = int(files - r)
	}
	return min(maxConns, allowed)
}

// burst is the burst allowed with a rate: per seconds of it, at least one.
func burst(rate, seconds float64) int { return max(1, int(rate*seconds)) }
