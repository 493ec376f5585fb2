// Package schemacheck validates tscg's own YAML files (tscg.yaml,
// *.workflow.yaml) against their embedded JSON Schemas, and turns the
// validator's and the YAML parser's errors into positions and messages.
package schemacheck

import (
	"bytes"
	"errors"
	"sync"

	"github.com/goccy/go-yaml"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"
)

// Lazy compiles an embedded schema on first use: most commands never read
// the file it checks, and start-up time matters for a CLI. A schema that
// does not compile is a programming error, caught by the package's tests.
func Lazy(name string, schema []byte) func() *sjs.Schema {
	return sync.OnceValue(func() *sjs.Schema {
		doc, err := sjs.UnmarshalJSON(bytes.NewReader(schema))
		if err != nil {
			panic(err)
		}
		c := sjs.NewCompiler()
		if err := c.AddResource(name, doc); err != nil {
			panic(err)
		}
		return c.MustCompile(name)
	})
}

var english = message.NewPrinter(language.English)

// Leaves returns the most specific violations of a validation error.
func Leaves(err error) []*sjs.ValidationError {
	var verr *sjs.ValidationError
	if !errors.As(err, &verr) {
		return nil
	}
	return leaves(verr)
}

func leaves(e *sjs.ValidationError) []*sjs.ValidationError {
	if len(e.Causes) == 0 {
		return []*sjs.ValidationError{e}
	}
	var out []*sjs.ValidationError
	for _, c := range e.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

// Message is a violation's text in English.
func Message(e *sjs.ValidationError) string { return e.ErrorKind.LocalizedString(english) }

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
