package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tscg/tscg/codegen"
	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/internal/inputfile"
	"github.com/tscg/tscg/internal/lazyre"
)

type codegenFile = codegen.File

// writeDir replaces dir with exactly files. It writes a sibling
// temporary directory and swaps it in: with one atomic exchange where the
// system has it (Linux), so a kill at any point leaves either the previous
// outputs or the new ones, and the next build removes what a killed one
// left beside dir. dir is replaced only when it is provably tscg's output
// (see ensureOurs) and contains none of protect (the inputs, the config,
// the working directory).
func writeDir(dir string, files []codegen.File, protect []string) error {
	dir = filepath.Clean(dir)
	if err := refuseProtected(dir, protect); err != nil {
		return err
	}
	parent, base := filepath.Dir(dir), filepath.Base(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", parent, err)
	}
	// Everything below happens under the lock: another build's
	// temporary directory is swept only when its owner is gone (it held
	// the lock while it lived), and two builds never tear one output
	// (six at once left out/ without manifest.json, some exiting 0).
	unlock, err := lockOutput(parent, base)
	if err != nil {
		return err
	}
	defer unlock()
	if err := recoverLeftovers(parent, base); err != nil {
		return err
	}
	mode, err := ensureOurs(dir)
	if err != nil {
		return err
	}
	if holdsExactly(dir, files) {
		return nil // nothing to write: dir keeps its files, their times and its inode
	}
	tmp, err := os.MkdirTemp(parent, "."+base+newSuffix)
	if err != nil {
		return fmt.Errorf("create temporary output directory: %w", err)
	}
	defer os.RemoveAll(tmp)
	if err := fillDir(tmp, files, mode); err != nil {
		return err
	}
	if err := checkComplete(tmp, files); err != nil {
		return err
	}
	return swapDir(tmp, dir, parent, base)
}

// holdsExactly reports whether dir is, byte for byte, what writeDir would
// make it: exactly these files (regular files with the contents and the
// mode fillDir writes) and the directories on the way to them (with the
// mode MkdirAll gives), nothing else. Its own permissions carry over
// either way. A build whose output is unchanged then leaves it alone.
func holdsExactly(dir string, files []codegen.File) bool {
	want := make(map[string][]byte, len(files))
	dirs := map[string]bool{}
	for _, f := range files {
		want[f.Path] = f.Contents
		for d := path.Dir(f.Path); d != "."; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	mask := umask()
	seen := 0
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == dir {
			if !e.IsDir() {
				return errNotSame
			}
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		info, err := e.Info()
		if err != nil {
			return err
		}
		switch {
		case e.IsDir():
			if !dirs[rel] || info.Mode().Perm() != 0o755&^mask {
				return errNotSame
			}
		case info.Mode().IsRegular():
			contents, ok := want[rel]
			if !ok || info.Mode().Perm() != 0o644&^mask || info.Size() != int64(len(contents)) {
				return errNotSame
			}
			got, err := os.ReadFile(p)
			if err != nil || !bytes.Equal(got, contents) {
				return errNotSame
			}
			seen++
		default:
			return errNotSame
		}
		return nil
	})
	return err == nil && seen == len(want)
}

// errNotSame stops holdsExactly's walk at the first difference.
var errNotSame = errors.New("not the same output")

// checkComplete reads back the new output before it is swapped in: every
// file written is there with its contents' size, manifest.json included,
// and the directory passes the same ownership check the next build
// applies. A build never swaps in an output the next one would refuse.
func checkComplete(tmp string, files []codegen.File) error {
	for _, f := range files {
		st, err := os.Stat(filepath.Join(tmp, filepath.FromSlash(f.Path)))
		if err != nil || st.Size() != int64(len(f.Contents)) {
			return fmt.Errorf("the new output is incomplete (%s: %v); the previous output was kept", f.Path, err)
		}
	}
	if _, err := ensureOurs(tmp); err != nil {
		return fmt.Errorf("the new output would not be recognised as tscg's (%v); the previous output was kept", err)
	}
	return nil
}

// Leftover names: a new output being written, and a previous output
// moved aside by a swap without an atomic exchange.
const (
	newSuffix = ".tscg-new-"
	oldSuffix = ".tscg-old-"
)

