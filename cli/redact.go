package cli

import (
	"net/url"
	"slices"
	"strings"
)

// secretParams are the parameters of a database URL whose values are
// credentials: they are masked wherever the URL is logged or shown.
var secretParams = []string{"password", "sslpassword", "sslkey"}

// mask stands in for a credential.
const mask = "xxxxx"

// redact returns a database URL with its credentials masked, for the log:
// the password of its user part and the values of secretParams.
func redact(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(a postgres:// URL)"
	}
	q := u.Query()
	for k := range q {
		if isSecret(k) {
			q.Set(k, mask)
		}
	}
	u.RawQuery = q.Encode()
	return u.Redacted()
}

// secrets returns the credentials in a database URL, as written in it
// and decoded, for masking in error messages.
func secrets(s string) []string {
	u, err := url.Parse(s)
	if err != nil {
		return nil
	}
	var out []string
	if p, ok := u.User.Password(); ok {
		out = append(out, p, url.UserPassword("", p).String()[1:])
	}
	for k, vs := range u.Query() {
		if isSecret(k) {
			for _, v := range vs {
				out = append(out, v, url.QueryEscape(v))
			}
		}
	}
	return out
}

// isSecret reports whether the URL parameter k is a credential.
func isSecret(k string) bool {
	return slices.ContainsFunc(secretParams, func(p string) bool { return strings.EqualFold(k, p) })
}

// maskedErr is an error whose message has the credentials of a database
// URL masked; errors.Is and As still see the error it wraps.
type maskedErr struct {
	msg string
	err error
}

func (e *maskedErr) Error() string { return e.msg }
func (e *maskedErr) Unwrap() error { return e.err }

// maskErr returns err with the credentials of the database URL dbURL
// masked in its message.
func maskErr(err error, dbURL string) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	for _, s := range secrets(dbURL) {
		if len(s) > 1 && s != ":" {
			msg = strings.ReplaceAll(msg, s, mask)
		}
	}
	return &maskedErr{msg: msg, err: err}
}
