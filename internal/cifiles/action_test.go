package cifiles

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"github.com/tscg/tscg/internal/corpus"
)

const root = "../.."

// action is the part of action.yml these tests read.
type action struct {
	Inputs map[string]struct {
		Default string `yaml:"default"`
	} `yaml:"inputs"`
	Runs struct {
		Using string `yaml:"using"`
		Steps []struct {
			Name string            `yaml:"name"`
			Run  string            `yaml:"run"`
			Uses string            `yaml:"uses"`
			Env  map[string]string `yaml:"env"`
		} `yaml:"steps"`
	} `yaml:"runs"`
}

func readAction(t *testing.T) *action {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a action
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	if a.Runs.Using != "composite" {
		t.Fatalf("action.yml runs.using = %q, want composite", a.Runs.Using)
	}
	return &a
}

func (a *action) script(t *testing.T, name string) string {
	t.Helper()
	for _, s := range a.Runs.Steps {
		if s.Name == name {
			return s.Run
		}
	}
	t.Fatalf("action.yml has no step %q", name)
	return ""
}

// release is a fake tscg release: archives named as make dist names them
// (tscg_<version>_<os>_<arch>.tar.gz) and their checksums.txt.
type release struct {
	dir     string
	version string
	sums    map[string]string
}

func newRelease(t *testing.T, version string, platforms ...string) *release {
	r := &release{dir: t.TempDir(), version: version, sums: map[string]string{}}
	var sums strings.Builder
	for _, p := range platforms {
		name := fmt.Sprintf("tscg_%s_%s.tar.gz", version, p)
		data := tarGz(t, "tscg", fmt.Sprintf("#!/bin/sh\necho 'tscg v%s %s'\n", version, p))
		if err := os.WriteFile(filepath.Join(r.dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(data)
		r.sums[name] = hex.EncodeToString(sum[:])
		fmt.Fprintf(&sums, "%s  %s\n", r.sums[name], name)
	}
	if err := os.WriteFile(filepath.Join(r.dir, "checksums.txt"), []byte(sums.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return r
}

func tarGz(t *testing.T, name, body string) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o755, Size: int64(len(body)), Typeflag: tar.TypeReg}); err != nil {
		t.Fatal(err)
	}
	if _, err := tw.Write([]byte(body)); err != nil {
		t.Fatal(err)
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// fakeCurl serves `curl ... -o FILE URL` from the release directory when
// URL is under the release's download address, and fails otherwise.
const fakeCurl = `#!/usr/bin/env bash
out= url=
while [ $# -gt 0 ]; do
  case "$1" in
    -o) out="$2"; shift 2 ;;
    --retry) shift 2 ;;
    -*) shift ;;
    *) url="$1"; shift ;;
  esac
done
prefix="https://github.com/tscg/tscg/releases/download/v$FAKE_VERSION/"
case "$url" in "$prefix"*) ;; *) echo "curl: unexpected URL $url" >&2; exit 22 ;; esac
cp "$FAKE_RELEASE/${url#"$prefix"}" "$out" 2>/dev/null || { echo "curl: (22) 404 $url" >&2; exit 22; }
`

type installRun struct {
	out, path string
	err       error
}

// install runs the action's install step as the runner would.
func install(t *testing.T, script string, r *release, env ...string) installRun {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		corpus.Missing(t, "bash, which runs the action's steps: %v", err)
	}
	for _, tool := range []string{"tar", "awk", "sha256sum"} {
		if _, err := exec.LookPath(tool); err != nil {
			corpus.Missing(t, "%s, which the install step uses: %v", tool, err)
		}
	}
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "curl"), []byte(fakeCurl), 0o755); err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	ghPath := filepath.Join(tmp, "github_path")
	cmd := exec.Command(bash, "-e", "-c", script)
	cmd.Env = append([]string{
		"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"RUNNER_OS=Linux", "RUNNER_ARCH=X64", "RUNNER_TEMP=" + tmp, "GITHUB_PATH=" + ghPath,
		"FAKE_RELEASE=" + r.dir, "FAKE_VERSION=" + r.version, "TSCG_VERSION=" + r.version, "TSCG_SHA256=",
	}, env...)
	out, err := cmd.CombinedOutput()
	p, _ := os.ReadFile(ghPath)
	return installRun{out: string(out), path: strings.TrimSpace(string(p)), err: err}
}

