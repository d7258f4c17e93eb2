package game

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestFlipsSqGenerated runs gen_flips.go into a temporary file and checks
// that the committed flips64_sq.go is what it writes, so an edit to the
// generator cannot land without the code it generates.
func TestFlipsSqGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped with -short: builds and runs the generator")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command on PATH to run the generator: %v", err)
	}
	out := filepath.Join(t.TempDir(), "flips64_sq.go")
	cmd := exec.Command(goBin, "run", "gen_flips.go", "-o", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen_flips.go: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("flips64_sq.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("flips64_sq.go is not what gen_flips.go writes; run go generate in game/")
	}
}
