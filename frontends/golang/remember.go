package golang

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"go/ast"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/internal/golist"
)

// Loading ahead from the remembered listing.
//
// The go list run of a Go load (listLoad) is most of its time: it hashes
// every dependency to find its export data, and compiles a root package
// whose source changed. What tscg does with its answer (the type check of
// the roots, the conversion) waited for it. tscg now keeps the last
// answer of each go command (the same arguments, directory and Go
// environment) in its cache, and while go list runs, Load loads and
// converts from that remembered listing. When go list has answered, the
// work stands only if go list listed the same packages, files and export
// data as the remembered listing, the roots' own export data aside (a
// root is type-checked from its source, and never read from export data):
// the inputs were then the same, and so is the result (an export data
// file is named by the hash of its content in the go build cache).
// Otherwise Load runs again, from go list's answer. The output is go
// list's either way; the remembered listing only decides whether the
// work done meanwhile is kept. Nothing is remembered when go list failed.
//
// TSCG_CACHE names the cache directory ("off": none); by default it is
// tscg under the user's cache directory (os.UserCacheDir). docs/security.md
// says what it holds.

// rememberedMax bounds the remembered listings: when a listing is
// written and more are kept, the least recently written go until
// rememberedKeep are left.
const (
	rememberedMax  = 256
	rememberedKeep = 192
)

// guessesKept and guessesRedone count the Loads whose work from
// remembered listings stood, and those that loaded again (for tests).
var guessesKept, guessesRedone atomic.Int64

// ahead is one Load's loads ahead: each go list run of listLoad, in the
// order Load started them, with go list's answer once settled.
type ahead struct {
	runs  []*aheadRun
	again bool // the second pass: each listLoad takes its run's answer
}

// aheadRun is one go list run of a Load.
type aheadRun struct {
	dir  string
	args []string
	// Set when the packages handed out came from the remembered listing
	// (guessed) and go list has not been read yet.
	run     *golist.Run
	guess   *listing
	guessed []string // the remembered listing's roots
	file    string   // where the listing is remembered ("": nowhere)
	prev    []byte   // what was remembered there
	// go list's answer (after settle, or at once when not guessed).
	ls     *listing
	roots  []string
	why    string
	parsed *parsedAhead
}

// settle reads go list's answer of each run loaded from a remembered
// listing, remembers it, and reports whether every such run listed what
// the remembered listing did (true when there was none).
func (a *ahead) settle() bool {
	same, guessed := true, false
	for _, r := range a.runs {
		if r.run == nil {
			continue
		}
		guessed = true
		out, err := io.ReadAll(r.run.Stdout)
		ok := r.run.Wait() && err == nil
		r.run = nil
		if ok && bytes.Equal(out, r.prev) {
			// The answer remembered, byte for byte: the guess's listing.
			r.ls, r.roots = r.guess, r.guessed
			continue
		}
		ls := &listing{dir: r.guess.dir, pkgs: map[string]*listPkg{}, sizes: r.guess.sizes}
		roots, why := ls.decode(bytes.NewReader(out))
		if !ok {
			why = "go list failed or wrote to stderr"
		}
		r.ls, r.roots, r.why = ls, roots, why
		if why == "" {
			remember(r.file, out, r.prev)
		}
		same = same && why == "" && slices.Equal(roots, r.guessed) && sameListing(ls, r.guess)
	}
	if guessed {
		if same {
			guessesKept.Add(1)
		} else {
			guessesRedone.Add(1)
		}
	}
	return same
}

// take returns the run of dir and args of the first pass, in the second.
func (a *ahead) take(dir string, args []string) *aheadRun {
	for i, r := range a.runs {
		if r != nil && r.dir == dir && slices.Equal(r.args, args) {
			a.runs[i] = nil
			return r
		}
	}
	return nil
}

// loadAgain loads, in the second pass, what go list answered in the first.
func (r *aheadRun) loadAgain(fset *token.FileSet, parsed func(*ast.File)) ([]*packages.Package, *listing, string) {
	if r.why != "" {
		return nil, nil, r.why
	}
	r.parsed.each(parsed)
	r.ls.ahead = r.parsed
	ps, why := r.ls.load(fset, r.roots)
	r.ls.ahead = nil
	if why != "" {
		return nil, nil, why
	}
	return ps, r.ls, ""
}

