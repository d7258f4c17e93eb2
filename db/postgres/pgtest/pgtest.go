// Package pgtest gives tests a fresh PostgreSQL database of their own on
// the server that the environment names, and skips them when it names
// none.
package pgtest

import (
	"context"
	"crypto/rand"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Env names the environment variable that holds the URL of a PostgreSQL
// server for the tests, with a role that may create databases, for example
// postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable.
const Env = "REVERSI_TEST_POSTGRES"

// URL returns the server's URL from the environment. Without one the test
// is skipped and says why; under CI=true it fails instead, since CI starts
// a server for the tests.
func URL(t testing.TB) string {
	t.Helper()
	u := os.Getenv(Env)
	if u == "" {
		msg := "no PostgreSQL server for the tests: set " + Env + " to a postgres:// URL whose role may create databases (.ci/run shows how to start a throwaway one)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return u
}

// NewDatabase creates an empty database, which is dropped when the test
// and its subtests have finished, and returns its URL.
func NewDatabase(t testing.TB) string {
	t.Helper()
	admin := URL(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("connect to %s: %v", Env, err)
	}
	defer conn.Close(ctx)
	name := "reversi_test_" + rand.Text()[:12]
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(ctx, admin)
		if err != nil {
			t.Errorf("drop database %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP DATABASE "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			t.Errorf("drop database %s: %v", name, err)
		}
	})
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	u.Path = "/" + name
	return u.String()
}

// Exec runs statements on the database at url, for a test's setup.
func Exec(t testing.TB, dbURL, sql string, args ...any) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}
