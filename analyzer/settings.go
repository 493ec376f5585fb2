package analyzer

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/compiler/targets"
	"github.com/tscg/tscg/internal/tokens"
	"gopkg.in/yaml.v3"
)

// Settings are the lint options of tscg.yaml's `lint:` section and the
// command line. The yaml tags are the proposed configuration keys.
type Settings struct {
	// Except disables rules by id.
	Except []string `yaml:"except"`
	// Only, when set, enables just these rules.
	Only []string `yaml:"only"`
	// Severity overrides a rule's severity: "error", "warning", "info"
	// or "off".
	Severity map[string]string `yaml:"severity"`
	// Ignore silences individual findings (the --baseline output).
	Ignore []Ignore `yaml:"ignore"`
	// FailOn is the lowest severity that makes lint exit 1.
	FailOn string `yaml:"failOn"`

	// NameDistance is the largest Levenshtein distance, relative to the
	// longer name, at which two names count as near duplicates.
	NameDistance float64 `yaml:"nameDistance"`
	// Similarity is the TF-IDF cosine at or above which two descriptions
	// count as indistinguishable.
	Similarity float64 `yaml:"similarity"`
	// MinDescription and MaxDescription bound a tool description's length
	// in characters; MaxParamDescription bounds a parameter's.
	MinDescription      int `yaml:"minDescription"`
	MaxDescription      int `yaml:"maxDescription"`
	MaxParamDescription int `yaml:"maxParamDescription"`
	// Targets are the providers checked by provider-limits.
	Targets []string `yaml:"targets"`
	// Encoding is the BPE encoding used by token-budget.
	Encoding string `yaml:"encoding"`
	// ToolBudget is the most tokens one tool definition should cost.
	ToolBudget int `yaml:"toolBudget"`
	// Rounds is how many times an agent resends the tool list in a task,
	// and CatalogBudget the most tokens those rounds should cost.
	Rounds        int `yaml:"rounds"`
	CatalogBudget int `yaml:"catalogBudget"`

	// SchemaOptions render schemas for rules that look at JSON Schema.
	SchemaOptions jsonschema.Options `yaml:"-"`
}

// Ignore silences findings of Rule about Tool in files matching Path (a
// filepath.Match pattern); empty fields match anything.
type Ignore struct {
	Rule   string `yaml:"rule"`
	Tool   string `yaml:"tool,omitempty"`
	Path   string `yaml:"path,omitempty"`
	Reason string `yaml:"reason,omitempty"`
}

// Defaults returns the settings used when nothing is configured.
func Defaults() *Settings {
	s := &Settings{}
	s.fill()
	return s
}

// fill sets every zero option to its default.
func (s *Settings) fill() {
	def := func(p *int, v int) {
		if *p == 0 {
			*p = v
		}
	}
	if s.NameDistance == 0 {
		s.NameDistance = 0.1
	}
	if s.Similarity == 0 {
		s.Similarity = 0.8
	}
	def(&s.MinDescription, 20)
	def(&s.MaxDescription, 1024)
	def(&s.MaxParamDescription, 512)
	def(&s.ToolBudget, 800)
	def(&s.Rounds, 20)
	def(&s.CatalogBudget, 200000)
	if s.Targets == nil {
		s.Targets = []string{"openai", "anthropic", "mcp"}
	}
	if s.Encoding == "" {
		s.Encoding = tokens.Default
	}
	if s.FailOn == "" {
		s.FailOn = "error"
	}
}

// Check fills defaults and reports invalid values; known lists the valid
// rule ids.
func (s *Settings) Check(known []string) error {
	s.fill()
	isRule := map[string]bool{}
	for _, id := range known {
		isRule[id] = true
	}
	for _, id := range append(append([]string{}, s.Except...), s.Only...) {
		if !isRule[id] {
			return fmt.Errorf("unknown rule %q (see tscg lint --list-rules)", id)
		}
	}
	for id, sev := range s.Severity {
		if !isRule[id] {
			return fmt.Errorf("severity: unknown rule %q", id)
		}
		if _, err := diag.ParseSeverity(sev); err != nil && sev != "off" {
			return fmt.Errorf("severity of %s: %v", id, err)
		}
	}
	for _, t := range s.Targets {
		if targets.Lookup(t) == nil {
			return fmt.Errorf("unknown target %q (want one of %v)", t, targets.Names())
		}
	}
	if !tokens.Valid(s.Encoding) {
		return fmt.Errorf("unknown encoding %q (want %v)", s.Encoding, tokens.Encodings())
	}
	if _, err := s.FailSeverity(); err != nil {
		return err
	}
	if s.Similarity <= 0 || s.Similarity > 1 || s.NameDistance < 0 || s.NameDistance >= 1 {
		return fmt.Errorf("similarity must be in (0, 1] and nameDistance in [0, 1)")
	}
	return nil
}

// FailSeverity parses FailOn.
func (s *Settings) FailSeverity() (diag.Severity, error) {
	switch s.FailOn {
	case "", "error":
		return diag.Error, nil
	case "warning", "warn":
		return diag.Warning, nil
	case "info":
		return diag.Info, nil
	}
	return 0, fmt.Errorf("unknown fail-on level %q (want error, warning or info)", s.FailOn)
}

// Enabled reports whether rule id runs.
func (s *Settings) Enabled(id string) bool {
	if s.Severity[id] == "off" {
		return false
	}
	for _, e := range s.Except {
		if e == id {
			return false
		}
	}
	if len(s.Only) == 0 {
		return true
	}
	for _, o := range s.Only {
		if o == id {
			return true
		}
	}
	return false
}

// SeverityFor returns the configured severity of rule id, if any.
func (s *Settings) SeverityFor(id string) (diag.Severity, bool) {
	v, ok := s.Severity[id]
	if !ok {
		return 0, false
	}
	sev, err := diag.ParseSeverity(v)
	return sev, err == nil
}

// Ignored reports whether f matches an Ignore entry.
func (s *Settings) Ignored(f Finding) bool {
	for _, ig := range s.Ignore {
		if ig.Rule != "" && ig.Rule != f.RuleID {
			continue
		}
		if ig.Tool != "" && ig.Tool != f.Tool {
			continue
		}
		if ig.Path != "" {
			if ok, _ := filepath.Match(ig.Path, filepath.ToSlash(f.Pos.File)); !ok && ig.Path != filepath.ToSlash(f.Pos.File) {
				continue
			}
		}
		return true
	}
	return false
}

// ParseSettings reads the `lint:` section of a YAML document (a tscg.yaml
// or a file holding only that section, such as the --baseline output).
// A document without the section yields defaults.
func ParseSettings(data []byte) (*Settings, error) {
	var doc struct {
		Lint *Settings `yaml:"lint"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(false)
	if err := dec.Decode(&doc); err != nil && err != io.EOF {
		return nil, fmt.Errorf("read lint settings: %w", err)
	}
	if doc.Lint == nil {
		return Defaults(), nil
	}
	doc.Lint.fill()
	return doc.Lint, nil
}
