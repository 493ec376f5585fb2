package version

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	for _, tc := range []struct {
		bi   debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{Main: debug.Module{Path: Module, Version: "v1.2.3"}}, "v1.2.3"},
		{debug.BuildInfo{Main: debug.Module{Path: Module, Version: "v0.0.0-20261201203000-abcdef123456+dirty"}}, "v0.0.0-20261201203000-abcdef123456+dirty"},
		{debug.BuildInfo{Main: debug.Module{Path: Module, Version: ""}}, Devel},
		{debug.BuildInfo{Main: debug.Module{Path: "example.com/agent"}, Deps: []*debug.Module{{Path: Module, Version: "v1.4.0"}}}, "v1.4.0"},
		{debug.BuildInfo{Main: debug.Module{Path: "example.com/agent"}, Deps: []*debug.Module{{Path: Module, Version: "v1.4.0", Replace: &debug.Module{Path: "../tscg"}}}}, "v1.4.0"},
		{debug.BuildInfo{Main: debug.Module{Path: "example.com/agent"}}, Devel},
	} {
		if got := fromBuildInfo(&tc.bi); got != tc.want {
			t.Errorf("fromBuildInfo(%+v) = %q, want %q", tc.bi.Main, got, tc.want)
		}
	}
}

func TestLine(t *testing.T) {
	l := Line()
	if !strings.HasPrefix(l, "tscg "+Version()+" go") || strings.Contains(l, "\n") {
		t.Errorf("Line() = %q", l)
	}
}

func TestLineStamped(t *testing.T) {
	for _, tc := range []struct{ v, c, d, want string }{
		{"v1.2.3", "0123456789abcdef0123456789abcdef01234567", "2026-12-05T08:00:00Z", "tscg v1.2.3 (commit 0123456789ab, 2026-12-05T08:00:00Z) go"},
		{"v1.2.3", "abc", "", "tscg v1.2.3 (commit abc) go"},
		{"v1.2.3", "", "2026-12-05T08:00:00Z", "tscg v1.2.3 (2026-12-05T08:00:00Z) go"},
		{Devel, "", "", "tscg (devel) go"},
	} {
		if got := line(tc.v, tc.c, tc.d); !strings.HasPrefix(got, tc.want) {
			t.Errorf("line(%q, %q, %q) = %q, want prefix %q", tc.v, tc.c, tc.d, got, tc.want)
		}
	}
}

// TestStamped builds tscg with the ldflags .goreleaser.yaml passes and
// checks that `tscg version` prints what was stamped.
func TestStamped(t *testing.T) {
	if testing.Short() {
		t.Skip("builds tscg; -short")
	}
	exe := filepath.Join(t.TempDir(), "tscg")
	const pkg = "github.com/tscg/tscg/internal/version"
	ld := "-X " + pkg + ".version=v9.8.7 -X " + pkg + ".commit=0123456789abcdef0123456789abcdef01234567 -X " + pkg + ".date=2026-12-05T08:00:00Z"
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", ld, "-o", exe, "github.com/tscg/tscg/cmd/tscg")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(exe, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	want := "tscg v9.8.7 (commit 0123456789ab, 2026-12-05T08:00:00Z) " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + "\n"
	if string(out) != want {
		t.Errorf("tscg version = %q, want %q", out, want)
	}
}
