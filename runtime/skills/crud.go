package skills

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// Create adds a user skill from SKILL.md content. The content must parse,
// and its name (when given) must equal name. A built-in or user skill of
// that name already existing is an error.
func (s *Store) Create(name string, content []byte) (*Skill, error) {
	return s.write(name, content, false)
}

// Update replaces an existing user skill's SKILL.md.
func (s *Store) Update(name string, content []byte) (*Skill, error) {
	return s.write(name, content, true)
}

// Delete removes a user skill's directory. The directory is first renamed
// to a hidden name, so a concurrent Load sees the skill whole or not at all.
func (s *Store) Delete(name string) error {
	if err := s.writable(name); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.root.Stat(name + "/" + FileName); err != nil {
		return s.missing(name, err)
	}
	tomb := ".deleted-" + name + "-" + randomSuffix()
	if err := s.root.Rename(name, tomb); err != nil {
		return fmt.Errorf("delete skill %q: %w", name, escapeHint(err))
	}
	if err := s.root.RemoveAll(tomb); err != nil {
		return fmt.Errorf("delete skill %q: %w", name, err)
	}
	return nil
}

// writable checks what every write needs: a user directory, a valid name
// and not a built-in.
func (s *Store) writable(name string) error {
	if err := CheckName(name); err != nil {
		return err
	}
	if s.root == nil {
		return ErrNoUser
	}
	if s.builtin != nil {
		if _, err := fs.Stat(s.builtin, name+"/"+FileName); err == nil {
			return fmt.Errorf("skill %q: %w; create a user skill under another name", name, ErrReadOnly)
		}
	}
	return nil
}

func (s *Store) missing(name string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("skill %q: %w", name, ErrNotFound)
	}
	return fmt.Errorf("skill %q: %w", name, escapeHint(err))
}

func (s *Store) write(name string, content []byte, update bool) (*Skill, error) {
	if err := s.writable(name); err != nil {
		return nil, err
	}
	file := s.userDir + "/" + name + "/" + FileName
	sk, err := Parse(file, content)
	if err != nil {
		return nil, err
	}
	if err := checkParsedName(sk, name); err != nil {
		return nil, err
	}
	sk.Source = User
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err = s.root.Stat(name + "/" + FileName)
	switch {
	case update && err != nil:
		return nil, s.missing(name, err)
	case !update && err == nil:
		return nil, fmt.Errorf("skill %q: %w; use Update to change it", name, ErrExists)
	case !update && !errors.Is(err, fs.ErrNotExist):
		return nil, s.missing(name, err)
	}
	if err := s.root.Mkdir(name, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("create skill %q: %w", name, escapeHint(err))
	}
	if err := s.replace(name, content); err != nil {
		return nil, err
	}
	return sk, nil
}

// replace writes content to a temporary file in the skill's directory and
// renames it over SKILL.md: rename is atomic, so SKILL.md is always either
// the old or the new content. A crash before the rename leaves only a
// hidden temporary file, which Load ignores.
func (s *Store) replace(name string, content []byte) error {
	tmp := name + "/." + FileName + ".tmp-" + randomSuffix()
	f, err := s.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("write skill %q: %w", name, escapeHint(err))
	}
	_, err = f.Write(content)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && s.beforeRename != nil {
		s.beforeRename()
	}
	if err == nil {
		err = s.root.Rename(tmp, name+"/"+FileName)
	}
	if err != nil {
		_ = s.root.Remove(tmp)
		return fmt.Errorf("write skill %q: %w", name, escapeHint(err))
	}
	return nil
}

func randomSuffix() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
