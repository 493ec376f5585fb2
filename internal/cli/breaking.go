package cli

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/analyzer/breaking"
	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

func init() { register("breaking", (*env).breakingCommand) }

type breakingFlags struct {
	against, format, settings string
	except                    []string
}

func (e *env) breakingCommand() *cobra.Command {
	var f breakingFlags
	cmd := &cobra.Command{
		Use:   "breaking --against REF [paths...]",
		Short: "Report tool changes that break callers, compared with an older version",
		Long: `breaking compiles the inputs (default: the inputs listed in tscg.yaml) and the same inputs
as of REF, compares the two catalogs tool by tool and reports removed tools, removed or
renamed parameters, newly required parameters, narrowed types (number → integer, new enum
restriction, tighter bounds or pattern), removed enum values and removed or changed result
fields. Additions are listed as safe (info).

REF is a directory holding the old version of the inputs (at the same relative paths, or the
old version of a single input path), a git revision (read with git archive), one file (a
catalog, such as a tscg snapshot of the server), or server:NAME, the live listing of a server
of the servers: section of tscg.yaml. Inputs may name such servers too: compare a server's
source with what it served before (--against old.snapshot.json src/), or a running server
with its last snapshot (--against last.snapshot.json server:NAME).

Silence a rule with --except, a 'tscg:ignore <rule-id> <reason>' comment in the new input,
or the breaking: section of tscg.yaml (--config), with except/ignore lists as in lint.

Exit status: 0 without breaking changes, 1 with, 2 on usage or input errors.`,
		RunE: func(cmd *cobra.Command, args []string) error { return e.breaking(args, &f) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.against, "against", "", "directory or git revision (`REF`) with the old version of the inputs (required)")
	fl.StringVar(&f.format, "format", "text", "output `FORMAT`: "+strings.Join(analyzer.Formats, ", "))
	settingsFlag(fl, &f.settings, "breaking")
	fl.StringSliceVar(&f.except, "except", nil, "`RULES` to disable (comma-separated or repeated)")
	return cmd
}

func (e *env) breaking(args []string, f *breakingFlags) error {
	if f.against == "" {
		return usageErr("breaking: --against REF is required (a directory or a git revision)")
	}
	cfg, err := e.loadConfig()
	if err != nil {
		return err
	}
	s, err := breakingSettings(f, cfg)
	if err != nil {
		return err
	}
	paths, base := args, "."
	if len(paths) == 0 {
		paths = configuredInputs(cfg)
		if cfg.Dir != "" {
			base = cfg.Dir
		}
	}
	if len(paths) == 0 {
		return usageErr("no inputs: name files or directories, or list them under inputs: in tscg.yaml")
	}
	newCat, err := e.compile(cfg, paths, "")
	if err != nil {
		return err
	}
	if oldCat, ok, err := againstOne(cfg, f.against); ok || err != nil {
		if err != nil {
			return err
		}
		return e.reportBreaking(breaking.Compare(oldCat, newCat.catalog), s, f.format)
	}
	old, err := oldInputs(f.against, paths, base)
	if err != nil {
		return err
	}
	defer old.cleanup()
	oldCat, err := compileOld(cfg, old.paths)
	if err != nil {
		return err
	}
	fs := breaking.Compare(oldCat, newCat.catalog)
	for i := range fs {
		fs[i].Pos.File = old.label(fs[i].Pos.File)
	}
	return e.reportBreaking(fs, s, f.format)
}

// againstOne compiles a REF that is one catalog: a server of the
// servers: section (server:NAME, its live listing) or a file (a snapshot
// or any other input). ok is false for a directory or git revision.
func againstOne(cfg *compiler.Config, ref string) (cat *ir.Catalog, ok bool, err error) {
	if name, isServer := strings.CutPrefix(ref, serverPrefix); isServer {
		snap, err := takeConfigured(cfg, name)
		if err != nil {
			return nil, true, err
		}
		cat, ds := compiler.CompileInputs(compiler.Inputs{Live: []compiler.LiveInput{{Name: ref, Data: snap.JSON()}}}, cfg)
		if ds.HasErrors() {
			return nil, true, inputErr(ds)
		}
		return cat, true, nil
	}
	if st, err := os.Stat(ref); err != nil || !st.Mode().IsRegular() {
		return nil, false, nil
	}
	cat, err = compileOld(cfg, []string{ref})
	return cat, true, err
}

// compileOld compiles the old inputs; none (every input is new) is an
// empty catalog.
func compileOld(cfg *compiler.Config, paths []string) (*ir.Catalog, error) {
	if len(paths) == 0 {
		return &ir.Catalog{}, nil
	}
	in, ds := compiler.CollectInputs(paths)
	if ds.HasErrors() {
		return nil, inputErr(ds)
	}
	cat, cds := compiler.CompileInputs(in, cfg)
	if cds.HasErrors() {
		return nil, inputErr(cds)
	}
	return cat, nil
}

func (e *env) reportBreaking(fs []analyzer.Finding, s *analyzer.Settings, format string) error {
	kept, bad := analyzer.Suppress(analyzer.Configure(fs, s), s, nil)
	kept = analyzer.Sort(append(kept, bad...))
	w := e.stdout
	if format == "" || format == "text" {
		w = e.stderr
	}
	if err := analyzer.WriteFormat(w, format, kept, breaking.Rules()); err != nil {
		return usageErr("%v", err)
	}
	n := 0
	for _, f := range kept {
		if f.Severity == diag.Error {
			n++
		}
	}
	if n > 0 {
		return &exitError{code: ExitFindings, err: fmt.Errorf("breaking: %d breaking change(s)", n)}
	}
	return nil
}

func breakingSettings(f *breakingFlags, cfg *compiler.Config) (*analyzer.Settings, error) {
	s, err := configSettings(cfg, f.settings, "breaking", breaking.IDs())
	if err != nil {
		return nil, err
	}
	s.Except = append(s.Except, f.except...)
	if err := s.Check(breaking.IDs()); err != nil {
		return nil, flagErr(err)
	}
	return s, nil
}

// oldVersion is where the old inputs are and how to name their files in
// findings.
type oldVersion struct {
	paths   []string
	label   func(string) string
	cleanup func()
}

// oldInputs finds the old version of each input path: under a directory
// REF, or extracted from a git revision into a temporary directory.
func oldInputs(ref string, paths []string, base string) (*oldVersion, error) {
	if st, err := os.Stat(ref); err == nil && st.IsDir() {
		return oldFromDir(ref, paths, base)
	}
	return oldFromGit(ref, paths)
}

func oldFromDir(ref string, paths []string, base string) (*oldVersion, error) {
	v := &oldVersion{label: func(s string) string { return s }, cleanup: func() {}}
	for _, p := range paths {
		rel, err := relTo(base, p)
		if err != nil || strings.HasPrefix(p, serverPrefix) {
			continue
		}
		cand := filepath.Join(ref, rel)
		if _, err := os.Stat(cand); err == nil {
			v.paths = append(v.paths, cand)
		}
	}
	if len(v.paths) == 0 && len(paths) == 1 {
		v.paths = []string{ref} // --against old/ new/: the directory is the old input
	}
	return v, nil
}

func relTo(base, p string) (string, error) {
	ab, err := filepath.Abs(base)
	if err != nil {
		return "", err
	}
	ap, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(ab, ap)
	if err != nil || strings.HasPrefix(rel, "..") {
		return "", fmt.Errorf("%s is outside %s", p, base)
	}
	return rel, nil
}

func oldFromGit(rev string, paths []string) (*oldVersion, error) {
	top, err := git("rev-parse", "--show-toplevel")
	if err != nil {
		return nil, usageErr("--against %s: not a directory, and not in a git repository (%v)", rev, err)
	}
	top = strings.TrimSpace(top)
	if _, err := git("rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		return nil, usageErr("--against %s: not a directory and not a git revision", rev)
	}
	tmp, err := os.MkdirTemp("", "tscg-breaking-")
	if err != nil {
		return nil, &exitError{code: ExitInternal, err: err}
	}
	v := &oldVersion{cleanup: func() { os.RemoveAll(tmp) }}
	v.label = func(s string) string {
		if rel, err := filepath.Rel(tmp, s); err == nil && !strings.HasPrefix(rel, "..") {
			return rev + ":" + filepath.ToSlash(rel)
		}
		return s
	}
	if err := extractRevision(top, rev, tmp); err != nil {
		v.cleanup()
		return nil, &exitError{code: ExitInput, err: fmt.Errorf("--against %s: %v", rev, err)}
	}
	for _, p := range paths {
		if strings.HasPrefix(p, serverPrefix) {
			continue // a live server has no old version in git
		}
		rel, err := relTo(top, p)
		if err != nil {
			v.cleanup()
			return nil, usageErr("%v", err)
		}
		if cand := filepath.Join(tmp, rel); exists(cand) {
			v.paths = append(v.paths, cand)
		}
	}
	return v, nil
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func git(args ...string) (string, error) {
	var out, errb bytes.Buffer
	cmd := exec.Command("git", args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(errb.String()))
	}
	return out.String(), nil
}

// extractRevision writes the tree of rev into dir (git archive, read as
// tar here so no tar program is needed).
func extractRevision(top, rev, dir string) error {
	cmd := exec.Command("git", "-C", top, "archive", "--format=tar", rev)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	terr := untar(out, dir)
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("git archive: %v: %s", err, strings.TrimSpace(errb.String()))
	}
	return terr
}

func untar(r io.Reader, dir string) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(h.Name))
		if rel, err := filepath.Rel(dir, target); err != nil || strings.HasPrefix(rel, "..") {
			return fmt.Errorf("archive entry %q escapes the directory", h.Name)
		}
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := writeFile(target, tr); err != nil {
				return err
			}
		}
	}
}

func writeFile(path string, r io.Reader) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
