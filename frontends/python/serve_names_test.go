package python

import (
	"os"
	"path/filepath"
	"testing"
)

// TestServeNames: what an executor needs to call a tool published under
// other names. A decorator's name= keeps the function's own name in
// Function, and a Field(alias=...) parameter keeps its Python name in
// SourceName (the published property is the alias); an unrenamed tool
// and parameter leave both empty.
func TestServeNames(t *testing.T) {
	dir := t.TempDir()
	src := `from typing import Annotated
from mcp.server.fastmcp import FastMCP
from pydantic import Field

mcp = FastMCP("dates")


@mcp.tool(name="date_range")
def between(from_: Annotated[str, Field(alias="from")], to: str = Field("today", alias="to_date"), days: int = 1) -> str:
    """Name the days."""
    return from_


@mcp.tool()
def today() -> str:
    """Today."""
    return ""
`
	path := filepath.Join(dir, "dates.py")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cat, ds := Load([]string{path}, Options{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	tl := cat.Tool("date_range")
	if tl == nil || tl.Function != "between" {
		t.Fatalf("date_range: %+v", tl)
	}
	want := map[string]string{"from": "from_", "to_date": "to", "days": ""}
	for _, p := range tl.Params.Properties {
		if w, ok := want[p.Name]; !ok || p.SourceName != w {
			t.Errorf("property %s: SourceName %q, want %q", p.Name, p.SourceName, w)
		}
		delete(want, p.Name)
	}
	if len(want) > 0 {
		t.Errorf("properties missing: %v", want)
	}
	if tl := cat.Tool("today"); tl == nil || tl.Function != "" {
		t.Errorf("today: %+v", tl)
	}
}
