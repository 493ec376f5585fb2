package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/tscg/tscg/codegen"
	"github.com/tscg/tscg/compiler"
)

type codegenFile = codegen.File

// writeDir replaces dir with exactly files. It writes a sibling temporary
// directory and swaps it in with renames, so a failure at any point leaves
// the previous dir as it was. A non-empty dir without a manifest.json is
// not ours, and is never replaced.
func writeDir(dir string, files []codegen.File) error {
	if err := ensureOurs(dir); err != nil {
		return err
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", parent, err)
	}
	tmp, err := os.MkdirTemp(parent, ".tscg-out-*")
	if err != nil {
		return fmt.Errorf("create temporary output directory: %w", err)
	}
	defer os.RemoveAll(tmp)
	for _, f := range files {
		p := filepath.Join(tmp, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("write %s: %w", f.Path, err)
		}
		if err := os.WriteFile(p, f.Contents, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", f.Path, err)
		}
	}
	old := tmp + ".old"
	if _, err := os.Stat(dir); err == nil {
		if err := os.Rename(dir, old); err != nil {
			return fmt.Errorf("replace %s: %w", dir, err)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		_ = os.Rename(old, dir) // put the previous outputs back
		return fmt.Errorf("replace %s: %w", dir, err)
	}
	return os.RemoveAll(old)
}

func ensureOurs(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("output directory %s: %w", dir, err)
	}
	if len(entries) == 0 {
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, compiler.ManifestPath)); err != nil {
		return fmt.Errorf("output directory %s is not empty and has no %s: refusing to replace a directory tscg did not write; choose another -o", dir, compiler.ManifestPath)
	}
	return nil
}

// writeFiles writes generated files into dir without replacing it: the
// Go package directory also holds hand-written code (handlers, tests).
func writeFiles(dir string, files []codegen.File) error {
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("write %s: %w", p, err)
		}
		if err := os.WriteFile(p, f.Contents, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", p, err)
		}
	}
	return nil
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
