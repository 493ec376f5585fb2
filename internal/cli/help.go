package cli

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/targets"
	"github.com/tscg/tscg/internal/ruledb"
)

// examples are the Examples: section of each command's help, by command
// name (TestEveryCommandHasExamples keeps every visible command in here).
var examples = map[string]string{
	"tscg": `  tscg init                      # write a tscg.yaml for the tools found here
  tscg lint                      # check the configured inputs
  tscg build                     # write tscg-out/
  tscg build --check             # in CI: fail when tscg-out/ is stale`,
	"agent": `  tscg agent -m "What is the weather in Oslo?"
  tscg agent --http 127.0.0.1:8080 --skills skills/`,
	"breaking": `  tscg breaking --against main
  tscg breaking --against ../old-release src/tools.ts --format github`,
	"build": `  tscg build
  tscg build src/tools.ts -o schemas
  tscg build --check
  tscg build ./tools --go-out internal/tools --go-package tools`,
	"describe": `  tscg describe --style compact
  tscg describe src/tools.ts --target openai.chat.strict`,
	"eval": `  tscg eval BFCL_v3_simple.json src/tools.ts --limit 20
  tscg eval questions.json --format json > eval.json`,
	"explain": `  tscg explain name-collision
  tscg lint --list-rules`,
	"graph": `  tscg graph --format dot | dot -Tsvg > tools.svg`,
	"init": `  tscg init
  tscg init --dry-run
  tscg init services/weather
  tscg init --print-schema > tscg.schema.json`,
	"lint": `  tscg lint
  tscg lint src/tools.ts --fail-on warning
  tscg lint --format sarif > tscg.sarif
  tscg lint --statistics
  tscg lint --print-baseline >> tscg.yaml`,
	"schema": `  tscg schema src/types.ts --type WeatherArgs
  tscg schema server.py --tool get_weather --draft 7
  tscg schema ./tools --type '*'`,
	"search": `  tscg search --query "weather tomorrow in Oslo"
  tscg search --queries requests.jsonl --limit 3 --format json`,
	"serve": `  tscg serve
  tscg serve src/ --watch
  tscg serve --http 127.0.0.1:8080 --timeout 10s`,
	"snapshot": `  tscg snapshot -o weather.snapshot.json -- node dist/server.js
  tscg snapshot --env API_MODE=demo --cwd srv -- python3 -m weather_server
  TOKEN=... tscg snapshot --url https://mcp.example.com/mcp --bearer-env TOKEN --header X-Team:tools
  tscg snapshot -o weather.snapshot.json server:weather
  tscg snapshot --check src/ -- node dist/server.js`,
	"stats": `  tscg stats
  tscg stats --tools --rounds 50`,
	"validate": `  tscg validate src/tools.ts --calls calls.jsonl
  echo '{"name": "get_weather", "arguments": {"city": "Oslo"}}' | tscg validate src/tools.ts --calls -`,
	"version": `  tscg version
  tscg --version`,
}

// flagValues are the values shell completion offers for a flag, by
// command name and flag name. Each list is made only when a completion
// asks for it: the rule ids are sorted from the registry, and every
// command builds this table at start.
func flagValues() map[string]map[string]func() []string {
	list := func(vs ...string) func() []string { return func() []string { return vs } }
	drafts := list("2020-12", "7")
	severities := list("error", "warning", "info")
	formats := list(analyzer.Formats...)
	return map[string]map[string]func() []string{
		"lint": {"format": formats, "fail-on": severities, "targets": targets.Names,
			"encoding": list("o200k_base", "cl100k_base"), "except": ruledb.IDs, "only": ruledb.IDs},
		"breaking": {"format": formats, "fail-on": severities, "except": ruledb.IDs},
		"describe": {"style": list("verbose", "compact", "terse", "catalog"), "target": targets.Names},
		"graph":    {"format": list("mermaid", "dot")},
		"build":    {"draft": drafts},
		"schema":   {"draft": drafts},
		"search":   {"format": list("text", "json")},
		"agent":    {"format": list("text", "json")},
		"eval":     {"format": list("text", "json")},
	}
}

// polish gives every command its examples and its flags' completions.
func polish(root *cobra.Command) {
	values := flagValues()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if ex, ok := examples[c.Name()]; ok && c.Example == "" {
			c.Example = ex
		}
		for flag, vs := range values[c.Name()] {
			if c.Flags().Lookup(flag) == nil {
				continue
			}
			_ = c.RegisterFlagCompletionFunc(flag, func(_ *cobra.Command, _ []string, prefix string) ([]string, cobra.ShellCompDirective) {
				return withPrefix(vs(), prefix), cobra.ShellCompDirectiveNoFileComp
			})
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// withPrefix is the values that start with prefix.
func withPrefix(values []string, prefix string) []string {
	var out []string
	for _, v := range values {
		if strings.HasPrefix(v, prefix) {
			out = append(out, v)
		}
	}
	return out
}
