// Package version is tscg's version, read from the binary's build
// information (debug.ReadBuildInfo), so there is nothing to stamp by hand.
package version

import (
	"runtime"
	"runtime/debug"
)

// Module is tscg's module path.
const Module = "github.com/tscg/tscg"

// Devel is the version of a build that recorded none (go run, go test).
const Devel = "(devel)"

// Version is the tscg module's version in this binary: the tag for
// `go install github.com/tscg/tscg/cmd/tscg@v1.2.3`, a pseudo-version
// for a build from a checkout, the required version when tscg is a
// dependency of the main module, else Devel.
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Devel
	}
	return fromBuildInfo(bi)
}

func fromBuildInfo(bi *debug.BuildInfo) string {
	if bi.Main.Path == Module {
		if bi.Main.Version != "" {
			return bi.Main.Version
		}
		return Devel
	}
	for _, d := range bi.Deps {
		if d.Path == Module {
			if d.Replace != nil && d.Replace.Version != "" {
				return d.Replace.Version
			}
			if d.Version != "" {
				return d.Version
			}
		}
	}
	return Devel
}

// Line is what `tscg version` prints: one line.
func Line() string {
	return "tscg " + Version() + " " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
}
