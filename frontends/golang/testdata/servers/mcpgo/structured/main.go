// Command structured is a golden of ours: mcp-go tools whose schemas come
// from Go types (mcp.WithInputSchema[T], mcp.WithOutputSchema[T], an
// output that is a slice), with jsonschema tags as descriptions, a
// time.Time field, structured handlers and a typed handler that builds its
// structured result by hand.
package main

import (
	"context"
	"fmt"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type ForecastRequest struct {
	Place string `json:"place" jsonschema:"Town or region"`
	Scale string `json:"scale,omitempty" jsonschema:"celsius or kelvin"`
}

type ForecastResponse struct {
	Place   string    `json:"place" jsonschema:"Place"`
	Degrees float64   `json:"degrees" jsonschema:"Degrees on the scale"`
	Scale   string    `json:"scale" jsonschema:"Scale"`
	Sky     string    `json:"sky" jsonschema:"Sky"`
	At      time.Time `json:"at" jsonschema:"Time of the forecast"`
}

type Member struct {
	ID     string   `json:"id" jsonschema:"Member ID"`
	Name   string   `json:"name" jsonschema:"Display name"`
	Mail   string   `json:"mail" jsonschema:"Mail address"`
	Labels []string `json:"labels" jsonschema:"Labels on the member"`
}

type MemberRequest struct {
	MemberID string `json:"memberId" jsonschema:"Member ID"`
}

type Coin struct {
	ID    string  `json:"id" jsonschema:"Coin identifier"`
	Name  string  `json:"name" jsonschema:"Coin name"`
	Price float64 `json:"price" jsonschema:"Price now"`
	Unit  string  `json:"unit" jsonschema:"Currency of the price"`
}

type CoinListRequest struct {
	Max int `json:"max,omitempty" jsonschema:"How many coins to list"`
}

func main() {
	s := server.NewMCPServer("Structured golden", "0.1.0", server.WithToolCapabilities(false))

	forecast := mcp.NewTool("get_forecast",
		mcp.WithDescription("Forecast with a structured result"),
		mcp.WithInputSchema[ForecastRequest](),
		mcp.WithOutputSchema[ForecastResponse](),
	)
	s.AddTool(forecast, mcp.NewStructuredToolHandler(forecastHandler))

	member := mcp.NewTool("get_member",
		mcp.WithDescription("Look up a member"),
		mcp.WithInputSchema[MemberRequest](),
		mcp.WithOutputSchema[Member](),
	)
	s.AddTool(member, mcp.NewStructuredToolHandler(memberHandler))

	coins := mcp.NewTool("list_coins",
		mcp.WithDescription("List coins as an array"),
		mcp.WithInputSchema[CoinListRequest](),
		mcp.WithOutputSchema[[]Coin](),
	)
	s.AddTool(coins, mcp.NewStructuredToolHandler(coinsHandler))

	manual := mcp.NewTool("manual_forecast",
		mcp.WithDescription("Forecast whose structured result is built by hand"),
		mcp.WithInputSchema[ForecastRequest](),
		mcp.WithOutputSchema[ForecastResponse](),
	)
	s.AddTool(manual, mcp.NewTypedToolHandler(manualForecastHandler))

	if err := server.ServeStdio(s); err != nil {
		fmt.Printf("structured: %v\n", err)
	}
}

func forecastHandler(ctx context.Context, request mcp.CallToolRequest, args ForecastRequest) (ForecastResponse, error) {
	deg := 11.5
	if args.Scale == "kelvin" {
		deg += 273.15
	}
	return ForecastResponse{Place: args.Place, Degrees: deg, Scale: args.Scale, Sky: "drizzle", At: time.Now()}, nil
}

// memberHandler returns a member whose labels are nil unless the ID is 1.
func memberHandler(ctx context.Context, request mcp.CallToolRequest, args MemberRequest) (Member, error) {
	m := Member{ID: args.MemberID, Name: "Ada Example", Mail: "ada@example.org"}
	if args.MemberID == "1" {
		m.Labels = []string{"founder", "reviewer"}
	}
	return m, nil
}

func coinsHandler(ctx context.Context, request mcp.CallToolRequest, args CoinListRequest) ([]Coin, error) {
	all := []Coin{
		{ID: "c1", Name: "Copper", Price: 0.5, Unit: "EUR"},
		{ID: "c2", Name: "Silver", Price: 12.25, Unit: "EUR"},
		{ID: "c3", Name: "Gold", Price: 410.75, Unit: "EUR"},
	}
	if args.Max > 0 && args.Max < len(all) {
		all = all[:args.Max]
	}
	return all, nil
}

func manualForecastHandler(ctx context.Context, request mcp.CallToolRequest, args ForecastRequest) (*mcp.CallToolResult, error) {
	r := ForecastResponse{Place: args.Place, Degrees: 18, Scale: "celsius", Sky: "clear", At: time.Now()}
	return mcp.NewToolResultStructured(r, fmt.Sprintf("%s: %.1f, %s", r.Place, r.Degrees, r.Sky)), nil
}
