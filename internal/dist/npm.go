package dist

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io/fs"
	"sort"
	"strings"
	"time"
)

// npmMtime is the time npm pack gives every entry, so that a tarball
// depends on its contents only.
var npmMtime = time.Date(1985, 10, 26, 8, 15, 0, 0, time.UTC)

// npmFile is one file of an npm package, by its path inside the package.
type npmFile struct {
	path string
	mode int64
	body []byte
}

// npmTarball packs files as npm pack does: gzip'd tar, each entry under
// package/, in path order, with npm's fixed mtime and no owner.
func npmTarball(files []npmFile) ([]byte, error) {
	sort.Slice(files, func(i, j int) bool { return files[i].path < files[j].path })
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	tw := tar.NewWriter(zw)
	for _, f := range files {
		h := &tar.Header{
			Typeflag: tar.TypeReg,
			Name:     "package/" + f.path,
			Mode:     f.mode,
			Size:     int64(len(f.body)),
			ModTime:  npmMtime,
			Format:   tar.FormatPAX,
		}
		if len(h.Name) <= 100 {
			h.Format = tar.FormatUSTAR
		}
		if err := tw.WriteHeader(h); err != nil {
			return nil, err
		}
		if _, err := tw.Write(f.body); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// npmTarballName is the file name npm pack gives name@version:
// @scope/pkg becomes scope-pkg-<version>.tgz.
func npmTarballName(name, version string) string {
	return strings.ReplaceAll(strings.TrimPrefix(name, "@"), "/", "-") + "-" + version + ".tgz"
}

func packageJSON(v any) ([]byte, error) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// NPMPlatform is p's npm package @tscg/<os>-<cpu> for version: a
// package.json whose os and cpu fields let npm install it only there, and
// the binary as bin/tscg (bin/tscg.exe), executable. Its file name and bytes.
func NPMPlatform(version string, p Platform, bin []byte) (string, []byte, error) {
	pj, err := packageJSON(struct {
		Name            string   `json:"name"`
		Version         string   `json:"version"`
		Description     string   `json:"description"`
		Homepage        string   `json:"homepage"`
		OS              []string `json:"os"`
		CPU             []string `json:"cpu"`
		PreferUnplugged bool     `json:"preferUnplugged"`
	}{p.NPMName(), version, "The " + p.GOOS + "/" + p.GOARCH + " binary of " + Summary + ".", homepage, []string{p.NodeOS}, []string{p.NodeCPU}, true})
	if err != nil {
		return "", nil, err
	}
	tgz, err := npmTarball([]npmFile{
		{"package.json", 0o644, pj},
		{"README.md", 0o644, []byte("# " + p.NPMName() + "\n\nThe " + p.GOOS + "/" + p.GOARCH + " binary of [tscg](" + homepage + ") " + version + ".\n" +
			"Install the package `tscg`, not this one: npm picks this one on " + p.NodeOS + "-" + p.NodeCPU + ".\n")},
		{"bin/" + p.Exe(), 0o755, bin},
	})
	return npmTarballName(p.NPMName(), version), tgz, err
}

// NPMMain is the package tscg for version: the launcher bin/tscg.js and an
// optional dependency on every platform's package, of which npm installs
// the one whose os and cpu match. Nothing runs at install time.
func NPMMain(version string) (string, []byte, error) {
	deps := map[string]string{}
	for _, p := range Platforms {
		deps[p.NPMName()] = version
	}
	pj, err := packageJSON(struct {
		Name                 string            `json:"name"`
		Version              string            `json:"version"`
		Description          string            `json:"description"`
		Homepage             string            `json:"homepage"`
		Bin                  map[string]string `json:"bin"`
		Engines              map[string]string `json:"engines"`
		OptionalDependencies map[string]string `json:"optionalDependencies"`
	}{"tscg", version, Summary + ".", homepage, map[string]string{"tscg": "bin/tscg.js"}, map[string]string{"node": ">=16"}, deps})
	if err != nil {
		return "", nil, err
	}
	var names []string
	for _, p := range Platforms {
		names = append(names, p.NodeOS+"-"+p.NodeCPU)
	}
	js := strings.ReplaceAll(launcher, "SUPPORTED", strings.Join(names, ", "))
	tgz, err := npmTarball([]npmFile{
		{"package.json", 0o644, pj},
		{"README.md", 0o644, []byte("# tscg\n\n" + Summary + ".\n\n" +
			"    npm install --save-dev tscg\n    npx tscg version\n    npx tscg build src/server.ts\n\n" +
			"The binary comes in the optional dependency for your platform (" + strings.Join(names, ", ") + "); nothing is downloaded at install time.\n" +
			"See " + homepage + ".\n")},
		{"bin/tscg.js", 0o755, []byte(js)},
	})
	return npmTarballName("tscg", version), tgz, err
}

// launcher runs the binary of the platform package npm installed. It
// passes arguments, standard streams and the exit status through; a signal
// that ended tscg ends the launcher the same way.
const launcher = `#!/usr/bin/env node
"use strict";
// tscg's npm launcher: runs the tscg binary of the optional dependency
// @tscg/<os>-<cpu> that npm installed for this platform. TSCG_BINARY names
// another binary to run instead.
const { spawnSync } = require("child_process");

const platform = process.platform + "-" + process.arch;
const pkg = "@tscg/" + platform;
const exe = process.platform === "win32" ? "tscg.exe" : "tscg";

function binary() {
  if (process.env.TSCG_BINARY) return process.env.TSCG_BINARY;
  try {
    return require.resolve(pkg + "/bin/" + exe);
  } catch (e) {
    process.stderr.write(
      "tscg: the package " + pkg + ", which carries tscg's binary for " + platform + ", is not installed.\n" +
      "  tscg ships binaries for: SUPPORTED.\n" +
      "  If npm ran with --omit=optional or --no-optional, install again without it;\n" +
      "  otherwise build tscg from source (go install ./cmd/tscg in a clone) and set TSCG_BINARY to it.\n");
    process.exit(2);
  }
}

const r = spawnSync(binary(), process.argv.slice(2), { stdio: "inherit" });
if (r.error) {
  process.stderr.write("tscg: " + r.error.message + "\n");
  process.exit(2);
}
if (r.signal) process.kill(process.pid, r.signal);
process.exit(r.status === null ? 2 : r.status);
`

// fileMode is a regular file's fs.FileMode for a permission.
func fileMode(perm uint32) fs.FileMode { return fs.FileMode(perm) }
