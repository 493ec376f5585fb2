package typescript

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
)

// tsconfig holds what module resolution needs from a tsconfig.json:
// compilerOptions.baseUrl and paths, with `extends` of a relative file
// followed (the nearer file's settings win).
type tsconfig struct {
	dir     string // where paths without baseUrl are resolved from
	baseURL string // absolute, "" when unset
	paths   map[string][]string
}

// readTSConfig reads path (JSON with comments and trailing commas).
func readTSConfig(path string, hops int) *tsconfig {
	data, err := os.ReadFile(path)
	if err != nil || hops > 8 {
		return nil
	}
	var raw struct {
		Extends         string `json:"extends"`
		CompilerOptions struct {
			BaseURL *string             `json:"baseUrl"`
			Paths   map[string][]string `json:"paths"`
		} `json:"compilerOptions"`
	}
	if json.Unmarshal(relaxJSON(string(data)), &raw) != nil {
		return nil
	}
	dir := filepath.Dir(path)
	cfg := &tsconfig{dir: dir}
	if isRelative(raw.Extends) {
		ext := filepath.Join(dir, raw.Extends)
		if !strings.HasSuffix(ext, ".json") {
			ext += ".json"
		}
		if base := readTSConfig(ext, hops+1); base != nil {
			*cfg = *base
		}
	}
	if raw.CompilerOptions.BaseURL != nil {
		cfg.baseURL = filepath.Join(dir, *raw.CompilerOptions.BaseURL)
	}
	if raw.CompilerOptions.Paths != nil {
		cfg.paths = raw.CompilerOptions.Paths
		cfg.dir = dir
	}
	return cfg
}

// relaxJSON turns tsconfig's JSON with comments and trailing commas into
// JSON, through the TypeScript lexer (which drops comments).
func relaxJSON(src string) []byte {
	toks := lexAll(src)
	var b strings.Builder
	for i, t := range toks {
		if t.kind == tEOF {
			break
		}
		if t.text == "," && i+1 < len(toks) && (toks[i+1].text == "}" || toks[i+1].text == "]") {
			continue
		}
		if t.kind == tString {
			q, _ := json.Marshal(t.strValue())
			b.Write(q)
			continue
		}
		b.WriteString(t.text)
		b.WriteByte(' ')
	}
	return []byte(b.String())
}

// aliasTargets lists the paths a non-relative specifier maps to under
// cfg's paths (a pattern with at most one `*`) and baseUrl, best first.
func (cfg *tsconfig) aliasTargets(spec string) []string {
	var out []string
	root := cfg.baseURL
	if root == "" {
		root = cfg.dir
	}
	best := -1
	var bestSubs []string
	for pat, subs := range cfg.paths {
		prefix, suffix, star := strings.Cut(pat, "*")
		switch {
		case !star && pat == spec:
			return joinAll(root, subs)
		case star && strings.HasPrefix(spec, prefix) && strings.HasSuffix(spec, suffix) && len(spec) >= len(prefix)+len(suffix) && len(prefix) > best:
			best = len(prefix)
			mid := spec[len(prefix) : len(spec)-len(suffix)]
			bestSubs = nil
			for _, s := range subs {
				bestSubs = append(bestSubs, strings.Replace(s, "*", mid, 1))
			}
		}
	}
	out = append(out, joinAll(root, bestSubs)...)
	if cfg.baseURL != "" {
		out = append(out, filepath.Join(cfg.baseURL, filepath.FromSlash(spec)))
	}
	return out
}

func joinAll(root string, subs []string) []string {
	var out []string
	for _, s := range subs {
		out = append(out, filepath.Join(root, filepath.FromSlash(s)))
	}
	return out
}

// tsconfigFor is the nearest tsconfig.json at or above dir, cached.
func (l *loader) tsconfigFor(dir string) *tsconfig {
	if l.tsconfigs == nil {
		l.tsconfigs = map[string]*tsconfig{}
	}
	if cfg, ok := l.tsconfigs[dir]; ok {
		return cfg
	}
	var cfg *tsconfig
	if _, err := os.Stat(filepath.Join(dir, "tsconfig.json")); err == nil {
		cfg = readTSConfig(filepath.Join(dir, "tsconfig.json"), 0)
	} else if parent := filepath.Dir(dir); parent != dir && filepath.Base(dir) != "node_modules" {
		cfg = l.tsconfigFor(parent)
	}
	l.tsconfigs[dir] = cfg
	return cfg
}

// resolveAlias finds the project file a non-relative specifier names
// through the nearest tsconfig's paths or baseUrl; ok is false for a
// package.
func (l *loader) resolveAlias(dir, spec string) (string, bool) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	cfg := l.tsconfigFor(abs)
	if cfg == nil {
		return "", false
	}
	for _, target := range cfg.aliasTargets(spec) {
		if path, ok := resolveModule(filepath.Dir(target), "./"+filepath.Base(target)); ok && !strings.Contains(filepath.ToSlash(path), "/node_modules/") {
			if rel, err := filepath.Rel(mustAbs("."), path); err == nil && !filepath.IsAbs(dir) {
				return rel, true
			}
			return path, true
		}
	}
	return "", false
}

func mustAbs(p string) string {
	a, _ := filepath.Abs(p)
	return a
}

// isLocal reports whether spec names a module of the project: a relative
// path, or one tsconfig's paths or baseUrl mapped to a project file.
func (f *file) isLocal(spec string) bool {
	return isRelative(spec) || f.deps[spec] != nil
}