// sameListing reports whether a and b list the same packages with the
// same fields, but for the roots' export data (listLoad never reads it).
func sameListing(a, b *listing) bool {
	if len(a.pkgs) != len(b.pkgs) {
		return false
	}
	for path, p := range a.pkgs {
		q := b.pkgs[path]
		if q == nil {
			return false
		}
		pc, qc := *p, *q
		if !pc.DepOnly && !qc.DepOnly {
			pc.Export, qc.Export = "", ""
		}
		if !reflect.DeepEqual(pc, qc) {
			return false
		}
	}
	return true
}

// rememberedFile is where the listing of go args run in dir with env is
// remembered ("" when nowhere): named by a hash of the arguments, the
// directory and the Go environment (GO* and CGO_* variables).
func rememberedFile(dir string, env, args []string) string {
	base := os.Getenv("TSCG_CACHE")
	if base == "off" {
		return ""
	}
	if base == "" {
		d, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		base = filepath.Join(d, "tscg")
	}
	h := sha256.New()
	for _, s := range args {
		io.WriteString(h, s+"\x00")
	}
	io.WriteString(h, "\x01"+dir+"\x00")
	for _, kv := range env {
		if strings.HasPrefix(kv, "GO") || strings.HasPrefix(kv, "CGO_") {
			io.WriteString(h, kv+"\x00")
		}
	}
	return filepath.Join(base, "golist", hex.EncodeToString(h.Sum(nil)[:16])+".json")
}

// remembered reads the listing remembered in file (nil if none).
func remembered(file string) []byte {
	if file == "" {
		return nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	return b
}

// remember keeps out, go list's answer, in file unless it is what was
// there (prev). The cache is a hint: a directory that cannot be written
// leaves nothing remembered, and the next load waits for go list.
func remember(file string, out, prev []byte) {
	if file == "" || bytes.Equal(out, prev) {
		return
	}
	dir := filepath.Dir(file)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return
	}
	tmp, err := os.CreateTemp(dir, ".listing-*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(out)
	if cerr := tmp.Close(); werr != nil || cerr != nil || os.Rename(tmp.Name(), file) != nil {
		os.Remove(tmp.Name())
		return
	}
	if prev == nil {
		trimRemembered(dir)
	}
}

// trimRemembered removes the least recently written listings of dir
// when it holds more than rememberedMax.
func trimRemembered(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) <= rememberedMax {
		return
	}
	type kept struct {
		name string
		mod  int64
	}
	var all []kept
	for _, e := range entries {
		if info, err := e.Info(); err == nil && strings.HasSuffix(e.Name(), ".json") {
			all = append(all, kept{e.Name(), info.ModTime().UnixNano()})
		}
	}
	slices.SortFunc(all, func(a, b kept) int {
		if a.mod != b.mod {
			if a.mod < b.mod {
				return -1
			}
			return 1
		}
		return strings.Compare(a.name, b.name)
	})
	for i := 0; i < len(all)-rememberedKeep; i++ {
		os.Remove(filepath.Join(dir, all[i].name))
	}
}

// guess loads, while go list runs, the packages of the listing
// remembered for its command: nil when there is none, or when it does
// not load (go list's answer is then waited for, as without one). What
// it reads is named by a file anyone with the user's rights can write, so
// a panic reading it (export data not written by the go command) is no
// guess either.
func guess(fset *token.FileSet, r *aheadRun, sizes types.Sizes) (ps []*packages.Package) {
	if r.prev == nil {
		return nil
	}
	defer func() {
		if recover() != nil {
			ps, r.guess, r.guessed = nil, nil, nil
		}
	}()
	ls := &listing{dir: r.dir, pkgs: map[string]*listPkg{}, sizes: sizes}
	roots, why := ls.decode(bytes.NewReader(r.prev))
	if why != "" {
		return nil
	}
	ls.ahead = r.parsed
	ps, why = ls.load(fset, roots)
	ls.ahead = nil
	if why != "" {
		return nil
	}
	r.guess, r.guessed = ls, roots
	return ps
}
