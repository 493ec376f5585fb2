package skills

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/tscg/tscg/internal/inputfile"
)

// Errors of the user-skill operations; test with errors.Is.
var (
	ErrReadOnly = errors.New("built-in skills are read-only")
	ErrExists   = errors.New("skill already exists")
	ErrNotFound = errors.New("no such skill")
	ErrNoUser   = errors.New("no user skills directory configured")
)

// Store reads built-in and user skills and writes user skills. It is safe
// for concurrent use; writes are serialised within the process and atomic
// on disk.
type Store struct {
	builtin fs.FS
	userDir string
	root    *os.Root // nil without a user directory

	mu sync.Mutex // serialises Create, Update and Delete
	// beforeRename, when set (tests), runs between writing the temporary
	// file and renaming it over SKILL.md.
	beforeRename func()
}

// NewStore returns a store over the built-in skills (nil for none) and the
// user skills directory ("" for none; created when missing).
func NewStore(builtin fs.FS, userDir string) (*Store, error) {
	s := &Store{builtin: builtin, userDir: userDir}
	if userDir == "" {
		return s, nil
	}
	if err := os.MkdirAll(userDir, 0o755); err != nil {
		return nil, fmt.Errorf("user skills: %w", err)
	}
	root, err := os.OpenRoot(userDir)
	if err != nil {
		return nil, fmt.Errorf("user skills: %w", err)
	}
	s.root = root
	return s, nil
}

// Close releases the user directory.
func (s *Store) Close() error {
	if s.root == nil {
		return nil
	}
	return s.root.Close()
}

// Set is a snapshot of the skills, by name.
type Set struct {
	byName map[string]*Skill
}

// NewSet builds a set from skills already parsed; on a duplicate name the
// first one wins.
func NewSet(skills ...*Skill) *Set {
	s := &Set{byName: map[string]*Skill{}}
	for _, sk := range skills {
		if _, ok := s.byName[sk.Name]; !ok {
			s.byName[sk.Name] = sk
		}
	}
	return s
}

// Get returns the named skill, or nil.
func (s *Set) Get(name string) *Skill {
	if s == nil {
		return nil
	}
	return s.byName[name]
}

// All returns the skills sorted by name.
func (s *Set) All() []*Skill {
	if s == nil {
		return nil
	}
	out := make([]*Skill, 0, len(s.byName))
	for _, sk := range s.byName {
		out = append(out, sk)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Load reads every skill. Problems (malformed files, bad names, user
// skills shadowed by built-ins, paths escaping the directory) do not stop
// the others from loading; they are returned alongside, in a stable order.
func (s *Store) Load() (*Set, []error) {
	set := NewSet()
	var problems []error
	if s.builtin != nil {
		sks, errs := scan(s.builtin, Builtin, "builtin")
		problems = append(problems, errs...)
		for _, sk := range sks {
			set.byName[sk.Name] = sk
		}
	}
	if s.root != nil {
		sks, errs := scan(inputfile.RootFS(s.root), User, s.userDir)
		problems = append(problems, errs...)
		for _, sk := range sks {
			if b := set.byName[sk.Name]; b != nil {
				problems = append(problems, fmt.Errorf("%s: user skill %q is shadowed by the built-in skill of that name; rename it", sk.Path, sk.Name))
				continue
			}
			set.byName[sk.Name] = sk
		}
	}
	return set, problems
}

// Get reads one skill afresh: the built-in one if there is one, else the
// user one.
func (s *Store) Get(name string) (*Skill, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	if s.builtin != nil {
		sk, err := readSkill(s.builtin, Builtin, "builtin", name)
		if !errors.Is(err, fs.ErrNotExist) {
			return sk, err
		}
	}
	if s.root != nil {
		sk, err := readSkill(inputfile.RootFS(s.root), User, s.userDir, name)
		if !errors.Is(err, fs.ErrNotExist) {
			return sk, err
		}
	}
	return nil, fmt.Errorf("skill %q: %w", name, ErrNotFound)
}

// LoadDir reads the skills of one directory (as an fs.FS; label names it
// in errors), for tools such as lint that look at sources separately.
func LoadDir(fsys fs.FS, src Source, label string) ([]*Skill, []error) {
	return scan(fsys, src, label)
}

// scan reads <name>/SKILL.md for every directory entry of fsys. Hidden
// entries (temporary files, deleted skills) are skipped.
func scan(fsys fs.FS, src Source, label string) ([]*Skill, []error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, []error{fmt.Errorf("%s: %w", label, err)}
	}
	var out []*Skill
	var problems []error
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") || (!e.IsDir() && e.Type()&fs.ModeSymlink == 0) {
			continue
		}
		if err := CheckName(name); err != nil {
			problems = append(problems, fmt.Errorf("%s: %w", path.Join(label, name), err))
			continue
		}
		sk, err := readSkill(fsys, src, label, name)
		if errors.Is(err, fs.ErrNotExist) {
			// Not a skill (yet, or any more): a directory without SKILL.md
			// is what a concurrent Create or Delete looks like mid-way.
			continue
		}
		if err != nil {
			problems = append(problems, err)
			continue
		}
		out = append(out, sk)
	}
	return out, problems
}

// readSkill reads and parses one skill; the error wraps fs.ErrNotExist
// when there is no such skill.
func readSkill(fsys fs.FS, src Source, label, name string) (*Skill, error) {
	rel := name + "/" + FileName
	file := path.Join(label, rel)
	data, err := inputfile.ReadFS(fsys, rel)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		return nil, fmt.Errorf("%s: %w", file, escapeHint(err))
	}
	sk, err := Parse(file, data)
	if err != nil {
		return nil, err
	}
	if err := checkParsedName(sk, name); err != nil {
		return nil, err
	}
	sk.Source = src
	return sk, nil
}

// checkParsedName fills in a missing name and rejects one that disagrees
// with the directory, since the directory name is what users type.
func checkParsedName(sk *Skill, dir string) error {
	if sk.Name == "" {
		sk.Name = dir
		return nil
	}
	if sk.Name != dir {
		return &ParseError{File: sk.Path, Line: sk.Lines["name"],
			Msg: fmt.Sprintf("name %q does not match its directory %q; make them equal", sk.Name, dir)}
	}
	return nil
}

// escapeHint makes os.Root's refusal to follow a path out of the directory
// readable.
func escapeHint(err error) error {
	if err != nil && strings.Contains(err.Error(), "escapes") {
		return fmt.Errorf("path escapes the skills directory (a symlink pointing outside it?): %w", err)
	}
	return err
}
