package version

import (
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
