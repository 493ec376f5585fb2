// Command tscg-dist is the second half of `make dist`: after goreleaser has
// written the archives tscg_<version>_<os>_<arch>.tar.gz (.zip) to dist/,
// it writes the npm packages to dist/npm/ and the Python wheels to
// dist/pypi/, each folder with its checksums.txt. Same archives, same bytes.
//
//	go run ./internal/dist/cmd/tscg-dist [-dir dist] [-version 1.2.3] [-date RFC3339]
//	go run ./internal/dist/cmd/tscg-dist -bin tscg -version 1.2.3 -dir out [-goos linux -goarch amd64]
//
// -version defaults to the version in goreleaser's dist/metadata.json;
// -date (the commit's date, the wheels' zip entry time) to 1980-01-01.
// With -bin, it packs that one binary (built for -goos/-goarch, by default
// this machine's) instead of the archives: the launcher package, that
// platform's npm package and its wheel, into DIR/npm and DIR/pypi. .ci/run
// uses it to check the installs without the six-target build.
package main

import (
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/tscg/tscg/internal/dist"
)

func main() {
	dir := flag.String("dir", "dist", "goreleaser's output folder, holding the archives")
	version := flag.String("version", "", "release version without the leading v (default: from DIR/metadata.json)")
	date := flag.String("date", "", "the commit's date, RFC 3339: the time of the wheels' zip entries (default 1980-01-01)")
	bin := flag.String("bin", "", "pack this one binary instead of the archives in DIR (needs -version)")
	goos := flag.String("goos", runtime.GOOS, "with -bin: the binary's GOOS")
	goarch := flag.String("goarch", runtime.GOARCH, "with -bin: the binary's GOARCH")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "tscg-dist: unexpected argument %q (flags only)\n", flag.Arg(0))
		os.Exit(2)
	}
	if *bin != "" && *version == "" {
		fmt.Fprintln(os.Stderr, "tscg-dist: -bin needs -version")
		os.Exit(2)
	}
	if err := run(*dir, *version, *date, *bin, *goos, *goarch); err != nil {
		fmt.Fprintln(os.Stderr, "tscg-dist:", err)
		os.Exit(1)
	}
}

func run(dir, version, date, bin, goos, goarch string) error {
	if version == "" {
		meta := filepath.Join(dir, "metadata.json")
		b, err := os.ReadFile(meta)
		if err != nil {
			return fmt.Errorf("no -version and %v", err)
		}
		var m struct{ Version string }
		if err := json.Unmarshal(b, &m); err != nil || m.Version == "" {
			return fmt.Errorf("%s: no version in it (%v)", meta, err)
		}
		version = m.Version
	}
	version = strings.TrimPrefix(version, "v")
	mtime := time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)
	if date != "" {
		t, err := time.Parse(time.RFC3339, date)
		if err != nil {
			return fmt.Errorf("-date: %v", err)
		}
		if t.After(mtime) {
			mtime = t.UTC()
		}
	}
	npm, pypi := filepath.Join(dir, "npm"), filepath.Join(dir, "pypi")
	outs := map[string]map[string][]byte{npm: {}, pypi: {}}
	name, tgz, err := dist.NPMMain(version)
	if err != nil {
		return err
	}
	outs[npm][name] = tgz
	platforms := dist.Platforms
	if bin != "" {
		p, ok := dist.PlatformOf(goos, goarch)
		if !ok {
			return fmt.Errorf("-bin: %s/%s is not a release target", goos, goarch)
		}
		platforms = []dist.Platform{p}
	}
	for _, p := range platforms {
		var exe []byte
		var err error
		if bin != "" {
			exe, err = os.ReadFile(bin)
		} else {
			exe, err = dist.Binary(dir, version, p)
		}
		if err != nil {
			return err
		}
		name, tgz, err := dist.NPMPlatform(version, p, exe)
		if err != nil {
			return err
		}
		outs[npm][name] = tgz
		name, whl, err := dist.Wheel(version, p, exe, mtime)
		if err != nil {
			return err
		}
		outs[pypi][name] = whl
	}
	for _, d := range []string{npm, pypi} {
		if err := os.RemoveAll(d); err != nil {
			return err
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
		var names []string
		for n := range outs[d] {
			names = append(names, n)
		}
		sort.Strings(names)
		var sums strings.Builder
		for _, n := range names {
			if err := os.WriteFile(filepath.Join(d, n), outs[d][n], 0o644); err != nil {
				return err
			}
			fmt.Fprintf(&sums, "%x  %s\n", sha256.Sum256(outs[d][n]), n)
			fmt.Println("wrote", filepath.Join(d, n))
		}
		if err := os.WriteFile(filepath.Join(d, "checksums.txt"), []byte(sums.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}
