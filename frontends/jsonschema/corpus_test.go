package jsonschema

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/corpus"
)

// corpora is where the shared corpora live, relative to this package.
func corpora(t testing.TB, sub string) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "corpora", sub)
	if env := os.Getenv("TSCG_CORPORA"); env != "" {
		dir = filepath.Join(env, sub)
	}
	if _, err := os.Stat(dir); err != nil {
		corpus.Missing(t, "corpus %s absent (%v); these tests need ../shared/corpora", dir, err)
	}
	return dir
}

func errorsOf(l diag.List) []string {
	var out []string
	for _, d := range l {
		if d.Severity == diag.Error {
			out = append(out, d.String())
		}
	}
	return out
}

func distinctNames(c *ir.Catalog) int {
	names := map[string]bool{}
	for _, t := range c.Tools {
		names[t.Name] = true
	}
	return len(names)
}

// The expectations below were computed independently with Python's json
// module: definitions are identical when json.dumps(separators=(",",":"),
// ensure_ascii=False) agrees; "tools" counts distinct definitions, "names"
// distinct names.
var bfclFiles = []struct {
	file         string
	tools, names int
}{
	{"BFCL_v4_irrelevance.json", 239, 233},
	{"BFCL_v4_live_irrelevance.json", 921, 480},
	{"BFCL_v4_live_multiple.json", 1075, 457},
	{"BFCL_v4_live_parallel.json", 18, 7},
	{"BFCL_v4_live_parallel_multiple.json", 82, 69},
	{"BFCL_v4_live_relevance.json", 41, 35},
	{"BFCL_v4_live_simple.json", 154, 85},
	{"BFCL_v4_multiple.json", 480, 443},
	{"BFCL_v4_parallel.json", 198, 186},
	{"BFCL_v4_parallel_multiple.json", 482, 458},
	{"BFCL_v4_simple_java.json", 100, 100},
	{"BFCL_v4_simple_javascript.json", 50, 50},
	{"BFCL_v4_simple_python.json", 400, 370},
	{"multi_turn_func_doc/gorilla_file_system.json", 18, 18},
	{"multi_turn_func_doc/math_api.json", 17, 17},
	{"multi_turn_func_doc/memory_kv.json", 15, 15},
	{"multi_turn_func_doc/memory_rec_sum.json", 5, 5},
	{"multi_turn_func_doc/memory_vector.json", 12, 12},
	{"multi_turn_func_doc/message_api.json", 10, 10},
	{"multi_turn_func_doc/posting_api.json", 14, 14},
	{"multi_turn_func_doc/ticket_api.json", 9, 9},
	{"multi_turn_func_doc/trading_bot.json", 20, 20},
	{"multi_turn_func_doc/travel_booking.json", 18, 18},
	{"multi_turn_func_doc/vehicle_control.json", 22, 22},
	{"multi_turn_func_doc/web_search.json", 2, 2},
	{"unused_datasets/question/BFCL_v4_exec_multiple.json", 77, 70},
	{"unused_datasets/question/BFCL_v4_exec_parallel.json", 49, 49},
	{"unused_datasets/question/BFCL_v4_exec_parallel_multiple.json", 42, 41},
	{"unused_datasets/question/BFCL_v4_exec_simple.json", 51, 50},
	{"unused_datasets/question/BFCL_v4_rest.json", 11, 1},
	{"unused_datasets/question/BFCL_v4_sql.json", 1, 1},
}

func TestCorpusBFCL(t *testing.T) {
	dir := corpora(t, "bfcl")
	var all []string
	for _, tc := range bfclFiles {
		path := filepath.Join(dir, tc.file)
		all = append(all, path)
		cat, diags := Load([]string{path}, Options{})
		if errs := errorsOf(diags); len(errs) > 0 {
			t.Errorf("%s: %d errors, first: %s", tc.file, len(errs), errs[0])
		}
		if len(cat.Tools) != tc.tools || distinctNames(cat) != tc.names {
			t.Errorf("%s: %d tools with %d names, want %d with %d", tc.file, len(cat.Tools), distinctNames(cat), tc.tools, tc.names)
		}
	}
	cat, diags := Load(all, Options{})
	if errs := errorsOf(diags); len(errs) > 0 {
		t.Fatalf("all BFCL: %d errors, first: %s", len(errs), errs[0])
	}
	// 9,476 definitions: 3,533 distinct, under 2,053 names (1,480 are
	// same-name-different-definition, each an info diagnostic).
	if len(cat.Tools) != 3533 || distinctNames(cat) != 2053 {
		t.Errorf("all BFCL: %d tools with %d names, want 3533 with 2053", len(cat.Tools), distinctNames(cat))
	}
	redefined := 0
	for _, d := range diags {
		if strings.Contains(d.Message, "is defined again") {
			redefined++
		}
	}
	if redefined != 3533-2053 {
		t.Errorf("all BFCL: %d redefinition notes, want %d", redefined, 3533-2053)
	}
	dotted := 0
	for _, tool := range cat.Tools {
		if strings.Contains(tool.Name, ".") {
			dotted++
		}
	}
	if dotted == 0 {
		t.Errorf("no dotted names kept; BFCL has hundreds")
	}
}