func TestActionInstall(t *testing.T) {
	a := readAction(t)
	script := a.script(t, "Install tscg")
	def := a.Inputs["version"].Default
	if def == "" || def == "source" {
		t.Errorf("the version input's default is %q; the action installs a pinned release by default", def)
	}
	r := newRelease(t, "1.2.3", "linux_amd64", "linux_arm64", "darwin_arm64")

	run := install(t, script, r)
	if run.err != nil {
		t.Fatalf("install: %v\n%s", run.err, run.out)
	}
	if !strings.Contains(run.out, "tscg v1.2.3 linux_amd64") {
		t.Errorf("install did not run the linux/amd64 binary: %s", run.out)
	}
	if _, err := os.Stat(filepath.Join(run.path, "tscg")); err != nil {
		t.Errorf("GITHUB_PATH %q holds no tscg: %v", run.path, err)
	}

	// a v prefix, another platform, and the archive pinned by its sha256
	run = install(t, script, r, "TSCG_VERSION=v1.2.3", "RUNNER_OS=macOS", "RUNNER_ARCH=ARM64",
		"TSCG_SHA256="+r.sums["tscg_1.2.3_darwin_arm64.tar.gz"])
	if run.err != nil || !strings.Contains(run.out, "tscg v1.2.3 darwin_arm64") {
		t.Errorf("install on macOS/ARM64 with a pinned sha256: %v\n%s", run.err, run.out)
	}
}

func TestActionInstallRefuses(t *testing.T) {
	script := readAction(t).script(t, "Install tscg")
	for _, tc := range []struct {
		name   string
		tamper func(r *release)
		env    []string
		want   string
	}{
		{"archive changed after checksums.txt", func(r *release) {
			appendFile(t, filepath.Join(r.dir, "tscg_1.2.3_linux_amd64.tar.gz"), "x")
		}, nil, "::error title=tscg::tscg_1.2.3_linux_amd64.tar.gz has sha256 "},
		{"pinned sha256 differs", nil, []string{"TSCG_SHA256=" + strings.Repeat("0", 64)},
			"the workflow pins " + strings.Repeat("0", 64)},
		{"archive not in checksums.txt", func(r *release) {
			if err := os.WriteFile(filepath.Join(r.dir, "checksums.txt"), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}, nil, "is not listed in the checksums.txt of v1.2.3"},
		{"no such release", nil, []string{"TSCG_VERSION=9.9.9"}, "curl: unexpected URL"},
		{"unsupported architecture", nil, []string{"RUNNER_ARCH=ARM"}, "no tscg release for runner architecture ARM"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRelease(t, "1.2.3", "linux_amd64")
			if tc.tamper != nil {
				tc.tamper(r)
			}
			run := install(t, script, r, tc.env...)
			if run.err == nil {
				t.Fatalf("install succeeded:\n%s", run.out)
			}
			if !strings.Contains(run.out, tc.want) {
				t.Errorf("output lacks %q:\n%s", tc.want, run.out)
			}
			if run.path != "" {
				t.Errorf("a refused install still added %q to GITHUB_PATH", run.path)
			}
		})
	}
}

func appendFile(t *testing.T, path, s string) {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(s); err != nil {
		t.Fatal(err)
	}
}

// TestActionScriptsShellcheck runs shellcheck over every step's script
// (actionlint checks the workflow's own run: steps, not an action's).
func TestActionScriptsShellcheck(t *testing.T) {
	sc, err := exec.LookPath("shellcheck")
	if err != nil {
		corpus.Missing(t, "shellcheck (Debian package shellcheck): %v", err)
	}
	for _, s := range readAction(t).Runs.Steps {
		if s.Run == "" {
			continue
		}
		cmd := exec.Command(sc, "--shell=bash", "-")
		cmd.Stdin = strings.NewReader(s.Run)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("step %q: shellcheck: %v\n%s", s.Name, err, out)
		}
	}
}
