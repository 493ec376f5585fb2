// Package inputfile reads the files tscg is given — inputs, tscg.yaml,
// workflows, skills — as untrusted files: only regular files, at most
// MaxBytes, checked and read through one open descriptor.
//
// Checking a path (os.Stat) and then reading it (os.ReadFile) leaves a
// window in which the file can grow or be swapped for a named pipe (the
// read hangs) or a link to /dev/zero (the read never ends). Here the file
// is opened without blocking (a pipe without a writer opens at once), the
// open descriptor is checked (fstat), and the read stops one byte past
// the limit, so whatever the path names by then, the read is bounded.
package inputfile

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// MaxBytes bounds one file: a larger one is an error, not a read that
// exhausts memory.
const MaxBytes = 64 << 20

// NotRegularError refuses a named pipe, a device, a socket or a
// directory.
type NotRegularError struct{ Mode fs.FileMode }

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("not a regular file (%s): tscg reads only regular files as inputs", Kind(e.Mode))
}

// TooLargeError refuses a file over the limit. Size is what fstat
// reported, or -1 when the file grew past the limit while it was read.
type TooLargeError struct{ Size, Limit int64 }

func (e *TooLargeError) Error() string {
	if e.Size < 0 {
		return fmt.Sprintf("the file grew past the limit of %d MiB for one file while it was read", e.Limit>>20)
	}
	return fmt.Sprintf("the file is %d MiB, over the limit of %d MiB for one file", e.Size>>20, e.Limit>>20)
}

// Read reads the file at path (symbolic links followed).
func Read(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, MaxBytes)
}

// ReadFS reads name from fsys. Opening a named pipe blocks unless fsys
// opens without blocking, as RootFS does.
func ReadFS(fsys fs.FS, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, MaxBytes)
}

// Check refuses what st describes unless it is a regular file of at most
// MaxBytes. The error names the kind of file and says what tscg reads.
func Check(st fs.FileInfo) error {
	return check(st, MaxBytes)
}

func check(st fs.FileInfo, limit int64) error {
	switch {
	case !st.Mode().IsRegular():
		return &NotRegularError{Mode: st.Mode()}
	case st.Size() > limit:
		return &TooLargeError{Size: st.Size(), Limit: limit}
	}
	return nil
}

// readLimited checks the open file and reads it, refusing it once the
// read passes limit: the size fstat reports may be stale (the file grows)
// or meaningless (/proc files say 0).
func readLimited(f fs.File, limit int64) ([]byte, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if err := check(st, limit); err != nil {
		return nil, err
	}
	// One byte more than the file's size (or the limit): the common
	// case reads it whole without growing the buffer, and sees EOF.
	data := make([]byte, 0, min(st.Size(), limit)+1)
	r := io.LimitReader(f, limit+1)
	for {
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if int64(len(data)) > limit {
			return nil, &TooLargeError{Size: -1, Limit: limit}
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
}

// Kind names the kind of file a mode describes, for messages.
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return m.Type().String()
}

// RootFS is root.FS() but opens files without blocking, so that ReadFS
// refuses a named pipe instead of waiting for a writer. Like root.FS(),
// it refuses names that leave root, symbolic links included.
func RootFS(root *os.Root) fs.FS { return rootFS{root} }

type rootFS struct{ root *os.Root }

func (r rootFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	f, err := r.root.OpenFile(filepath.FromSlash(name), os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// Contains reports whether the file at path holds needle (non-empty),
// checked and bounded as Read is, through a small buffer instead of the
// whole file: for a caller that reads a file only when it mentions
// something (lint's suppression comments).
func Contains(path, needle string) (bool, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return false, err
	}
	defer f.Close()
	return containsLimited(f, needle, MaxBytes)
}

func containsLimited(f fs.File, needle string, limit int64) (bool, error) {
	st, err := f.Stat()
	if err != nil {
		return false, err
	}
	if err := check(st, limit); err != nil {
		return false, err
	}
	want := []byte(needle)
	keep := len(want) - 1 // bytes carried over: a match across two reads
	buf := make([]byte, 0, max(64<<10, 2*len(needle)))
	r := io.LimitReader(f, limit+1)
	var total int64
	for {
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		total += int64(n)
		if total > limit {
			return false, &TooLargeError{Size: -1, Limit: limit}
		}
		if bytes.Contains(buf, want) {
			return true, nil
		}
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		if len(buf) == cap(buf) {
			buf = buf[:copy(buf, buf[len(buf)-keep:])]
		}
	}
}
