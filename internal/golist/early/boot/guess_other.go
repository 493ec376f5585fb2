//go:build !unix

package boot

// CommandFor is no run here: PWD and the path rules of Guess are Unix's.
func CommandFor(args []string, wd string) (Command, bool) { return Command{}, false }

// Guess is no guess here (see CommandFor).
func Guess(args []string, wd string) (dir, pattern string, ok bool) { return "", "", false }
