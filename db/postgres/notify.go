package postgres

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Backoff bounds between connection attempts of a Notifier's listener.
const (
	minBackoff = 100 * time.Millisecond
	maxBackoff = 5 * time.Second
)

// idlePing is how long the listener waits for a notification before it
// checks, with a ping, that its connection still works: a connection cut
// without a word (a network partition) would otherwise wait forever. A
// variable, for tests.
var idlePing = 30 * time.Second

// Notifier carries "this game changed" between the app servers of one
// database. It has the methods of the core's Notifier interface (club.Notifier) (Notify
// and Subscribe) and is passed to them as such.
//
// It listens on [Channel] over a connection of its own, outside the pool.
// The store sends the notification in the same transaction as the change
// (PostgreSQL delivers it at commit, to every listening server, this one
// included), so Notify has only the local waiters to wake, at once. When
// the connection drops, the Notifier reconnects with a growing delay, and
// once it listens again it wakes every local waiter, since notifications
// sent meanwhile are lost: each waiter reads its game again and sees what
// it missed.
type Notifier struct {
	cfg *pgx.ConnConfig
	log *slog.Logger

	mu   sync.Mutex
	subs map[string]map[chan struct{}]struct{}

	// listening is closed and replaced by each (re)connection that
	// listens, for tests that wait on it.
	listening chan struct{}
	conn      *pgx.Conn // the current connection, while listening

	cancel context.CancelFunc
	done   chan struct{}
	// idle is idlePing when the Notifier was made; pinged receives after
	// each ping that succeeded; both for tests.
	idle   time.Duration
	pinged chan struct{}
}

// Listen connects to the database at url, listens on [Channel] and returns
// the Notifier, which keeps listening until Close. An unreachable database
// is an error that wraps club.ErrUnavailable; later losses of the connection
// are logged and repaired.
func Listen(ctx context.Context, url string, log *slog.Logger) (*Notifier, error) {
	// The pool's parser takes the pool's own parameters (pool_max_conns,
	// …) out of the URL; pgx's alone would send them to the server.
	pcfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, errors.New("listen: not a valid postgres:// URL")
	}
	cfg := pcfg.ConnConfig
	if cfg.ConnectTimeout == 0 {
		cfg.ConnectTimeout = connectTimeout
	}
	cfg.RuntimeParams["application_name"] = "reversi listener"
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	n := &Notifier{cfg: cfg, log: log, subs: make(map[string]map[chan struct{}]struct{}),
		listening: make(chan struct{}), done: make(chan struct{}), idle: idlePing, pinged: make(chan struct{}, 1)}
	conn, err := n.connect(ctx)
	if err != nil {
		return nil, fmt.Errorf("listen: %w", wrap(err))
	}
	runCtx, cancel := context.WithCancel(context.Background())
	n.cancel = cancel
	go n.run(runCtx, conn)
	return n, nil
}

// connect opens a connection and listens on it.
func (n *Notifier) connect(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.ConnectConfig(ctx, n.cfg)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, `LISTEN `+Channel); err != nil {
		conn.Close(context.Background())
		return nil, err
	}
	n.mu.Lock()
	n.conn = conn
	close(n.listening)
	n.listening = make(chan struct{})
	n.mu.Unlock()
	return conn, nil
}

// run delivers notifications until ctx ends, reconnecting as needed.
func (n *Notifier) run(ctx context.Context, conn *pgx.Conn) {
	defer close(n.done)
	for {
		err := n.receive(ctx, conn)
		n.mu.Lock()
		n.conn = nil
		n.mu.Unlock()
		conn.Close(context.Background())
		if ctx.Err() != nil {
			return
		}
		n.log.Warn("notifications: connection lost; reconnecting", "err", err)
		if conn = n.reconnect(ctx); conn == nil {
			return
		}
		n.log.Info("notifications: listening again")
		n.wakeAll() // what was sent while we were away is lost
	}
}

// receive wakes the waiters of each notified game until the connection
// fails or ctx ends.
func (n *Notifier) receive(ctx context.Context, conn *pgx.Conn) error {
	for {
		wctx, cancel := context.WithTimeout(ctx, n.idle)
		msg, err := conn.WaitForNotification(wctx)
		cancel()
		switch {
		case err == nil:
			n.Notify(msg.Payload)
		case ctx.Err() != nil:
			return ctx.Err()
		case errors.Is(err, context.DeadlineExceeded) && !conn.IsClosed():
			if err := conn.Ping(ctx); err != nil {
				return err
			}
			wake(n.pinged)
		default:
			return err
		}
	}
}

// reconnect tries to connect again, waiting longer after each failure (up
// to maxBackoff, with jitter so that servers do not all come back at the
// same instant). It returns nil only when ctx ends.
func (n *Notifier) reconnect(ctx context.Context) *pgx.Conn {
	wait := minBackoff
	for {
		d := wait/2 + rand.N(wait/2+1)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(d):
		}
		conn, err := n.connect(ctx)
		if err == nil {
			return conn
		}
		if ctx.Err() != nil {
			return nil
		}
		n.log.Warn("notifications: reconnect failed", "err", err, "retry_in", wait)
		wait = min(2*wait, maxBackoff)
	}
}

// Notify wakes this server's waiters on the game. The other servers learn
// of the change from the notification that the store sent with it.
func (n *Notifier) Notify(gameID string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for ch := range n.subs[gameID] {
		wake(ch)
	}
}

// wakeAll wakes every local waiter, on every game.
func (n *Notifier) wakeAll() {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, chs := range n.subs {
		for ch := range chs {
			wake(ch)
		}
	}
}

func wake(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default: // a wake-up is already pending there
	}
}

// Subscribe returns a channel that receives after changes to the game
// (several changes may arrive as one, and a reconnection wakes it with no
// change at all), and a function that ends the subscription.
func (n *Notifier) Subscribe(gameID string) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	n.mu.Lock()
	if n.subs[gameID] == nil {
		n.subs[gameID] = make(map[chan struct{}]struct{})
	}
	n.subs[gameID][ch] = struct{}{}
	n.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			n.mu.Lock()
			defer n.mu.Unlock()
			delete(n.subs[gameID], ch)
			if len(n.subs[gameID]) == 0 {
				delete(n.subs, gameID)
			}
		})
	}
}

// Close stops listening and closes the connection.
func (n *Notifier) Close() error {
	n.cancel()
	<-n.done
	return nil
}

// backendPID returns the server process id of the listening connection,
// or 0 while there is none, and a channel closed at the next connection.
func (n *Notifier) backendPID() (uint32, <-chan struct{}) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.conn == nil {
		return 0, n.listening
	}
	return n.conn.PgConn().PID(), n.listening
}
