// Package static holds the stylesheet and the board script, embedded, and
// serves them under names that carry a hash of their content, so that
// browsers may cache them for a year. Each is gzipped once, at start-up.
package static

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
)

//go:embed app.css board.js online.js replay.js clock.js time.js icon.svg
var files embed.FS

// Asset is one static file, ready to serve.
type Asset struct {
	Path        string // "/static/app.1a2b3c4d5e6f.css"
	ContentType string
	Body        []byte
	Gzip        []byte // Body, gzipped at the best compression
}

// assets are the files, each loaded, hashed and gzipped once, at
// start-up; the functions below give copies, so nothing exported can be
// changed from outside.
var assets = struct{ css, js, live, replay, clock, time, icon *Asset }{
	css:    load("app.css", "text/css; charset=utf-8"),
	js:     load("board.js", "text/javascript; charset=utf-8"),
	live:   load("online.js", "text/javascript; charset=utf-8"),
	replay: load("replay.js", "text/javascript; charset=utf-8"),
	clock:  load("clock.js", "text/javascript; charset=utf-8"),
	time:   load("time.js", "text/javascript; charset=utf-8"),
	icon:   load("icon.svg", "image/svg+xml"),
}

// CSS is the stylesheet.
func CSS() Asset { return *assets.css }

// JS is the board's script: the arrow keys, sounds and animations.
func JS() Asset { return *assets.js }

// Live is the online games' live-update script.
func Live() Asset { return *assets.live }

// Replay is the replay page's script: the arrow keys step.
func Replay() Asset { return *assets.replay }

// Clock is a clocked game's countdown: the running clock, each second.
func Clock() Asset { return *assets.clock }

// Time says a page's UTC times in the visitor's time zone.
func Time() Asset { return *assets.time }

// Icon is the favicon. Pages name it by a fixed path, IconPath, so that no
// page needs its hash; it is cached for a day.
func Icon() Asset { return *assets.icon }

// IconPath is where the favicon is served.
const IconPath = "/static/icon.svg"

func load(name, contentType string) *Asset {
	body, err := files.ReadFile(name)
	if err != nil {
		panic("static: " + err.Error()) // embedded: cannot happen
	}
	if strings.HasSuffix(name, ".css") {
		body = stripComments(body)
	}
	sum := sha256.Sum256(body)
	base, ext, _ := strings.Cut(name, ".")
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(body)
	zw.Close()
	return &Asset{
		Path:        "/static/" + base + "." + hex.EncodeToString(sum[:6]) + "." + ext,
		ContentType: contentType,
		Body:        body,
		Gzip:        gz.Bytes(),
	}
}

// stripComments drops a stylesheet's comments, and the blank lines they
// leave, from what is served: the file keeps them for its readers, the
// players do not download them. (The stylesheet holds no "/*" inside a
// string.)
func stripComments(css []byte) []byte {
	var out []byte
	for {
		start := bytes.Index(css, []byte("/*"))
		if start < 0 {
			break
		}
		end := bytes.Index(css[start+2:], []byte("*/"))
		if end < 0 {
			break
		}
		out = append(out, css[:start]...)
		css = css[start+2+end+2:]
	}
	out = append(out, css...)
	for bytes.Contains(out, []byte("\n\n")) {
		out = bytes.ReplaceAll(out, []byte("\n\n"), []byte("\n"))
	}
	return out
}

// Handler serves the assets by their hashed paths, gzipped when the client
// accepts it, with a year-long immutable cache lifetime. Any other path is
// a 404.
func Handler() http.Handler {
	a := assets
	byPath := map[string]*Asset{a.css.Path: a.css, a.js.Path: a.js, a.live.Path: a.live, a.replay.Path: a.replay,
		a.clock.Path: a.clock, a.time.Path: a.time, IconPath: a.icon}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a, ok := byPath[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", a.ContentType)
		if r.URL.Path == IconPath {
			h.Set("Cache-Control", "public, max-age=86400")
		} else {
			h.Set("Cache-Control", "public, max-age=31536000, immutable")
		}
		h.Set("Vary", "Accept-Encoding")
		body := a.Body
		if AcceptsGzip(r) {
			h.Set("Content-Encoding", "gzip")
			body = a.Gzip
		}
		h.Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			w.Write(body)
		}
	})
}

// AcceptsGzip reports whether the request's Accept-Encoding allows gzip.
func AcceptsGzip(r *http.Request) bool {
	for part := range strings.SplitSeq(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") || strings.TrimSpace(coding) == "*" {
			q := strings.TrimSpace(params)
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}
