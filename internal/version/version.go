// Package version is tscg's version. A release build (make dist) stamps
// the version, commit and date with -ldflags -X; any other build reads the
// module version and VCS facts from the binary's build information
// (debug.ReadBuildInfo), so there is nothing to stamp by hand.
package version

import (
	"runtime"
	"runtime/debug"
)

// Module is tscg's module path.
const Module = "github.com/tscg/tscg"

// Devel is the version of a build that recorded none (go run, go test).
const Devel = "(devel)"

// Set by the release build (.goreleaser.yaml):
//
//	-X github.com/tscg/tscg/internal/version.version=v1.2.3
//	-X github.com/tscg/tscg/internal/version.commit=<full commit hash>
//	-X github.com/tscg/tscg/internal/version.date=<commit date, RFC 3339>
var version, commit, date string

// Version is the tscg version of this binary: the stamped release version,
// else the module version — the tag for
// `go install github.com/tscg/tscg/cmd/tscg@v1.2.3`, a pseudo-version
// for a build from a checkout, the required version when tscg is a
// dependency of the main module — else Devel.
func Version() string {
	if version != "" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Devel
	}
	return fromBuildInfo(bi)
}

// Commit is the commit the binary was built from: stamped, else the
// vcs.revision the go command recorded, else "".
func Commit() string {
	if commit != "" {
		return commit
	}
	return setting("vcs.revision")
}

// Date is the date of that commit (RFC 3339): stamped, else vcs.time,
// else "". It is the commit's date, not the build's, so that two builds
// of one commit are the same bytes.
func Date() string {
	if date != "" {
		return date
	}
	return setting("vcs.time")
}

func setting(key string) string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, s := range bi.Settings {
		if s.Key == key {
			return s.Value
		}
	}
	return ""
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

// Line is what `tscg version` prints: one line,
//
//	tscg v1.2.3 (commit 0123456789ab, 2026-12-05T08:00:00Z) go1.26.8 linux/amd64
//
// where the parenthesis is left out when neither commit nor date is known.
func Line() string {
	return line(Version(), Commit(), Date())
}

func line(v, c, d string) string {
	s := "tscg " + v
	if len(c) > 12 {
		c = c[:12]
	}
	switch {
	case c != "" && d != "":
		s += " (commit " + c + ", " + d + ")"
	case c != "":
		s += " (commit " + c + ")"
	case d != "":
		s += " (" + d + ")"
	}
	return s + " " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
}
