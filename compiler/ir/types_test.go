package ir

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestIsNumber: IsNumber accepts exactly the texts encoding/json reads as
// a number and would write back unchanged.
func TestIsNumber(t *testing.T) {
	for _, s := range []string{"0", "-0", "1", "12", "1.5", "-1.5e10", "1E+2", "1e-2", "", "-", "01", "1.", ".5", "1e", "1e+", "+1", "0x1", " 1", "1 ", "NaN", "1.2.3", "00", "-01", "9007199254740993", "null", `"5"`, "1_000"} {
		var n json.Number
		want := s != "" && s[0] != '"' && json.Unmarshal([]byte(s), &n) == nil && string(n) == s && n != ""
		if got := IsNumber(s); got != want {
			t.Errorf("IsNumber(%q) = %v, want %v", s, got, want)
		}
	}
}

func FuzzIsNumber(f *testing.F) {
	for _, s := range []string{"0", "-1.5e10", "01", "1.", "null", `"5"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var v any
		d := json.NewDecoder(strings.NewReader(s))
		d.UseNumber()
		want := d.Decode(&v) == nil && !d.More()
		if n, ok := v.(json.Number); !ok || string(n) != s {
			want = false
		}
		if got := IsNumber(s); got != want {
			t.Errorf("IsNumber(%q) = %v, encoding/json says %v", s, got, want)
		}
	})
}

func TestSnakeCase(t *testing.T) {
	for in, want := range map[string]string{
		"CalculateExpression": "calculate_expression", "HTTPServer": "http_server", "getURL": "get_url",
		"Get2FACode": "get2_fa_code", "already_snake": "already_snake", "A": "a", "": "",
		"ÜberTool": "über_tool", "GetWeather": "get_weather", "ParseHTTPRequestID": "parse_http_request_id",
		"Ping": "ping", "V2Search": "v2_search", "listItems": "list_items",
	} {
		if got := SnakeCase(in); got != want {
			t.Errorf("SnakeCase(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSetProp(t *testing.T) {
	obj := &Type{Kind: KindObject}
	a1, b, a2 := &Property{Name: "a"}, &Property{Name: "b"}, &Property{Name: "a", Required: true}
	obj.SetProp(a1)
	obj.SetProp(b)
	obj.SetProp(a2)
	if len(obj.Properties) != 2 || obj.Properties[0] != a2 || obj.Properties[1] != b {
		t.Errorf("SetProp: got %+v", obj.Properties)
	}
}
