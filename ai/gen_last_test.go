package ai

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestLastSqGenerated runs gen_last.go into a temporary file and checks
// that the committed last_sq.go is what it writes, so an edit to the
// generator cannot land without the code it generates.
func TestLastSqGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped with -short: builds and runs the generator")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command on PATH to run the generator: %v", err)
	}
	out := filepath.Join(t.TempDir(), "last_sq.go")
	cmd := exec.Command(goBin, "run", "gen_last.go", "-o", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen_last.go: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("last_sq.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("last_sq.go is not what gen_last.go writes; run go generate in ai/")
	}
}
