// Package schemacheck validates tscg's own YAML files (tscg.yaml,
// *.workflow.yaml) against their embedded JSON Schemas, and turns the
// validator's and the YAML parser's errors into positions and messages.
package schemacheck

import (
	"errors"
	"sync"

	"github.com/goccy/go-yaml"

	"github.com/tscg/tscg/internal/jsonval"
)

// Lazy compiles an embedded schema on first use: most commands never read
// the file it checks, and start-up time matters for a CLI. A schema that
// does not compile is a programming error, caught by the package's tests.
func Lazy(name string, schema []byte) func() *jsonval.Schema {
	return sync.OnceValue(func() *jsonval.Schema {
		doc, err := jsonval.Unmarshal(schema)
		if err != nil {
			panic(err)
		}
		url := "tscg:///" + name // an absolute URL: the validator resolves references against it
		c := jsonval.NewCompiler()
		if err := c.AddResource(url, doc); err != nil {
			panic(err)
		}
		s, err := c.Compile(url)
		if err != nil {
			panic(err)
		}
		return s
	})
}

// Leaves returns the most specific violations of a validation error.
func Leaves(err error) []*jsonval.Error {
	var verr *jsonval.Error
	if !errors.As(err, &verr) {
		return nil
	}
	return leaves(verr)
}

func leaves(e *jsonval.Error) []*jsonval.Error {
	if len(e.Causes) == 0 {
		return []*jsonval.Error{e}
	}
	var out []*jsonval.Error
	for _, c := range e.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

// Message is a violation's text in English.
func Message(e *jsonval.Error) string { return e.Message() }

// YAMLError returns the 1-based line and column and the message of a YAML
// parse or decode error; ok is false when the error carries no position.
func YAMLError(err error) (line, col int, msg string, ok bool) {
	var yerr yaml.Error
	if errors.As(err, &yerr) && yerr.GetToken() != nil {
		p := yerr.GetToken().Position
		return p.Line, p.Column, yerr.GetMessage(), true
	}
	return 0, 0, "", false
}
