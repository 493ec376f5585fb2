// Package dist turns the release archives that `make dist` builds
// (goreleaser, .goreleaser.yaml) into the packages each audience installs
// from: npm packages (a launcher package tscg with one optional dependency
// per platform carrying the binary, esbuild's and biome's design) and
// Python wheels (py3-none-<platform>, the binary a script entry so that
// pip puts tscg on PATH, ruff's design). Everything it writes is a pure
// function of the archives and the version: two runs give the same bytes.
package dist

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Platform is one target of the release build.
type Platform struct {
	GOOS, GOARCH string
	// NodeOS and NodeCPU are Node's process.platform and process.arch,
	// which the npm package's os and cpu fields and its name use.
	NodeOS, NodeCPU string
	// WheelTag is the wheel's platform tag (a compressed tag set).
	WheelTag string
}

// Platforms are the release targets, in the order .goreleaser.yaml lists them.
// Go 1.26 binaries need macOS 12 and, on Linux, only the kernel: the same
// static binary serves glibc (manylinux) and musl (musllinux) systems.
var Platforms = []Platform{
	{"linux", "amd64", "linux", "x64", "manylinux_2_17_x86_64.manylinux2014_x86_64.musllinux_1_1_x86_64"},
	{"linux", "arm64", "linux", "arm64", "manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64"},
	{"darwin", "amd64", "darwin", "x64", "macosx_12_0_x86_64"},
	{"darwin", "arm64", "darwin", "arm64", "macosx_12_0_arm64"},
	{"windows", "amd64", "win32", "x64", "win_amd64"},
	{"windows", "arm64", "win32", "arm64", "win_arm64"},
}

// PlatformOf is the release target for goos/goarch, if there is one.
func PlatformOf(goos, goarch string) (Platform, bool) {
	for _, p := range Platforms {
		if p.GOOS == goos && p.GOARCH == goarch {
			return p, true
		}
	}
	return Platform{}, false
}

// Exe is the binary's file name on p.
func (p Platform) Exe() string {
	if p.GOOS == "windows" {
		return "tscg.exe"
	}
	return "tscg"
}

// Archive is the name goreleaser gives p's archive for version (without
// the leading v): tscg_<version>_<os>_<arch>.tar.gz, .zip on Windows.
func (p Platform) Archive(version string) string {
	ext := ".tar.gz"
	if p.GOOS == "windows" {
		ext = ".zip"
	}
	return "tscg_" + version + "_" + p.GOOS + "_" + p.GOARCH + ext
}

// NPMName is p's npm package, @tscg/<os>-<cpu> in Node's names.
func (p Platform) NPMName() string { return "@tscg/" + p.NodeOS + "-" + p.NodeCPU }

// Binary reads p's tscg binary out of its archive in dir.
func Binary(dir, version string, p Platform) ([]byte, error) {
	name := filepath.Join(dir, p.Archive(version))
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var bin []byte
	if p.GOOS == "windows" {
		bin, err = fromZip(data, p.Exe())
	} else {
		bin, err = fromTarGz(data, p.Exe())
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return bin, nil
}

func fromTarGz(data []byte, exe string) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil, fmt.Errorf("no %s in the archive", exe)
		}
		if err != nil {
			return nil, err
		}
		if h.Typeflag == tar.TypeReg && filepath.Base(h.Name) == exe {
			return io.ReadAll(tr)
		}
	}
}

func fromZip(data []byte, exe string) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	for _, f := range zr.File {
		if !f.FileInfo().IsDir() && filepath.Base(f.Name) == exe {
			rc, err := f.Open()
			if err != nil {
				return nil, err
			}
			defer rc.Close()
			return io.ReadAll(rc)
		}
	}
	return nil, fmt.Errorf("no %s in the archive", exe)
}
