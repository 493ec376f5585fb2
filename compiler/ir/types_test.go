package ir

import (
	"testing"
)

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
