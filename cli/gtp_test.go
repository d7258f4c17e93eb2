package cli

import (
	"strings"
	"testing"
)

func TestGTPCommand(t *testing.T) {
	tests := []struct {
		args    []string
		in      string
		want    string
		wantErr bool
	}{
		{[]string{"-level", "easy"}, "name\nquit\n", "= reversi easy\n\n=\n\n", false},
		{[]string{"-size", "6"}, "play black c2\n", "=\n\n", false},
		{[]string{"-level", "master"}, "", "", true},
		{[]string{"-size", "7"}, "", "", true},
		{[]string{"-level", "hard", "-nodes", "2000", "-movetime", "1s"}, "genmove black\nquit\n", "= d3\n\n=\n\n", false},
		{[]string{"-movetime", "soon"}, "", "", true},
	}
	for _, tt := range tests {
		var out strings.Builder
		err := gtpMain(strings.NewReader(tt.in), &out, tt.args)
		if (err != nil) != tt.wantErr || out.String() != tt.want {
			t.Errorf("gtp %q with %q = %q, %v, want %q (error %v)", tt.args, tt.in, out.String(), err, tt.want, tt.wantErr)
		}
	}
}
