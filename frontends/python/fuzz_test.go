package python

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzOutline feeds arbitrary source to the tokenizer, the outline parser,
// the docstring parser and the type converter: none may panic, and an
// outline always has a non-nil function list.
func FuzzOutline(f *testing.F) {
	seeds := []string{
		"def f(a: int, /, b: str = 'x', *args: int, c: float | None = None, **kw: str) -> dict[str, int]:\n    \"\"\"Doc.\n\n    Args:\n        a: A.\n    \"\"\"\n",
		"async def g(x=lambda a, b: (a, b), y=f\"{1:{2}}\"): 'doc'\n",
		"x = f'{\"nested\" + f\"{'deep'}\"}'\ndef h(): pass\n",
		"class M(BaseModel):\n    a: int = Field(1, ge=0)\n\ndef t(m: M) -> M: ...\n",
		"match x:\n    case 1:\n        pass\ndef k(): ...\n",
		"def u(a: \"Lit\\\n eral['a']\"):\n\tpass\n",
		"def bad(x\n",
		"'''unterminated\n",
		"def f(\\\n a,\n b):\n  '''\\N{BULLET} x'''\n",
		"@dec\n@dec2(1)\ndef d(*, k: Annotated[int, Field(gt=0)]) -> None:\n    \"\"\"\n    :param k: K.\n    :type k: int\n    \"\"\"\n",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, src []byte) {
		out, _ := Outline("fuzz.py", src)
		if out == nil || out.Functions == nil {
			t.Fatal("nil outline")
		}
		for _, fn := range out.Functions {
			if fn.Docstring != nil {
				parseDocstring(*fn.Docstring)
			}
		}
		p := filepath.Join(dir, "fuzz.py")
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
		Load([]string{p}, Options{})
	})
}
