package rules

import (
	"strconv"
	"strings"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/lazyre"
)

// Permissions finds tools with side effects that say nothing about them.
var Permissions = &analyzer.Rule{
	Meta: analyzer.Meta{
		ID:              "permissions",
		Summary:         "a tool that deletes, sends, pays, runs code or writes without a destructive or requiresApproval annotation",
		DefaultSeverity: diag.Warning,
		Category:        catSafety,
		Since:           since,
		Doc: "The verbs of a tool's name, and the first word of its description, are matched against verbs of\n" +
			"deleting, sending and paying (warning) and of writing (info). Such a tool should state\n" +
			"`@destructive` / `destructiveHint` or `@requiresApproval`, so a host can ask the user first.\n" +
			"A tool marked read-only whose name says it deletes, sends or pays is reported too.\n" +
			"A tool that executes code or shell commands is as risky as one that deletes (warning): its name\n" +
			"(`run_python`, `execute_code`, `shell`, `bash`, `eval` …), its description (\"execute arbitrary\n" +
			"Python code\", \"run a shell command\", 执行代码, 运行脚本 …) or a string parameter named `code`,\n" +
			"`command`, `cmd`, `script`, `shell` or `source_code` says so.",
	},
	Run: runPermissions,
}

type effect struct {
	what  string
	sev   diag.Severity
	verbs []string
}

var effects = []effect{
	{"deletes", diag.Warning, []string{"delete", "remove", "destroy", "drop", "purge", "erase", "wipe", "truncate", "revoke", "terminate", "kill", "uninstall", "unlink", "rm", "del"}},
	{"sends", diag.Warning, []string{"send", "email", "mail", "sms", "post", "publish", "notify", "tweet", "reply", "forward", "broadcast", "invite", "message", "share"}},
	{"pays", diag.Warning, []string{"pay", "charge", "purchase", "buy", "transfer", "refund", "withdraw", "checkout", "order", "book", "subscribe", "donate"}},
	{"writes", diag.Info, []string{"write", "update", "create", "modify", "edit", "set", "move", "rename", "upload", "insert", "put", "patch", "save", "add", "overwrite", "replace", "cancel", "reset", "exchange", "change"}},
}

func runPermissions(p *analyzer.Pass) {
	for _, t := range p.Tools {
		e := effectOf(t)
		if e == nil || e.sev != diag.Warning {
			if why := runsCode(t); why != "" {
				e = &effect{"executes code (" + why + ")", diag.Warning, nil}
			}
		}
		if e == nil {
			continue
		}
		a := t.Annotations
		if a.ReadOnly != nil && *a.ReadOnly && e.sev == diag.Warning {
			p.Report(t.Pos, t.Name, "tool %q is marked read-only, but its name says it %s", t.Name, e.what)
			continue
		}
		if a.RequiresApproval || a.Destructive != nil || (e.sev == diag.Info && a.ReadOnly != nil) {
			continue
		}
		p.ReportSeverity(e.sev, t.Pos, t.Name, "tool %q %s but has no destructive or requiresApproval annotation", t.Name, e.what)
		p.Hint("add @destructive or @requiresApproval (MCP: annotations.destructiveHint), or @readonly if it only reads")
	}
}

// effectOf returns the most serious effect named by the tool's verb: the
// first word of its name, the last one for noun-first names (file_delete,
// unless the first word is a reading verb: get_order), or the first word of
// its description.
func effectOf(t *ir.Tool) *effect {
	var ws []string
	if nw := words(t.Name); len(nw) > 0 {
		ws = append(ws, nw[0])
		if last := nw[len(nw)-1]; len(nw) > 1 && !readVerbs[nw[0]] {
			ws = append(ws, last)
		}
	}
	if f := strings.Fields(strings.ToLower(t.Description)); len(f) > 0 {
		ws = append(ws, strings.TrimSuffix(strings.Trim(f[0], ".,:;"), "s"))
	}
	for i := range effects {
		for _, v := range effects[i].verbs {
			for _, w := range ws {
				if w == v {
					return &effects[i]
				}
			}
		}
	}
	return nil
}

var readVerbs = map[string]bool{"get": true, "list": true, "search": true, "find": true, "read": true, "fetch": true,
	"query": true, "check": true, "lookup": true, "calculate": true, "compute": true, "count": true, "describe": true,
	"show": true, "view": true, "retrieve": true, "is": true, "has": true, "validate": true, "estimate": true}

var (
	execName = lazyre.New(`^(?:exec|execute|eval|shell|bash|sh|powershell|terminal|repl|python|python_repl|code_interpreter)$|(?:^|_)(?:run|exec|execute|eval)_(?:python|code|script|shell|command|cmd|bash|js|javascript|sql|sh)(?:$|_)|(?:^|_)(?:shell|bash|python_repl|code_interpreter|subprocess)(?:$|_)`)
	execDesc = lazyre.New(`(?i)\b(?:execut(?:e|es|ing)|runs?|running|evaluat(?:e|es|ing))\s+(?:an?\s+|the\s+|any\s+)?(?:arbitrary\s+|given\s+|user[- ]supplied\s+)?(?:python|javascript|js|shell|bash|sql)?\s*(?:code|commands?|scripts?|snippets?)\b|(?:执行|运行)\s*(?:任意|用户)?(?:的)?\s*(?:python|shell|bash|sql|javascript|js)?\s*(?:代码|命令|脚本)`)
)

// execParams are parameter names that carry code or a command line.
var execParams = map[string]bool{"code": true, "command": true, "cmd": true, "script": true, "shell": true,
	"source_code": true, "python_code": true, "command_line": true, "commandline": true, "shell_command": true}

// mayDescribeExecution is false for a text execDesc cannot match: one
// without "execut", "run" or "evaluat" in any case (no letter of these
// has a case fold outside ASCII) and without 执行 or 运行. Most
// descriptions have none, and the check costs a small part of running the
// expression (which was ~2% of lint's CPU on BFCL).
func mayDescribeExecution(s string) bool {
	if strings.Contains(s, "执行") || strings.Contains(s, "运行") {
		return true
	}
	for i := 0; i < len(s); i++ {
		switch s[i] | 0x20 {
		case 'e':
			if hasPrefixFold(s[i:], "execut") || hasPrefixFold(s[i:], "evaluat") {
				return true
			}
		case 'r':
			if hasPrefixFold(s[i:], "run") {
				return true
			}
		}
	}
	return false
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// runsCode says why a tool looks like it executes code or shell commands,
// or "" when it does not.
func runsCode(t *ir.Tool) string {
	if execName.MatchString(strings.Join(words(t.Name), "_")) {
		return "its name"
	}
	if mayDescribeExecution(t.Description) && execDesc.MatchString(t.Description) {
		return "its description"
	}
	params := t.Params.Resolve()
	if params == nil {
		return ""
	}
	for _, prop := range params.Properties {
		if typ := deref(prop.Type); typ != nil && typ.Kind == ir.KindString && len(typ.Enum) == 0 && execParams[strings.ToLower(prop.Name)] {
			return "its parameter " + strconv.Quote(prop.Name)
		}
	}
	return ""
}