func TestCorpusBFCLResponses(t *testing.T) {
	dir := corpora(t, "bfcl")
	cat, diags := Load([]string{filepath.Join(dir, "multi_turn_func_doc", "memory_rec_sum.json")}, Options{})
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	for _, tool := range cat.Tools {
		if tool.Result == nil || tool.Result.Kind != ir.KindObject {
			t.Errorf("%s: result from \"response\" missing or not an object: %+v", tool.Name, tool.Result)
		}
		if tool.Params.Kind != ir.KindObject || tool.Params.Untyped {
			t.Errorf("%s: params from type \"dict\" should be a typed object", tool.Name)
		}
	}
}

// Files beside the definitions that hold none load with a warning and no
// error; the format-sensitivity index is an unknown shape.
func TestCorpusNonCatalogs(t *testing.T) {
	dir := corpora(t, "")
	patterns := []string{
		"bfcl/possible_answer/*.json", "bfcl/unused_datasets/possible_answer/*.json",
		"bfcl/BFCL_v4_memory.json", "bfcl/BFCL_v4_multi_turn_*.json", "bfcl/BFCL_v4_web_search.json",
		"bfcl/memory_prereq_conversation/*.json", "bfcl/unused_datasets/question/BFCL_v4_chatable.json",
		"bfcl/unused_datasets/question/BFCL_v4_multi_turn_composite.json",
		"tau-bench/historical_trajectories_*.json", "toolbench/data_example/instruction/*.json",
	}
	n := 0
	for _, p := range patterns {
		files, _ := filepath.Glob(filepath.Join(dir, p))
		for _, f := range files {
			n++
			cat, diags := Load([]string{f}, Options{})
			if errs := errorsOf(diags); len(errs) > 0 || len(cat.Tools) > 0 {
				t.Errorf("%s: %d tools, errors %v; want a skipped non-catalog", f, len(cat.Tools), errs)
			}
			if len(diags) != 1 || !strings.Contains(diags[0].Message, "skipped") {
				t.Errorf("%s: want one skip warning, got %v", f, diags)
			}
		}
	}
	if n < 30 {
		t.Errorf("only %d non-catalog files found", n)
	}
	_, diags := Load([]string{filepath.Join(dir, "bfcl", "BFCL_v4_format_sensitivity.json")}, Options{})
	if !diags.HasErrors() || !strings.Contains(diags[0].Message, "unrecognised JSON document") {
		t.Errorf("format_sensitivity: want an unknown-shape error, got %v", diags)
	}
}

func TestCorpusMCP(t *testing.T) {
	dir := corpora(t, "mcp-tool-snapshots")
	want := map[string]int{"cloudflare-browser.json": 5, "cloudflare-docs.json": 2, "cloudflare-radar.json": 19,
		"mcp-server-fetch.json": 1, "server-filesystem.json": 14, "server-github.json": 26,
		"server-memory.json": 9, "server-puppeteer.json": 7}
	var all []string
	for f, n := range want {
		all = append(all, filepath.Join(dir, f))
		cat, diags := Load([]string{filepath.Join(dir, f)}, Options{})
		if errs := errorsOf(diags); len(errs) > 0 {
			t.Errorf("%s: %v", f, errs)
		}
		if len(cat.Tools) != n {
			t.Errorf("%s: %d tools, want %d", f, len(cat.Tools), n)
		}
	}
	// 83 definitions; two Cloudflare servers both define accounts_list and
	// set_active_account identically, so 81 distinct tools.
	cat, _ := Load(all, Options{})
	if len(cat.Tools) != 81 || distinctNames(cat) != 81 {
		t.Errorf("MCP: %d tools with %d names, want 81", len(cat.Tools), distinctNames(cat))
	}
	results, annotated, titled := 0, 0, 0
	for _, tool := range cat.Tools {
		if tool.Result != nil {
			results++
		}
		if !tool.Annotations.IsZero() {
			annotated++
		}
		if tool.Title != "" {
			titled++
		}
	}
	// filesystem: 14 tools with outputSchema, annotations and title;
	// memory: 9 with outputSchema and title.
	if results != 23 || annotated != 14 || titled != 23 {
		t.Errorf("MCP: %d results, %d annotated, %d titled; want 23, 14, 23", results, annotated, titled)
	}
	rf := cat.Tool("read_file")
	if rf == nil || rf.Annotations.ReadOnly == nil || !*rf.Annotations.ReadOnly || rf.Pos.Line == 0 {
		t.Errorf("read_file: want readOnlyHint and a position, got %+v", rf)
	}
}

