package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/diag"
)

// settingsFlag defines the deprecated --settings of a command whose
// options are one section of tscg.yaml: the one configuration flag is the
// global --config, and --settings keeps working for scripts written
// before it (a file whose section replaces the configuration's, as
// --print-baseline output pasted into its own file).
func settingsFlag(fl *pflag.FlagSet, to *string, section string) {
	fl.StringVar(to, "settings", "", fmt.Sprintf("deprecated (use --config): YAML `FILE` whose %s: section replaces tscg.yaml's", section))
	deprecate(fl, "settings", fmt.Sprintf("put the %s: section in the file --config names", section))
}

// deprecatedNote is the flag annotation warnDeprecated looks for.
const deprecatedNote = "tscg-deprecated"

// deprecate marks a flag that still works but has a better spelling.
// pflag's own MarkDeprecated would hide it from --help and print its
// warning on stdout, where lint --format json writes.
// It is hidden from --help, which lists only the spellings to use.
func deprecate(fl *pflag.FlagSet, name, advice string) {
	_ = fl.SetAnnotation(name, deprecatedNote, []string{advice})
	fl.Lookup(name).Hidden = true
}

// warnDeprecated prints a warning on stderr for each deprecated flag set.
func (e *env) warnDeprecated(fl *pflag.FlagSet) {
	fl.Visit(func(f *pflag.Flag) {
		if advice, ok := f.Annotations[deprecatedNote]; ok {
			fmt.Fprintf(e.stderr, "tscg: warning: --%s is deprecated: %s\n", f.Name, advice[0])
		}
	})
}

// configSettings returns a lint-style section (lint: or breaking:) of
// cfg, or of the file named by the deprecated --settings, with its rule
// ids checked against known: an unknown one is an error at its position.
func configSettings(cfg *compiler.Config, settingsFile, section string, known []string) (*analyzer.Settings, error) {
	src := cfg
	if settingsFile != "" {
		c, ds := compiler.LoadConfig(settingsFile)
		if ds.HasErrors() {
			return nil, inputErr(ds)
		}
		src = c
	}
	s := src.Lint
	if section == "breaking" {
		s = src.Breaking
	}
	if s == nil {
		return analyzer.Defaults(), nil
	}
	var ds diag.List
	for _, err := range s.CheckRules(known) {
		ds.Errorf(src.Pos(append([]string{section}, err.Path...)...), "invalid config: %s.%s", section, err.Error())
	}
	if len(ds) > 0 {
		return nil, inputErr(ds)
	}
	return s, nil
}

// flagErr words a settings error found after the flags applied (the
// configuration's own values were checked at their positions before) as
// an error of the flag that set the value.
func flagErr(err error) error {
	var se *analyzer.SettingError
	if !errors.As(err, &se) || len(se.Path) == 0 {
		return usageErr("%v", err)
	}
	name := se.Path[0]
	if f, ok := settingFlags[name]; ok {
		name = f
	}
	return usageErr("--%s: %s", name, se.Msg)
}

// settingFlags maps a lint: key to its flag where the spellings differ.
var settingFlags = map[string]string{"failOn": "fail-on", "nameDistance": "name-distance", "toolBudget": "tool-budget", "catalogBudget": "catalog-budget"}
