package main

import (
	"context"
	"fmt"
	"time"

	"github.com/tscg/tscg/examples/agent/weather"
)

// tools implements the generated weather.Handlers with canned data.
type tools struct{}

func (tools) GetWeather(_ context.Context, in *weather.GetWeatherParams) (*weather.Weather, error) {
	unit := weather.UnitCelsius
	if in.Unit != nil {
		unit = *in.Unit
	}
	return &weather.Weather{Location: in.Location, Temperature: 21.5, Unit: unit, Conditions: "light rain"}, nil
}

func (tools) SearchDocuments(_ context.Context, in *weather.SearchDocumentsParams) (*weather.SearchDocumentsResult, error) {
	return &weather.SearchDocumentsResult{Hits: []weather.DocumentHit{{DocID: "doc-1", Title: "About " + in.Query, Score: 0.9}}, Total: 1}, nil
}

func (tools) CalculateExpression(_ context.Context, in *weather.CalculateExpression) (string, error) {
	return "", fmt.Errorf("cannot evaluate %q: this example has no calculator", in.Expression)
}

func (tools) GetSystemTime(_ context.Context, in *weather.GetSystemTimeParams) (*weather.GetSystemTimeResult, error) {
	return &weather.GetSystemTimeResult{Now: time.Now().UTC().Format(time.RFC3339), Timezone: "UTC"}, nil
}