func fillDir(tmp string, files []codegen.File, mode fs.FileMode) error {
	for _, f := range files {
		p := filepath.Join(tmp, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("write %s: %w", f.Path, err)
		}
		if err := os.WriteFile(p, f.Contents, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", f.Path, err)
		}
	}
	if mode != 0 {
		return os.Chmod(tmp, mode) // the replaced directory's permissions carry over
	}
	return os.Chmod(tmp, 0o755&^umask())
}

// swapDir puts tmp in dir's place.
func swapDir(tmp, dir, parent, base string) error {
	if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
		if err := os.Rename(tmp, dir); err != nil {
			return fmt.Errorf("replace %s: %w", dir, err)
		}
		return nil
	}
	if err := exchange(tmp, dir); err == nil {
		return os.RemoveAll(tmp) // tmp now holds the previous outputs
	} else if !errors.Is(err, errNoExchange) {
		return fmt.Errorf("replace %s: %w", dir, err)
	}
	old, err := os.MkdirTemp(parent, "."+base+oldSuffix)
	if err != nil {
		return fmt.Errorf("replace %s: %w", dir, err)
	}
	if err := os.Remove(old); err != nil {
		return fmt.Errorf("replace %s: %w", dir, err)
	}
	if err := os.Rename(dir, old); err != nil {
		return fmt.Errorf("replace %s: %w", dir, err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		_ = os.Rename(old, dir) // put the previous outputs back
		return fmt.Errorf("replace %s: %w", dir, err)
	}
	return os.RemoveAll(old)
}

// recoverLeftovers cleans up after a build killed mid-way: a half-written
// new output is removed; a previous output moved aside (no atomic
// exchange) goes back in place when dir is missing, else is removed.
func recoverLeftovers(parent, base string) error {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return nil // no parent yet: nothing left over
	}
	dir := filepath.Join(parent, base)
	for _, e := range entries {
		name := e.Name()
		isNew, isOld := strings.HasPrefix(name, "."+base+newSuffix), strings.HasPrefix(name, "."+base+oldSuffix)
		if !e.IsDir() || (!isNew && !isOld) {
			continue
		}
		p := filepath.Join(parent, name)
		if isOld {
			if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
				if err := os.Rename(p, dir); err != nil {
					return fmt.Errorf("restore %s from %s: %w", dir, p, err)
				}
				continue
			}
		}
		if _, err := ensureOurs(p); err != nil {
			continue // not recognisably tscg's: leave it for a human
		}
		if err := os.RemoveAll(p); err != nil {
			return fmt.Errorf("remove the leftover %s: %w", p, err)
		}
	}
	return nil
}

// ensureOurs checks that dir may be replaced: it does not exist, is
// empty, or holds exactly what a tscg build writes: a manifest.json in
// tscg's form and only files that manifest lists. It returns dir's
// permissions (0 when it does not exist).
func ensureOurs(dir string) (fs.FileMode, error) {
	st, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("output directory %s: %w", dir, err)
	}
	if !st.IsDir() {
		return 0, fmt.Errorf("output path %s is not a directory (%s): refusing to replace it; choose another -o", dir, inputfile.Kind(st.Mode()))
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("output directory %s: %w", dir, err)
	}
	if len(entries) == 0 {
		return st.Mode().Perm(), nil
	}
	listed, err := manifestFiles(dir)
	if err != nil {
		return 0, fmt.Errorf("output directory %s is not empty and %v: refusing to replace a directory tscg did not write; choose another -o", dir, err)
	}
	if extra := unlisted(dir, listed); extra != "" {
		return 0, fmt.Errorf("output directory %s holds %s, which its manifest.json does not list: refusing to replace a directory tscg did not write alone; move that file or choose another -o", dir, extra)
	}
	return st.Mode().Perm(), nil
}

// manifestFiles reads dir's manifest.json and returns every file it
// lists, itself included.
func manifestFiles(dir string) (map[string]bool, error) {
	m, err := compiler.ReadOutputManifest(dir)
	if errors.Is(err, compiler.ErrNoManifest) {
		return nil, fmt.Errorf("has no %s", compiler.ManifestPath)
	}
	if err != nil {
		return nil, err
	}
	listed := map[string]bool{compiler.ManifestPath: true}
	for _, t := range m.Tools {
		if t.Name == "" || t.SHA256 == nil {
			return nil, fmt.Errorf("its %s is not one tscg wrote (a tool without name or sha256)", compiler.ManifestPath)
		}
		for p := range t.SHA256 {
			listed[p] = true
		}
	}
	for p := range m.Files {
		listed[p] = true
	}
	return listed, nil
}

