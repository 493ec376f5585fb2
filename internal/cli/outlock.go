package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// lockSuffix names the lock file beside an output directory DIR:
// .DIR.tscg-lock. It stays after the build (removing it would let a
// waiting build lock a file a third one no longer sees); it holds nothing.
const lockSuffix = ".tscg-lock"

// lockWait bounds how long a build waits for another build of the same
// output directory.
var lockWait = 2 * time.Minute

// lockOutput locks dir against other tscg builds for the whole of
// writeDir: sweeping leftovers, writing the new output and swapping it
// in. A second build of the same -o waits for the first (its temporary
// directory is never swept from under it, and the two swaps never
// interleave), and fails with a clear message after lockWait. The lock
// is the operating system's (flock, LockFileEx), so a build that is
// killed releases it.
func lockOutput(parent, base string) (unlock func(), err error) {
	p := filepath.Join(parent, "."+base+lockSuffix)
	f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock the output directory: %w", err)
	}
	deadline := time.Now().Add(lockWait)
	for {
		busy, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock the output directory with %s: %w", p, err)
		}
		if !busy {
			return func() { f.Close() }, nil // closing releases the lock
		}
		if time.Now().After(deadline) {
			f.Close()
			return nil, fmt.Errorf("another tscg build has been writing %s for over %s (it holds %s); wait for it to finish, or build to another -o",
				filepath.Join(parent, base), lockWait, p)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
