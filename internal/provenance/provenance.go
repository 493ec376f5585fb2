// Package provenance checks that the repository holds only code the project
// wrote (issue 25): no vendored trees, no copied sources with their
// SOURCE.txt or licence files, and no file whose content is one of the
// third-party files once removed from the tree (removed.sha256). Real code
// is measured from outside the repository (bench/scoreboard), never
// committed.
package provenance

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
)

//go:embed removed.sha256
var removedList string

// Finding is one file the check refuses, and why.
type Finding struct {
	Path   string // slash-separated, relative to the root checked
	Reason string
}

func (f Finding) String() string { return f.Path + ": " + f.Reason }

// Known returns the removed third-party files by the first 16 hex digits
// of their sha256, each with the path it was removed from.
func Known() map[string]string {
	known := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(removedList))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		sum, where, _ := strings.Cut(line, "  ")
		known[sum] = where
	}
	return known
}

// Files lists the files of the work tree at root that git tracks or would
// track (untracked files not ignored included), slash-separated.
func Files(root string) ([]string, error) {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files in %s (the provenance check needs git and a work tree): %w", root, err)
	}
	var files []string
	for _, f := range bytes.Split(out, []byte{0}) {
		if len(f) > 0 {
			files = append(files, string(f))
		}
	}
	return files, nil
}

// Check returns a finding for each of files (relative to root) that is a
// vendored or copied file: under a vendor/ or node_modules/ directory, a
// SOURCE.txt, a licence file anywhere but the root, or content equal to a
// known removed file. A file listed but missing from disk (deleted, not
// yet staged) is skipped.
func Check(root string, files []string, known map[string]string) []Finding {
	var found []Finding
	for _, f := range files {
		if reason := byName(f); reason != "" {
			found = append(found, Finding{f, reason})
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil {
			continue
		}
		sum := sha256.Sum256(data)
		if where, ok := known[hex.EncodeToString(sum[:8])]; ok {
			found = append(found, Finding{f, "same content as the third-party file " + where + " (removed by issue 25; see internal/provenance)"})
		}
	}
	return found
}

// byName says why a path alone marks a copied file, or "".
func byName(f string) string {
	for _, dir := range strings.Split(path.Dir(f), "/") {
		switch dir {
		case "vendor", "node_modules", "site-packages":
			return "inside a " + dir + "/ directory: third-party code is a module or package dependency, never a copy in the tree"
		}
	}
	base := strings.ToUpper(path.Base(f))
	switch {
	case base == "SOURCE.TXT":
		return "a SOURCE.txt marks code copied from elsewhere; measure real code outside the tree (bench/scoreboard)"
	case path.Dir(f) != "." && (strings.HasPrefix(base, "LICENSE") || strings.HasPrefix(base, "LICENCE") || strings.HasPrefix(base, "COPYING") || strings.HasPrefix(base, "NOTICE")):
		return "a licence file below the root comes with copied code"
	}
	return ""
}
