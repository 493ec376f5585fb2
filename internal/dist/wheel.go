package dist

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// Summary is the one-line description the packages carry.
const Summary = "tscg, a tool-schema compiler for LLM agents: lint, build and serve tool schemas written in TypeScript (zod), Python, Go or JSON"

const homepage = "https://github.com/tscg/tscg"

var semverRE = regexp.MustCompile(`^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$`)

// PEP440 is the Python package version for a semantic version (without
// the leading v), as PEP 440 normalizes it: 1.2.3-rc.1 is 1.2.3rc1,
// 1.2.3-alpha.2 is 1.2.3a2, 1.2.3-beta is 1.2.3b0, 1.2.3-dev.4 is
// 1.2.3.dev4, and any other pre-release such as the snapshot's
// 1.2.4-dev.g0123abc is a development release whose other identifiers are
// the local version: 1.2.4.dev0+g0123abc. Build metadata joins the local
// version. Each maps to a version that sorts where the semantic one does
// among releases of the same X.Y.Z.
func PEP440(semver string) (string, error) {
	m := semverRE.FindStringSubmatch(semver)
	if m == nil {
		return "", fmt.Errorf("version %q is not a semantic version X.Y.Z[-pre][+build]", semver)
	}
	v := m[1] + "." + m[2] + "." + m[3]
	var local []string
	if m[4] != "" {
		ids := strings.Split(m[4], ".")
		kind, num, rest := preKind(ids)
		switch kind {
		case "a", "alpha":
			v += "a" + num
		case "b", "beta":
			v += "b" + num
		case "c", "rc", "pre", "preview":
			v += "rc" + num
		case "dev":
			v += ".dev" + num
		default:
			// Not a kind PEP 440 knows: a development release, with all
			// the identifiers kept as the local version.
			v += ".dev0"
			rest = ids
		}
		local = append(local, rest...)
	}
	if m[5] != "" {
		local = append(local, strings.Split(m[5], ".")...)
	}
	if len(local) > 0 {
		var segs []string
		for _, id := range local {
			// A local segment is letters and digits; "-" separates as ".".
			for _, s := range strings.Split(strings.ToLower(id), "-") {
				if s != "" {
					segs = append(segs, number(s))
				}
			}
		}
		if len(segs) > 0 {
			v += "+" + strings.Join(segs, ".")
		}
	}
	return v, nil
}

// preKind splits a pre-release's identifiers into its kind ("rc"), its
// number ("1", from "rc.1" or "rc1"; "0" when there is none) and the rest.
func preKind(ids []string) (kind, num string, rest []string) {
	kind, num, rest = strings.ToLower(ids[0]), "0", ids[1:]
	if i := strings.IndexAny(kind, "0123456789"); i > 0 && digits(kind[i:]) && !strings.ContainsAny(kind[:i], "0123456789-") {
		kind, num = kind[:i], kind[i:]
	} else if len(rest) > 0 && digits(rest[0]) {
		num, rest = rest[0], rest[1:]
	}
	return kind, number(num), rest
}

// number drops the leading zeros of an all-digit segment, as PEP 440's
// normal form does; other segments are kept.
func number(s string) string {
	if !digits(s) {
		return s
	}
	if t := strings.TrimLeft(s, "0"); t != "" {
		return t
	}
	return "0"
}

func digits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// Wheel is p's wheel for version (a semantic version without the v): its
// file name tscg-<pep440>-py3-none-<platform>.whl and its bytes. The
// binary is the script tscg-<pep440>.data/scripts/tscg[.exe], which pip
// installs into the environment's bin (Scripts on Windows), so tscg is on
// PATH. Every zip entry carries mtime, the entries are in a fixed order,
// and RECORD lists each with its sha256, as the wheel format (PEP 427) says.
func Wheel(version string, p Platform, bin []byte, mtime time.Time) (string, []byte, error) {
	pv, err := PEP440(version)
	if err != nil {
		return "", nil, err
	}
	// The file name's version escapes "-" (there is none after PEP 440)
	// and "+" is kept, as pip and the wheel spec allow.
	tag := "py3-none-" + p.WheelTag
	name := "tscg-" + pv + "-" + tag + ".whl"
	data := "tscg-" + pv + ".data/"
	info := "tscg-" + pv + ".dist-info/"
	metadata := "Metadata-Version: 2.1\n" +
		"Name: tscg\n" +
		"Version: " + pv + "\n" +
		"Summary: " + Summary + "\n" +
		"Home-page: " + homepage + "\n" +
		"Requires-Python: >=3.7\n" +
		"Description-Content-Type: text/markdown\n" +
		"\n" +
		"# tscg\n\n" + Summary + ".\n\n" +
		"This wheel carries the tscg binary for " + p.GOOS + "/" + p.GOARCH + " (version " + version + ");\n" +
		"`pip install tscg` puts `tscg` on PATH. Try `tscg version`.\n"
	wheel := "Wheel-Version: 1.0\n" +
		"Generator: tscg make dist\n" +
		"Root-Is-Purelib: false\n" +
		"Tag: " + tag + "\n"
	files := []struct {
		name string
		mode uint32
		body []byte
	}{
		{data + "scripts/" + p.Exe(), 0o755, bin},
		{info + "METADATA", 0o644, []byte(metadata)},
		{info + "WHEEL", 0o644, []byte(wheel)},
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	var record strings.Builder
	add := func(name string, mode uint32, body []byte) error {
		h := &zip.FileHeader{Name: name, Method: zip.Deflate, Modified: mtime.UTC()}
		h.SetMode(fileMode(mode))
		w, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		_, err = w.Write(body)
		return err
	}
	for _, f := range files {
		if err := add(f.name, f.mode, f.body); err != nil {
			return "", nil, err
		}
		sum := sha256.Sum256(f.body)
		fmt.Fprintf(&record, "%s,sha256=%s,%d\n", f.name, base64.RawURLEncoding.EncodeToString(sum[:]), len(f.body))
	}
	record.WriteString(info + "RECORD,,\n")
	if err := add(info+"RECORD", 0o644, []byte(record.String())); err != nil {
		return "", nil, err
	}
	if err := zw.Close(); err != nil {
		return "", nil, err
	}
	return name, buf.Bytes(), nil
}
