package analyzer

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/compiler/targets"
	"github.com/tscg/tscg/internal/tokens"
	"github.com/tscg/tscg/internal/yamldoc"
)

// DefaultRounds is how many times an agent is assumed to resend the tool
// list (lint's token-budget rule and tscg stats both cost that many).
const DefaultRounds = 20

// Settings are the lint options of tscg.yaml's `lint:` section (and of
// its breaking: section) and the command line. The yaml tags are the
// configuration keys; the valid tags are checked while decoding
// (internal/yamldoc), the rest by CheckValues and CheckRules.
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
	FailOn string `yaml:"failOn" valid:"enum=error|warning|info"`

	// NameDistance is the largest Levenshtein distance, relative to the
	// longer name, at which two names count as near duplicates.
	NameDistance float64 `yaml:"nameDistance" valid:"min=0,max=1"`
	// Similarity is the TF-IDF cosine at or above which two descriptions
	// count as indistinguishable.
	Similarity float64 `yaml:"similarity" valid:"min=0,max=1"`
	// MinDescription and MaxDescription bound a tool description's length
	// in characters; MaxParamDescription bounds a parameter's.
	MinDescription      int `yaml:"minDescription" valid:"min=0"`
	MaxDescription      int `yaml:"maxDescription" valid:"min=0"`
	MaxParamDescription int `yaml:"maxParamDescription" valid:"min=0"`
	// Targets are the providers checked by provider-limits.
	Targets []string `yaml:"targets"`
	// Encoding is the BPE encoding used by token-budget.
	Encoding string `yaml:"encoding"`
	// ToolBudget is the most tokens one tool definition should cost.
	ToolBudget int `yaml:"toolBudget" valid:"min=0"`
	// Rounds is how many times an agent resends the tool list in a task,
	// and CatalogBudget the most tokens those rounds should cost.
	Rounds        int `yaml:"rounds" valid:"min=1"`
	CatalogBudget int `yaml:"catalogBudget" valid:"min=0"`
	// HealthyTools and MaxTools bound the tools sent in one provider
	// call (catalog-size): above HealthyTools is an info, above MaxTools a
	// warning.
	HealthyTools int `yaml:"healthyTools" valid:"min=1"`
	MaxTools     int `yaml:"maxTools" valid:"min=1"`

	// SchemaOptions render schemas for rules that look at JSON Schema.
	SchemaOptions jsonschema.Options `yaml:"-"`
}

// Ignore silences findings of Rule about Tool in files matching Path (a
// filepath.Match pattern); empty fields match anything.
type Ignore struct {
	Rule   string `yaml:"rule" valid:"required"`
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
	def(&s.Rounds, DefaultRounds)
	def(&s.CatalogBudget, 200000)
	def(&s.HealthyTools, 15)
	def(&s.MaxTools, 20)
	if s.Targets == nil {
		s.Targets = []string{"openai.chat", "anthropic", "mcp.tools-list"}
	}
	if s.Encoding == "" {
		s.Encoding = tokens.Default
	}
	if s.FailOn == "" {
		s.FailOn = "error"
	}
}

// SettingError is an invalid setting at Path: the keys and list indexes
// below the section, so the configuration can give its position.
type SettingError struct {
	Path []string
	Msg  string
}

func (e *SettingError) Error() string {
	var b strings.Builder
	for i, p := range e.Path {
		if _, err := strconv.Atoi(p); err == nil {
			b.WriteString("[" + p + "]")
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(p)
	}
	return b.String() + ": " + e.Msg
}

func settingErr(msg string, path ...string) *SettingError { return &SettingError{Path: path, Msg: msg} }

// Check fills defaults and reports the first invalid value; known lists
// the valid rule ids.
func (s *Settings) Check(known []string) error {
	s.fill()
	if errs := append(s.CheckRules(known), s.CheckValues()...); len(errs) > 0 {
		return errs[0]
	}
	return nil
}

// CheckRules reports rule ids that are not in known.
func (s *Settings) CheckRules(known []string) []*SettingError {
	isRule := map[string]bool{}
	for _, id := range known {
		isRule[id] = true
	}
	var errs []*SettingError
	for key, ids := range map[string][]string{"except": s.Except, "only": s.Only} {
		for i, id := range ids {
			if !isRule[id] {
				errs = append(errs, settingErr(fmt.Sprintf("unknown rule %q (see tscg lint --list-rules)", id), key, strconv.Itoa(i)))
			}
		}
	}
	for _, id := range slices.Sorted(maps.Keys(s.Severity)) {
		if !isRule[id] {
			errs = append(errs, settingErr(fmt.Sprintf("unknown rule %q (see tscg lint --list-rules)", id), "severity", id))
		}
	}
	for i, ig := range s.Ignore {
		if ig.Rule != "" && !isRule[ig.Rule] {
			errs = append(errs, settingErr(fmt.Sprintf("unknown rule %q (see tscg lint --list-rules)", ig.Rule), "ignore", strconv.Itoa(i), "rule"))
		}
	}
	sortErrs(errs)
	return errs
}

// CheckValues reports invalid values that need no rule registry; unset
// values are not checked (fill gives them their defaults).
func (s *Settings) CheckValues() []*SettingError {
	var errs []*SettingError
	for _, id := range slices.Sorted(maps.Keys(s.Severity)) {
		if sev := s.Severity[id]; sev != "off" {
			if _, err := diag.ParseSeverity(sev); err != nil {
				errs = append(errs, settingErr(fmt.Sprintf("unknown severity %q (want error, warning, info or off)", sev), "severity", id))
			}
		}
	}
	for i, t := range s.Targets {
		if targets.Lookup(t) == nil {
			errs = append(errs, settingErr(fmt.Sprintf("unknown target %q (want one of %v)", t, targets.Names()), "targets", strconv.Itoa(i)))
		}
	}
	if s.Encoding != "" && !tokens.Valid(s.Encoding) {
		errs = append(errs, settingErr(fmt.Sprintf("unknown encoding %q (want %v)", s.Encoding, tokens.Encodings()), "encoding"))
	}
	if _, err := s.FailSeverity(); err != nil {
		errs = append(errs, settingErr(err.Error(), "failOn"))
	}
	if s.Similarity < 0 || s.Similarity > 1 {
		errs = append(errs, settingErr("must be in (0, 1]", "similarity"))
	}
	if s.NameDistance < 0 || s.NameDistance >= 1 {
		errs = append(errs, settingErr("must be in [0, 1)", "nameDistance"))
	}
	return errs
}

func sortErrs(errs []*SettingError) {
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Error() < errs[j].Error() })
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
// or a file holding only that section, such as the --baseline output),
// strictly: an unknown key is an error. A document without the section
// yields defaults. The CLI reads settings through compiler.LoadConfig,
// which also gives the positions of CheckRules' findings.
func ParseSettings(data []byte) (*Settings, error) {
	doc, err := yamldoc.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("read lint settings: %w", err)
	}
	var whole struct {
		Lint *Settings `yaml:"lint"`
	}
	entries, _ := yamldoc.Mapping(doc.Root)
	for _, e := range entries {
		if e.Key == "lint" {
			if errs := yamldoc.Decode(e.Value, &whole.Lint, "lint"); len(errs) > 0 {
				return nil, fmt.Errorf("read lint settings: %w", errs)
			}
		}
	}
	if whole.Lint == nil {
		return Defaults(), nil
	}
	if errs := whole.Lint.CheckValues(); len(errs) > 0 {
		return nil, fmt.Errorf("read lint settings: lint.%w", errs[0])
	}
	whole.Lint.fill()
	return whole.Lint, nil
}
