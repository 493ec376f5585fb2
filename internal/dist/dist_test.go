package dist

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"
)

// pep440RE is PEP 440's canonical public+local form (its appendix B regex
// for normalized versions, restricted to what PEP440 emits).
var pep440RE = regexp.MustCompile(`^(0|[1-9][0-9]*)(\.(0|[1-9][0-9]*))*((a|b|rc)(0|[1-9][0-9]*))?(\.dev(0|[1-9][0-9]*))?(\+[a-z0-9]+(\.[a-z0-9]+)*)?$`)

func TestPEP440(t *testing.T) {
	// Each want is what Python's packaging.version.Version(want) prints
	// back unchanged (its normal form).
	for _, tc := range []struct{ in, want string }{
		{"1.2.3", "1.2.3"},
		{"0.0.1-dev.g0123abc", "0.0.1.dev0+g0123abc"},
		{"0.0.1-dev.g0123abc", "0.0.1.dev0+g0123abc"},
		{"1.2.3-rc.1", "1.2.3rc1"},
		{"1.2.3-rc1", "1.2.3rc1"},
		{"1.2.3-RC.01", "1.2.3rc1"},
		{"1.2.3-alpha", "1.2.3a0"},
		{"1.2.3-beta.2.x-y", "1.2.3b2+x.y"},
		{"1.2.3-dev.4", "1.2.3.dev4"},
		{"1.2.3-snapshot.0123", "1.2.3.dev0+snapshot.123"},
		{"1.2.3+build.7", "1.2.3+build.7"},
		{"1.2.3-rc.1+Linux", "1.2.3rc1+linux"},
	} {
		got, err := PEP440(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("PEP440(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "v1.2.3", "1.2", "01.2.3", "1.2.3-", "1.2.3-a..b", "1.2.3+"} {
		if got, err := PEP440(bad); err == nil {
			t.Errorf("PEP440(%q) = %q, want an error", bad, got)
		}
	}
}

func FuzzPEP440(f *testing.F) {
	for _, s := range []string{"1.2.3", "0.0.1-dev.g0123abc", "1.2.3-rc.1+b", "1.2.3-beta.2.x-y", "1.0.0-0", "1.0.0--.-", "9.9.9-rc9x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := PEP440(s)
		if err != nil {
			if semverRE.MatchString(s) {
				t.Fatalf("PEP440(%q): %v for a semantic version", s, err)
			}
			return
		}
		if !pep440RE.MatchString(got) {
			t.Fatalf("PEP440(%q) = %q, not a normalized PEP 440 version", s, got)
		}
		if !strings.HasPrefix(got, strings.SplitN(strings.SplitN(s, "-", 2)[0], "+", 2)[0]) {
			t.Fatalf("PEP440(%q) = %q lost the release number", s, got)
		}
	})
}

func TestWheel(t *testing.T) {
	bin := []byte("\x7fELF pretend binary")
	mtime := time.Date(2026, 12, 5, 8, 0, 0, 0, time.UTC)
	for _, p := range Platforms {
		name, data, err := Wheel("0.1.0-dev.g0123abc", p, bin, mtime)
		if err != nil {
			t.Fatal(err)
		}
		if want := "tscg-0.1.0.dev0+g0123abc-py3-none-" + p.WheelTag + ".whl"; name != want {
			t.Errorf("name %q, want %q", name, want)
		}
		_, again, _ := Wheel("0.1.0-dev.g0123abc", p, bin, mtime)
		if !bytes.Equal(data, again) {
			t.Errorf("%s: two runs differ", name)
		}
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		files := map[string][]byte{}
		var order []string
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(rc)
			rc.Close()
			files[f.Name] = b
			order = append(order, f.Name)
			if !f.Modified.Equal(mtime) {
				t.Errorf("%s: %s modified %v", name, f.Name, f.Modified)
			}
			if strings.Contains(f.Name, "/scripts/") && f.Mode().Perm() != 0o755 {
				t.Errorf("%s: script mode %v", name, f.Mode())
			}
		}
		script := "tscg-0.1.0.dev0+g0123abc.data/scripts/" + p.Exe()
		if !bytes.Equal(files[script], bin) {
			t.Errorf("%s: no binary at %s (%v)", name, script, order)
		}
		info := "tscg-0.1.0.dev0+g0123abc.dist-info/"
		if order[len(order)-1] != info+"RECORD" {
			t.Errorf("%s: RECORD is not last: %v", name, order)
		}
		if w := string(files[info+"WHEEL"]); !strings.Contains(w, "Tag: py3-none-"+p.WheelTag+"\n") || !strings.Contains(w, "Root-Is-Purelib: false\n") {
			t.Errorf("%s: WHEEL:\n%s", name, w)
		}
		if m := string(files[info+"METADATA"]); !strings.HasPrefix(m, "Metadata-Version: 2.1\nName: tscg\nVersion: 0.1.0.dev0+g0123abc\n") {
			t.Errorf("%s: METADATA:\n%s", name, m)
		}
		// RECORD: every other file, with its sha256 and size.
		lines := strings.Split(strings.TrimSuffix(string(files[info+"RECORD"]), "\n"), "\n")
		if len(lines) != len(files) {
			t.Errorf("%s: RECORD has %d lines for %d files", name, len(lines), len(files))
		}
		for _, l := range lines {
			parts := strings.Split(l, ",")
			if len(parts) != 3 {
				t.Fatalf("%s: RECORD line %q", name, l)
			}
			if parts[0] == info+"RECORD" {
				if parts[1] != "" || parts[2] != "" {
					t.Errorf("%s: RECORD's own line %q", name, l)
				}
				continue
			}
			b, ok := files[parts[0]]
			sum := sha256.Sum256(b)
			if !ok || parts[1] != "sha256="+base64.RawURLEncoding.EncodeToString(sum[:]) || parts[2] != fmt.Sprint(len(b)) {
				t.Errorf("%s: RECORD line %q does not match the file", name, l)
			}
		}
	}
}