func TestCorpusTau(t *testing.T) {
	dir := corpora(t, "tau-bench")
	for f, n := range map[string]int{"tools_airline.json": 14, "tools_retail.json": 16} {
		cat, diags := Load([]string{filepath.Join(dir, f)}, Options{})
		if diags.HasErrors() {
			t.Errorf("%s: %v", f, diags.Err())
		}
		if len(cat.Tools) != n {
			t.Errorf("%s: %d tools, want %d", f, len(cat.Tools), n)
		}
	}
}

func TestCorpusToolBench(t *testing.T) {
	dir := corpora(t, "toolbench")
	files, _ := filepath.Glob(filepath.Join(dir, "data_example", "answer", "*", "*.json"))
	if len(files) != 15 {
		t.Fatalf("%d ToolBench answer files, want 15", len(files))
	}
	cat, diags := Load(files, Options{})
	if errs := errorsOf(diags); len(errs) > 0 {
		t.Fatalf("%v", errs)
	}
	// 102 definitions in 15 files: 56 distinct, under 55 names.
	if len(cat.Tools) != 56 || distinctNames(cat) != 55 {
		t.Errorf("ToolBench: %d tools with %d names, want 56 with 55", len(cat.Tools), distinctNames(cat))
	}
	ex, _ := filepath.Glob(filepath.Join(dir, "data_example", "toolenv", "response_examples", "*", "*.json"))
	for _, f := range ex {
		cat, diags := Load([]string{f}, Options{})
		empty := filepath.Base(f) == "acrosuite_oauther.json" // a 0-byte file
		if len(cat.Tools) != 0 || diags.HasErrors() != empty {
			t.Errorf("%s: %d tools, diagnostics %v", f, len(cat.Tools), diags)
		}
	}
}

// Loading is independent of the order of the files.
func TestCorpusOrderIndependent(t *testing.T) {
	dir := corpora(t, "")
	files := []string{
		filepath.Join(dir, "bfcl", "BFCL_v4_live_simple.json"),
		filepath.Join(dir, "bfcl", "BFCL_v4_simple_python.json"),
		filepath.Join(dir, "mcp-tool-snapshots", "server-memory.json"),
		filepath.Join(dir, "tau-bench", "tools_retail.json"),
	}
	a, da := Load(files, Options{})
	rev := append([]string(nil), files...)
	sort.Sort(sort.Reverse(sort.StringSlice(rev)))
	b, db := Load(rev, Options{})
	if dump(a) != dump(b) || len(da) != len(db) {
		t.Errorf("catalog depends on file order")
	}
}

// BenchmarkLoadBFCL loads BFCL's largest file (4,178 definitions).
func BenchmarkLoadBFCL(b *testing.B) {
	path := filepath.Join(corpora(b, "bfcl"), "BFCL_v4_live_multiple.json")
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, diags := LoadBytes(path, data, Options{}); diags.HasErrors() {
			b.Fatal(diags.Err())
		}
	}
}

// BenchmarkLoadBFCLStreamed loads the same file as lint does, from disk
// and record by record (Load), where BenchmarkLoadBFCL parses it whole.
func BenchmarkLoadBFCLStreamed(b *testing.B) {
	path := filepath.Join(corpora(b, "bfcl"), "BFCL_v4_live_multiple.json")
	b.ReportAllocs()
	for b.Loop() {
		if _, diags := Load([]string{path}, Options{}); diags.HasErrors() {
			b.Fatal(diags.Err())
		}
	}
}
