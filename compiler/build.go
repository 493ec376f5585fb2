package compiler

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tscg/tscg/codegen"
	"github.com/tscg/tscg/codegen/describe"
	"github.com/tscg/tscg/codegen/providers"
	"github.com/tscg/tscg/codegen/schemas"
	cskills "github.com/tscg/tscg/codegen/skills"
	"github.com/tscg/tscg/codegen/tsdecl"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
)

// ManifestPath is where tscg build writes its manifest.
const ManifestPath = "manifest.json"

// Manifest lists what a build produced. It has no timestamps or versions,
// so the same inputs always give the same bytes.
type Manifest struct {
	Draft string          `json:"draft"`
	Tools []ManifestEntry `json:"tools"`
	// Files lists the catalog-wide outputs (provider manifests, LLM
	// renderings) with the sha256 of each.
	Files map[string]string `json:"files"`
}

// ManifestEntry describes one tool and its outputs.
type ManifestEntry struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Source      string          `json:"source"`
	Annotations map[string]bool `json:"annotations,omitempty"`
	// Deferred: the loading plan (build --eager-budget) defers the tool.
	Deferred bool              `json:"deferred,omitempty"`
	Outputs  map[string]string `json:"outputs"`
	SHA256   map[string]string `json:"sha256"`
}

// SchemaOptions derives JSON Schema rendering options from the config.
func SchemaOptions(cfg *Config) (jsonschema.Options, error) {
	if cfg == nil {
		return jsonschema.Options{}, nil
	}
	d, err := jsonschema.ParseDraft(cfg.Draft)
	if err != nil {
		return jsonschema.Options{}, err
	}
	return jsonschema.Options{Draft: d, AllowAdditional: cfg.AdditionalProperties}, nil
}

// Build renders every output of a catalog: the JSON Schemas of each tool,
// the provider manifests (providers/), the LLM-facing renderings (llm/),
// a SKILL.md per tool group (skills/), TypeScript declarations for
// ToolCallScript (tools.d.ts) and
// manifest.json. base is the directory source paths in the manifest
// are made relative to.
func Build(cat *ir.Catalog, opts jsonschema.Options, base string) ([]codegen.File, error) {
	return BuildPlanned(cat, opts, base, nil, BuildConfig{})
}

// ManifestOptions are the provider manifests' options that build: in
// tscg.yaml sets (the loading plan apart); an unknown allowed caller is
// an error naming the ones the Anthropic SDK declares.
func ManifestOptions(b BuildConfig) (providers.Options, error) {
	for _, c := range b.AllowedCallers {
		if !slices.Contains(providers.AnthropicCallers, c) {
			return providers.Options{}, fmt.Errorf("build.allowedCallers: unknown caller %q (want one of %s)", c, strings.Join(providers.AnthropicCallers, ", "))
		}
	}
	return providers.Options{AllowedCallers: b.AllowedCallers, GeminiJSONSchema: b.GeminiJSONSchema}, nil
}