func untgz(t *testing.T, data []byte) (map[string][]byte, map[string]int64) {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	files, modes := map[string][]byte{}, map[string]int64{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files, modes
		}
		if err != nil {
			t.Fatal(err)
		}
		if !h.ModTime.Equal(npmMtime) {
			t.Errorf("%s: mtime %v", h.Name, h.ModTime)
		}
		b, _ := io.ReadAll(tr)
		files[h.Name], modes[h.Name] = b, h.Mode
	}
}

func TestNPM(t *testing.T) {
	bin := []byte("pretend binary")
	for _, p := range Platforms {
		name, data, err := NPMPlatform("0.1.0-dev.g0123abc", p, bin)
		if err != nil {
			t.Fatal(err)
		}
		if want := "tscg-" + p.NodeOS + "-" + p.NodeCPU + "-0.1.0-dev.g0123abc.tgz"; name != want {
			t.Errorf("name %q, want %q", name, want)
		}
		files, modes := untgz(t, data)
		exe := "package/bin/" + p.Exe()
		if !bytes.Equal(files[exe], bin) || modes[exe] != 0o755 {
			t.Errorf("%s: %s mode %o", name, exe, modes[exe])
		}
		var pj struct {
			Name, Version string
			OS, CPU       []string
		}
		if err := json.Unmarshal(files["package/package.json"], &pj); err != nil {
			t.Fatal(err)
		}
		if pj.Name != p.NPMName() || pj.Version != "0.1.0-dev.g0123abc" || len(pj.OS) != 1 || pj.OS[0] != p.NodeOS || len(pj.CPU) != 1 || pj.CPU[0] != p.NodeCPU {
			t.Errorf("%s: package.json %+v", name, pj)
		}
	}
	name, data, err := NPMMain("0.1.0")
	if err != nil {
		t.Fatal(err)
	}
	if name != "tscg-0.1.0.tgz" {
		t.Errorf("name %q", name)
	}
	files, modes := untgz(t, data)
	var pj struct {
		Name                 string
		Bin                  map[string]string
		Scripts              map[string]string
		OptionalDependencies map[string]string
	}
	if err := json.Unmarshal(files["package/package.json"], &pj); err != nil {
		t.Fatal(err)
	}
	if pj.Name != "tscg" || pj.Bin["tscg"] != "bin/tscg.js" || len(pj.OptionalDependencies) != len(Platforms) || pj.Scripts != nil {
		t.Errorf("package.json %+v", pj)
	}
	for _, p := range Platforms {
		if pj.OptionalDependencies[p.NPMName()] != "0.1.0" {
			t.Errorf("no optional dependency %s@0.1.0: %v", p.NPMName(), pj.OptionalDependencies)
		}
	}
	js := string(files["package/bin/tscg.js"])
	if modes["package/bin/tscg.js"] != 0o755 || !strings.HasPrefix(js, "#!/usr/bin/env node\n") || strings.Contains(js, "SUPPORTED") || !strings.Contains(js, "linux-x64, linux-arm64") {
		t.Errorf("launcher mode %o:\n%s", modes["package/bin/tscg.js"], js)
	}
	_, again, _ := NPMMain("0.1.0")
	if !bytes.Equal(data, again) {
		t.Error("two runs differ")
	}
}

func TestPlatformOf(t *testing.T) {
	for _, p := range Platforms {
		if got, ok := PlatformOf(p.GOOS, p.GOARCH); !ok || got != p {
			t.Errorf("PlatformOf(%s, %s) = %v, %v", p.GOOS, p.GOARCH, got, ok)
		}
	}
	if p, ok := PlatformOf("plan9", "amd64"); ok {
		t.Errorf("PlatformOf(plan9, amd64) = %v, want none", p)
	}
}
