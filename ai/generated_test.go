package ai

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGenerated runs each generator into a temporary file and checks that
// the committed file is what it writes, so an edit to a generator cannot
// land without the code it generates.
func TestGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped with -short: builds and runs the generators")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command on PATH to run the generators: %v", err)
	}
	for _, tc := range []struct{ gen, file string }{
		{"gen_last.go", "last_sq.go"},
		{"gen_leaf.go", "leaf_amd64.s"},
	} {
		t.Run(tc.gen, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), tc.file)
			if msg, err := exec.Command(goBin, "run", tc.gen, "-o", out).CombinedOutput(); err != nil {
				t.Fatalf("go run %s: %v\n%s", tc.gen, err, msg)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s is not what %s writes; run go generate in ai/", tc.file, tc.gen)
			}
		})
	}
}
