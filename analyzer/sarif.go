package analyzer

import (
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/internal/ruledb"
)

// SARIFSchemaURI is the schema SARIF documents declare.
const SARIFSchemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                `json:"tool"`
	OriginalURIBaseIDs map[string]sarifArtifact `json:"originalUriBaseIds,omitempty"`
	Results            []sarifResult            `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string       `json:"id"`
	ShortDescription     sarifMessage `json:"shortDescription"`
	DefaultConfiguration sarifConfig  `json:"defaultConfiguration"`
	Properties           sarifProps   `json:"properties"`
}

type sarifProps struct {
	Category string `json:"category"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex *int            `json:"ruleIndex,omitempty"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

type sarifLocation struct {
	Physical sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	Artifact sarifArtifact `json:"artifactLocation"`
	Region   *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// SRCROOT is the SARIF base id of repository-relative locations (code
// scanning resolves it to the checkout).
const SRCROOT = "%SRCROOT%"

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

func sarifLevel(s diag.Severity) string {
	switch s {
	case diag.Error:
		return "error"
	case diag.Warning:
		return "warning"
	}
	return "note"
}

// WriteSARIF prints a SARIF 2.1.0 log with one run, the rule metadata
// (rules, then the registry's entry for any other rule a finding names)
// and one result per finding.
func WriteSARIF(w io.Writer, fs []Finding, rules []*Rule) error {
	return WriteSARIFRoot(w, fs, rules, "")
}

// WriteSARIFRoot is WriteSARIF with the findings' relative paths resolved
// against %SRCROOT%, which the run maps to root (an absolute directory):
// what GitHub code scanning needs to place them in the repository.
// Absolute paths stay absolute file URIs.
func WriteSARIFRoot(w io.Writer, fs []Finding, rules []*Rule, root string) error {
	drv := sarifDriver{Name: "tscg", InformationURI: "https://github.com/tscg/tscg", Rules: []sarifRule{}}
	index := map[string]int{}
	add := func(r Meta) {
		index[r.ID] = len(drv.Rules)
		drv.Rules = append(drv.Rules, sarifRule{ID: r.ID, ShortDescription: sarifMessage{r.Summary},
			DefaultConfiguration: sarifConfig{sarifLevel(r.DefaultSeverity)}, Properties: sarifProps{r.Category}})
	}
	for _, r := range rules {
		add(r.Meta)
	}
	for _, f := range fs { // rules of other stages (skills, directives), from the registry
		if _, done := index[f.RuleID]; !done {
			if r, ok := ruledb.Lookup(f.RuleID); ok {
				add(r)
			}
		}
	}
	run := sarifRun{Tool: sarifTool{drv}, Results: []sarifResult{}}
	if root != "" {
		run.OriginalURIBaseIDs = map[string]sarifArtifact{SRCROOT: {URI: fileURI(root) + "/"}}
	}
	for _, f := range fs {
		res := sarifResult{RuleID: f.RuleID, Level: sarifLevel(f.Severity), Message: sarifMessage{f.Message}}
		if i, ok := index[f.RuleID]; ok {
			res.RuleIndex = &i
		}
		if f.Pos.File != "" {
			art := sarifArtifact{URI: filepath.ToSlash(f.Pos.File)}
			switch {
			case filepath.IsAbs(f.Pos.File):
				art.URI = fileURI(f.Pos.File)
			case root != "":
				art.URIBaseID = SRCROOT
			}
			loc := sarifLocation{Physical: sarifPhysical{Artifact: art}}
			if f.Pos.Line > 0 {
				loc.Physical.Region = &sarifRegion{StartLine: f.Pos.Line, StartColumn: f.Pos.Col}
			}
			res.Locations = []sarifLocation{loc}
		}
		run.Results = append(run.Results, res)
	}
	return encode(w, sarifLog{Schema: SARIFSchemaURI, Version: "2.1.0", Runs: []sarifRun{run}})
}

// fileURI is the file: URI of an absolute path.
func fileURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/x → /C:/x
	}
	return (&url.URL{Scheme: "file", Path: strings.TrimSuffix(p, "/")}).String()
}
