package cli

import (
	"errors"
	"hash/fnv"
	"io"
	"strconv"
	"strings"

	hash64 "hash"
)

// readCloser and writeCloser adapt the command's streams to the go-sdk's
// transport (closing them is the process's business, not serve's).
type readCloser struct{ io.Reader }

func (readCloser) Close() error { return nil }

type writeCloser struct{ io.Writer }

func (writeCloser) Close() error { return nil }

// isClosed reports the normal end of a stdio session: the client closed
// stdin.
func isClosed(err error) bool {
	return err == nil || errors.Is(err, io.EOF) || strings.Contains(err.Error(), "closed")
}

func serveErr(err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code: ExitInternal, err: err}
}

type hasher struct{ h hash64.Hash64 }

func fnv64() *hasher { return &hasher{fnv.New64a()} }

func (h *hasher) add(s string) { _, _ = io.WriteString(h.h, s) }

func (h *hasher) sum() string { return strconv.FormatUint(h.h.Sum64(), 16) }
