package skills

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

const weatherMD = `---
name: weather
title: Weather
description: Forecasts and current conditions for a city.
tools: [forecast]
license: MIT
---

# Weather

Call forecast with the city name.
`

func TestParse(t *testing.T) {
	sk, err := Parse("weather/SKILL.md", []byte(weatherMD))
	if err != nil {
		t.Fatal(err)
	}
	if sk.Name != "weather" || sk.Title != "Weather" || sk.Description != "Forecasts and current conditions for a city." {
		t.Errorf("fields: %+v", sk)
	}
	if !reflect.DeepEqual(sk.Tools, []string{"forecast"}) {
		t.Errorf("tools = %q", sk.Tools)
	}
	if !strings.HasPrefix(sk.Body, "# Weather\n") {
		t.Errorf("body = %q", sk.Body)
	}
	if sk.Lines["tools"] != 5 || sk.Lines["body"] != 8 {
		t.Errorf("lines = %v", sk.Lines)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		name, src string
		line      int
		msg       string
	}{
		{"no front matter", "# Title\n", 1, "missing front matter"},
		{"unclosed", "---\nname: x\n", 1, "not closed"},
		{"bad yaml", "---\nname: x\ndescription: [oops\n---\n", 0, "front matter"},
		{"not a mapping", "---\n- a\n---\n", 2, "must be a mapping"},
		{"name not string", "---\nname: [a]\n---\n", 2, "name must be a string"},
		{"duplicate key", "---\nname: a\ndescription: d\nname: b\n---\n", 4, "duplicate key"},
		{"tools not list", "---\nname: a\ntools: {x: 1}\n---\n", 3, "tools:"},
		{"empty", "---\n---\nbody\n", 2, "empty"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("s/SKILL.md", []byte(c.src))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want *ParseError", err)
			}
			if c.line != 0 && pe.Line != c.line {
				t.Errorf("line = %d, want %d (%v)", pe.Line, c.line, err)
			}
			if pe.Line == 0 || !strings.Contains(err.Error(), c.msg) || !strings.HasPrefix(err.Error(), "s/SKILL.md:") {
				t.Errorf("err = %v, want file:line and %q", err, c.msg)
			}
		})
	}
}

func TestFormatRoundTrip(t *testing.T) {
	in := &Skill{Name: "x", Title: "A: b", Description: "yes", Tools: []string{"g", "#t"}, Body: "# Body\n"}
	out, err := Parse("x/SKILL.md", Format(in))
	if err != nil {
		t.Fatalf("%v\n%s", err, Format(in))
	}
	if out.Title != in.Title || out.Description != in.Description || !reflect.DeepEqual(out.Tools, in.Tools) || out.Body != in.Body {
		t.Errorf("round trip: %+v\n%s", out, Format(in))
	}
}

func TestNames(t *testing.T) {
	for _, n := range []string{"a", "file-ops", "0x", strings.Repeat("a", 49)} {
		if !ValidName(n) {
			t.Errorf("%q should be valid", n)
		}
	}
	for _, n := range []string{"", "-a", "A", "a_b", "../x", "/etc/passwd", "a/b", ".hidden", strings.Repeat("a", 50)} {
		if err := CheckName(n); err == nil {
			t.Errorf("%q should be invalid", n)
		}
	}
	if err := CheckName("../x"); !strings.Contains(err.Error(), "not a path") {
		t.Errorf("path name error should say so: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(weatherMD))
	f.Add([]byte("---\nname: a\n---\n"))
	f.Add([]byte("---\n: : :\n---\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sk, err := Parse("f/SKILL.md", data)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		if sk.Lines["body"] < 2 {
			t.Fatalf("body line %d", sk.Lines["body"])
		}
	})
}
