package skills

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
)

func skillMD(name, desc, body string) []byte {
	return Format(&Skill{Name: name, Description: desc, Body: body})
}

func builtinFS() fstest.MapFS {
	return fstest.MapFS{
		"weather/SKILL.md": {Data: []byte(weatherMD)},
		"notes/SKILL.md":   {Data: skillMD("notes", "Built-in notes.", "builtin body\n")},
	}
}

func newStore(t *testing.T) (*Store, string) {
	t.Helper()
	dir := t.TempDir()
	s, err := NewStore(builtinFS(), filepath.Join(dir, "user"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, filepath.Join(dir, "user")
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestPrecedence(t *testing.T) {
	s, user := newStore(t)
	writeFile(t, filepath.Join(user, "notes", "SKILL.md"), skillMD("notes", "User notes.", "user body\n"))
	writeFile(t, filepath.Join(user, "todo", "SKILL.md"), skillMD("todo", "User todo.", "todo body\n"))
	set, problems := s.Load()
	if got := set.Get("notes"); got == nil || got.Source != Builtin || got.Body != "builtin body\n" {
		t.Errorf("notes = %+v, want the built-in", got)
	}
	if got := set.Get("todo"); got == nil || got.Source != User {
		t.Errorf("todo = %+v, want the user skill", got)
	}
	if len(problems) != 1 || !strings.Contains(problems[0].Error(), "shadowed") {
		t.Errorf("problems = %v, want one shadowing warning", problems)
	}
	if got, _ := s.Get("notes"); got.Source != Builtin {
		t.Errorf("Get(notes) source = %v", got.Source)
	}
	var names []string
	for _, sk := range set.All() {
		names = append(names, sk.Name)
	}
	if strings.Join(names, ",") != "notes,todo,weather" {
		t.Errorf("names = %v", names)
	}
}

func TestLoadProblems(t *testing.T) {
	s, user := newStore(t)
	writeFile(t, filepath.Join(user, "Bad_Name", "SKILL.md"), skillMD("x", "d", "b"))
	writeFile(t, filepath.Join(user, "other", "SKILL.md"), skillMD("mismatch", "d", "b"))
	writeFile(t, filepath.Join(user, "broken", "SKILL.md"), []byte("---\nname: broken\ndescription: [\n---\n"))
	writeFile(t, filepath.Join(user, "ok", "SKILL.md"), skillMD("ok", "d", "b"))
	set, problems := s.Load()
	if set.Get("ok") == nil || set.Get("other") != nil || set.Get("broken") != nil {
		t.Errorf("set = %v", set.All())
	}
	text := fmt.Sprint(problems)
	for _, want := range []string{"invalid skill name \"Bad_Name\"", "other/SKILL.md:2: name \"mismatch\" does not match", "broken/SKILL.md:"} {
		if !strings.Contains(text, want) {
			t.Errorf("problems %s\nlack %q", text, want)
		}
	}
}

func TestPathEscapes(t *testing.T) {
	s, user := newStore(t)
	outside := t.TempDir()
	writeFile(t, filepath.Join(outside, "evil", "SKILL.md"), skillMD("evil", "Outside.", "secret\n"))
	writeFile(t, filepath.Join(outside, "secret.md"), skillMD("leak", "Outside.", "secret\n"))
	if err := os.MkdirAll(user, 0o755); err != nil {
		t.Fatal(err)
	}
	// A skill directory that is a symlink out of the user directory, and a
	// SKILL.md that is one.
	must(t, os.Symlink(filepath.Join(outside, "evil"), filepath.Join(user, "evil")))
	must(t, os.MkdirAll(filepath.Join(user, "leak"), 0o755))
	must(t, os.Symlink(filepath.Join(outside, "secret.md"), filepath.Join(user, "leak", "SKILL.md")))

	set, problems := s.Load()
	if set.Get("evil") != nil || set.Get("leak") != nil {
		t.Fatalf("a skill outside the directory was loaded: %v", set.All())
	}
	if text := fmt.Sprint(problems); strings.Count(text, "escapes the skills directory") != 2 {
		t.Errorf("problems = %s", text)
	}
	if _, err := s.Get("evil"); err == nil || !strings.Contains(err.Error(), "escapes") {
		t.Errorf("Get(evil) = %v", err)
	}
	for _, name := range []string{"../x", "/etc/passwd", "a/../../b", `..\x`} {
		if _, err := s.Get(name); !errors.As(err, new(*NameError)) {
			t.Errorf("Get(%q) = %v, want a NameError", name, err)
		}
		if _, err := s.Create(name, skillMD("x", "d", "b")); !errors.As(err, new(*NameError)) {
			t.Errorf("Create(%q) = %v, want a NameError", name, err)
		}
		if err := s.Delete(name); !errors.As(err, new(*NameError)) {
			t.Errorf("Delete(%q) = %v, want a NameError", name, err)
		}
	}
	// Writing through the symlinked directory must fail and leave the
	// outside file alone.
	if _, err := s.Update("evil", skillMD("evil", "d", "pwned\n")); err == nil {
		t.Error("Update through a symlink out of the directory succeeded")
	}
	if err := s.Delete("evil"); err == nil {
		t.Error("Delete through a symlink out of the directory succeeded")
	}
	if data, _ := os.ReadFile(filepath.Join(outside, "evil", "SKILL.md")); !strings.Contains(string(data), "secret") {
		t.Errorf("outside file changed: %s", data)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestCRUD(t *testing.T) {
	s, user := newStore(t)
	if _, err := s.Create("todo", skillMD("todo", "v1", "one\n")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Create("todo", skillMD("todo", "v1", "one\n")); !errors.Is(err, ErrExists) {
		t.Errorf("second Create = %v, want ErrExists", err)
	}
	if _, err := s.Update("todo", skillMD("todo", "v2", "two\n")); err != nil {
		t.Fatal(err)
	}
	if sk, _ := s.Get("todo"); sk.Description != "v2" {
		t.Errorf("after Update: %+v", sk)
	}
	if _, err := s.Update("todo", []byte("no front matter")); !errors.As(err, new(*ParseError)) {
		t.Errorf("Update with bad content = %v", err)
	}
	if _, err := s.Create("todo2", skillMD("other", "d", "b")); err == nil {
		t.Error("Create with a mismatched name succeeded")
	}
	if _, err := s.Update("missing", skillMD("missing", "d", "b")); !errors.Is(err, ErrNotFound) {
		t.Errorf("Update(missing) = %v", err)
	}
	for _, op := range []func() error{
		func() error { _, err := s.Create("weather", []byte(weatherMD)); return err },
		func() error { _, err := s.Update("weather", []byte(weatherMD)); return err },
		func() error { return s.Delete("weather") },
	} {
		if err := op(); !errors.Is(err, ErrReadOnly) {
			t.Errorf("changing a built-in: %v, want ErrReadOnly", err)
		}
	}
	if err := s.Delete("todo"); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete("todo"); !errors.Is(err, ErrNotFound) {
		t.Errorf("second Delete = %v", err)
	}
	entries, _ := os.ReadDir(user)
	if len(entries) != 0 {
		t.Errorf("user dir not empty after Delete: %v", entries)
	}
}

// TestCrashBeforeRename stops the writing goroutine between the write of
// the temporary file and the rename, as a crash would: SKILL.md keeps the
// old content and Load ignores the leftover temporary file.
func TestCrashBeforeRename(t *testing.T) {
	s, user := newStore(t)
	old := skillMD("todo", "old", "old body\n")
	if _, err := s.Create("todo", old); err != nil {
		t.Fatal(err)
	}
	s.beforeRename = func() { runtime.Goexit() }
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.Update("todo", skillMD("todo", "new", "new body\n"))
		t.Error("Update returned after the simulated crash")
	}()
	<-done
	s.beforeRename = nil
	data, err := os.ReadFile(filepath.Join(user, "todo", "SKILL.md"))
	if err != nil || string(data) != string(old) {
		t.Fatalf("SKILL.md = %q, %v; want the old content", data, err)
	}
	leftovers, _ := filepath.Glob(filepath.Join(user, "todo", ".SKILL.md.tmp-*"))
	if len(leftovers) != 1 {
		t.Errorf("temporary files = %v, want the crashed one", leftovers)
	}
	set, problems := s.Load()
	if sk := set.Get("todo"); sk == nil || sk.Description != "old" || len(problems) != 0 {
		t.Errorf("after crash: %+v %v", sk, problems)
	}
	// The store still works afterwards.
	if _, err := s.Update("todo", skillMD("todo", "new", "new body\n")); err != nil {
		t.Fatal(err)
	}
}

// TestConcurrentCRUD runs creates, updates, deletes and loads from many
// goroutines (run it with -race): every SKILL.md ever read parses whole.
func TestConcurrentCRUD(t *testing.T) {
	s, _ := newStore(t)
	var wg sync.WaitGroup
	errc := make(chan error, 1000)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				name := fmt.Sprintf("s%d", i%4)
				body := strings.Repeat(fmt.Sprintf("line %d %d\n", g, i), 50)
				switch (g + i) % 4 {
				case 0:
					_, err := s.Create(name, skillMD(name, "c", body))
					okErr(errc, err, ErrExists)
				case 1:
					_, err := s.Update(name, skillMD(name, "u", body))
					okErr(errc, err, ErrNotFound)
				case 2:
					okErr(errc, s.Delete(name), ErrNotFound)
				default:
					_, problems := s.Load()
					for _, p := range problems {
						errc <- p
					}
				}
			}
		}(g)
	}
	wg.Wait()
	close(errc)
	for err := range errc {
		t.Error(err)
	}
	_, problems := s.Load()
	if len(problems) != 0 {
		t.Errorf("final load: %v", problems)
	}
}

func okErr(errc chan<- error, err, allowed error) {
	if err != nil && !errors.Is(err, allowed) {
		errc <- err
	}
}
