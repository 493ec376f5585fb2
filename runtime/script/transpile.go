package script

import (
	"regexp"
	"strconv"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/tscg/tscg/internal/lazyre"
)

// wrapStart and wrapEnd make the script's body an async function, so
// top-level await and return work. wrapStart shares the script's first
// line (errors there are shifted back by its length) so that every other
// line keeps its number.
const (
	wrapStart = "(async () => {"
	wrapEnd   = "\n})()"
)

// transpile turns the script into JavaScript goja runs, with an inline
// source map back to the wrapped source.
func transpile(src string) (string, *Error) {
	res := api.Transform(wrapStart+src+wrapEnd, api.TransformOptions{
		Loader:     api.LoaderTS,
		Target:     api.ES2017,
		Sourcemap:  api.SourceMapInline,
		Sourcefile: FileName,
		LogLevel:   api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		m := res.Errors[0]
		e := &Error{Kind: KindSyntax, Message: "SyntaxError: " + m.Text}
		if m.Location != nil {
			e.Line, e.Col = unwrapPos(m.Location.Line, m.Location.Column+1)
		}
		return "", e
	}
	return string(res.Code), nil
}

// unwrapPos maps a 1-based position in the wrapped source to the
// script's own.
func unwrapPos(line, col int) (int, int) {
	if line == 1 {
		col -= len(wrapStart)
		if col < 1 {
			col = 1
		}
	}
	return line, col
}

// frameRE finds the first frame of a goja stack trace that is in the
// script: "at f (script.ts:3:7(12))" or "at script.ts:3:7(12)".
var frameRE = lazyre.New(regexp.QuoteMeta(FileName) + `:(\d+):(\d+)`)

// stackPos returns the script position of the innermost frame of a goja
// stack trace (positions there are already mapped through the source map).
func stackPos(stack string) (int, int) {
	m := frameRE.FindStringSubmatch(stack)
	if m == nil {
		return 0, 0
	}
	line, _ := strconv.Atoi(m[1])
	col, _ := strconv.Atoi(m[2])
	return unwrapPos(line, col)
}