// unlisted returns the first entry under dir (in walk order) that is not
// a listed regular file or a directory on the way to one, or "".
func unlisted(dir string, listed map[string]bool) string {
	dirs := map[string]bool{}
	for p := range listed {
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	extra := ""
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || extra != "" {
			return filepath.SkipAll
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		switch {
		case rel == ".":
		case d.IsDir() && dirs[rel]:
		case d.Type().IsRegular() && listed[rel]:
		default:
			extra = rel
			return filepath.SkipAll
		}
		return nil
	})
	return extra
}

// refuseProtected refuses a dir that is, or contains, one of protect.
func refuseProtected(dir string, protect []string) error {
	d, err := realPath(dir)
	if err != nil {
		return nil // dir does not exist: it contains nothing
	}
	for _, p := range protect {
		rp, err := realPath(p)
		if err != nil {
			continue
		}
		if rel, err := filepath.Rel(d, rp); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return fmt.Errorf("output directory %s contains %s, which tscg must not replace (an input, the configuration or the working directory); choose another -o", dir, p)
		}
	}
	return nil
}

func realPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}

// generatedHeader is the line every generated Go file carries before its
// package clause (https://go.dev/s/generatedcode).
var generatedHeader = lazyre.New(`(?m)^// Code generated .* DO NOT EDIT\.$`)

// writeFiles writes generated Go files into dir without replacing it: the
// package directory also holds hand-written code (handlers, tests). A file
// is overwritten only when it is a regular file that carries the
// generated-code header; each is written to a temporary file and renamed
// into place, keeping the mode of the file it replaces.
func writeFiles(dir string, files []codegen.File) error {
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		mode, err := ownedGenerated(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("write %s: %w", p, err)
		}
		if err := writeAtomic(p, f.Contents, mode); err != nil {
			return fmt.Errorf("write %s: %w", p, err)
		}
	}
	return nil
}

// ownedGenerated checks that p may be overwritten and returns its mode
// (0644 less the umask for a new file).
func ownedGenerated(p string) (fs.FileMode, error) {
	st, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return 0o644 &^ umask(), nil
	}
	if err != nil {
		return 0, fmt.Errorf("write %s: %w", p, err)
	}
	if !st.Mode().IsRegular() {
		return 0, fmt.Errorf("%s is %s: refusing to write generated Go over it; choose another --go-out", p, inputfile.Kind(st.Mode()))
	}
	head := make([]byte, 4096)
	fh, err := os.Open(p)
	if err != nil {
		return 0, fmt.Errorf("write %s: %w", p, err)
	}
	n, _ := io.ReadFull(fh, head)
	fh.Close()
	head = head[:n]
	if i := bytes.Index(head, []byte("\npackage ")); i >= 0 {
		head = head[:i]
	}
	if !generatedHeader.Get().Match(head) {
		return 0, fmt.Errorf("%s exists and is not generated code (no \"// Code generated ... DO NOT EDIT.\" line before its package clause): refusing to overwrite it; rename it or choose another --go-out", p)
	}
	return st.Mode().Perm(), nil
}

func writeAtomic(p string, data []byte, mode fs.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(p), "."+filepath.Base(p)+".tscg-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), mode); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), p)
}

type staleFile struct{ path, why string }

// staleFiles compares dir with the files a build would write; with
// extras, a file in dir that the build would not write is stale too.
func staleFiles(dir string, files []codegen.File, extras bool) ([]staleFile, error) {
	var stale []staleFile
	want := map[string]bool{}
	for _, f := range files {
		want[f.Path] = true
		have, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Path)))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			stale = append(stale, staleFile{f.Path, "missing"})
		case err != nil:
			return nil, fmt.Errorf("read %s: %w", f.Path, err)
		case !bytes.Equal(have, f.Contents):
			stale = append(stale, staleFile{f.Path, "out of date"})
		}
	}
	if !extras {
		return stale, nil
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p == dir {
				return nil
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		if rel = filepath.ToSlash(rel); !want[rel] {
			stale = append(stale, staleFile{rel, "not produced by the inputs (extra file)"})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", dir, err)
	}
	sort.Slice(stale, func(i, j int) bool { return stale[i].path < stale[j].path })
	return stale, nil
}
