package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/tscg/tscg/examples/agent/weather"
)

// tools implements the generated weather.Handlers with canned data: the
// point is the loop, not the weather.
type tools struct{}

func (tools) GetWeather(_ context.Context, in *weather.GetWeatherParams) (*weather.Weather, error) {
	unit := weather.UnitCelsius
	if in.Unit != nil {
		unit = *in.Unit
	}
	temp := 21.5
	if unit == weather.UnitFahrenheit {
		temp = temp*9/5 + 32
	}
	return &weather.Weather{Location: in.Location, Temperature: temp, Unit: unit, Conditions: "light rain"}, nil
}

func (tools) SearchDocuments(_ context.Context, in *weather.SearchDocumentsParams) (*weather.SearchDocumentsResult, error) {
	return &weather.SearchDocumentsResult{Hits: []weather.DocumentHit{{DocID: "doc-1", Title: "About " + in.Query, Score: 0.9}}, Total: 1}, nil
}

// CalculateExpression adds and multiplies integers: enough for the script.
func (tools) CalculateExpression(_ context.Context, in *weather.CalculateExpression) (string, error) {
	sum := 0
	for _, term := range strings.Split(in.Expression, "+") {
		prod := 1
		for _, f := range strings.Split(term, "*") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				return "", fmt.Errorf("cannot evaluate %q: only integers, + and * are supported", in.Expression)
			}
			prod *= n
		}
		sum += prod
	}
	return strconv.Itoa(sum), nil
}

func (tools) GetSystemTime(_ context.Context, in *weather.GetSystemTimeParams) (*weather.GetSystemTimeResult, error) {
	tz := "UTC"
	if in.Timezone != nil {
		tz = *in.Timezone
	}
	return &weather.GetSystemTimeResult{Now: "2024-05-01T12:00:00Z", Timezone: tz}, nil
}