// BuildPlanned is Build with a loading plan (nil: every tool eager): the
// manifests that support deferral mark the plan's deferred tools, and
// manifest.json records them.
func BuildPlanned(cat *ir.Catalog, opts jsonschema.Options, base string, plan *LoadingPlan, bc BuildConfig) ([]codegen.File, error) {
	var deferred map[string]bool
	if plan != nil {
		deferred = plan.Deferred
	}
	files, err := schemas.Generate(cat, opts)
	if err != nil {
		return nil, err
	}
	schemaFiles := len(files)
	po, err := ManifestOptions(bc)
	if err != nil {
		return nil, err
	}
	po.Schema, po.Deferred = opts, deferred
	pf, err := providers.Generate(cat, po)
	if err != nil {
		return nil, fmt.Errorf("provider manifests: %w", err)
	}
	files = append(files, pf...)
	lf, err := describe.Generate(cat, describe.Options{})
	if err != nil {
		return nil, fmt.Errorf("llm renderings: %w", err)
	}
	files = append(files, lf...)
	sf, err := cskills.Generate(cat, cskills.Options{})
	if err != nil {
		return nil, fmt.Errorf("compiled skills: %w", err)
	}
	files = append(files, sf...)
	tf, err := tsdecl.Generate(cat, tsdecl.Options{Schema: opts})
	if err != nil {
		return nil, fmt.Errorf("typescript declarations: %w", err)
	}
	files = append(files, tf...)
	sums := map[string]string{}
	for _, f := range files {
		h := sha256.Sum256(f.Contents)
		sums[f.Path] = hex.EncodeToString(h[:])
	}
	names := make([]string, len(cat.Tools))
	for i, t := range cat.Tools {
		names[i] = t.Name
	}
	stems := codegen.FileNames(names)
	m := Manifest{Draft: opts.Draft.String(), Tools: []ManifestEntry{}, Files: map[string]string{}}
	for _, f := range files[schemaFiles:] {
		m.Files[f.Path] = sums[f.Path]
	}
	for _, t := range cat.Tools {
		e := ManifestEntry{
			Name: t.Name, Description: t.Description,
			Source:      sourceOf(t, base),
			Annotations: annotations(t.Annotations),
			Deferred:    deferred[t.Name],
			Outputs:     map[string]string{"input": schemas.InputPath(stems[t.Name])},
			SHA256:      map[string]string{},
		}
		if t.Result != nil {
			e.Outputs["output"] = schemas.OutputPath(stems[t.Name])
		}
		for _, p := range e.Outputs {
			e.SHA256[p] = sums[p]
		}
		m.Tools = append(m.Tools, e)
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode manifest: %w", err)
	}
	files = append(files, codegen.File{Path: ManifestPath, Contents: append(data, '\n')})
	codegen.Sort(files)
	return files, nil
}

// sourceOf renders a tool's position with a slash-separated path relative
// to base, so manifests are the same on every machine.
func sourceOf(t *ir.Tool, base string) string {
	p := t.Pos
	if base != "" && p.File != "" {
		if abs, err := filepath.Abs(p.File); err == nil {
			if rel, err := filepath.Rel(base, abs); err == nil {
				p.File = rel
			}
		}
	}
	p.File = filepath.ToSlash(p.File)
	return p.String()
}

func annotations(a ir.Annotations) map[string]bool {
	out := map[string]bool{}
	set := func(k string, v *bool) {
		if v != nil {
			out[k] = *v
		}
	}
	set("readOnly", a.ReadOnly)
	set("destructive", a.Destructive)
	set("idempotent", a.Idempotent)
	set("openWorld", a.OpenWorld)
	if a.RequiresApproval {
		out["requiresApproval"] = true
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// NoTools returns, for inputs that define no tool, one error per file
// read saying what it held (a build needs a tool: writing an empty
// manifest would hide that tscg found nothing it reads as one). It
// returns nil when the catalog has tools.
func NoTools(cat *ir.Catalog, files []string) diag.List {
	if len(cat.Tools) > 0 {
		return nil
	}
	types := map[string][]string{}
	for _, n := range cat.Types {
		if n.Exported {
			types[n.Pos.File] = append(types[n.Pos.File], n.Name)
		}
	}
	var ds diag.List
	for _, f := range files {
		held := "nothing tscg reads as a tool or a type"
		if ns := types[f]; len(ns) > 0 {
			shown := ns
			if len(shown) > 5 {
				shown = append(append([]string(nil), ns[:5]...), "…")
			}
			held = fmt.Sprintf("%d exported type%s (%s) and no tool", len(ns), plural(len(ns)), strings.Join(shown, ", "))
		}
		ds.Add(diag.Diagnostic{Pos: diag.Pos{File: f}, Severity: diag.Error, Message: "defines no tool: it holds " + held})
	}
	if len(ds) > 0 {
		ds[len(ds)-1].Hint = "tools are `export declare function`s, functions and types tagged @tool, interfaces with name and parameters, " +
			"MCP/AI SDK/Agents/LangChain registrations, Python functions, //tscg:tool Go functions or JSON catalogs (see the README)"
	}
	return ds
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
