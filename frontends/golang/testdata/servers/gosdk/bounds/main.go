// Command bounds is a golden of ours (issue 28): go-sdk tools whose In and
// Out exercise google/jsonschema-go's inference, which the go-sdk runs on
// them: sized integers bounded, slices and pointers nullable, named types
// in place, descriptions only from jsonschema tags (the doc comments here
// are never published), time.Time and big.Int as strings, embedded
// fields promoted, arrays of fixed length, maps.
package main

import (
	"context"
	"log"
	"math/big"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Level is a named integer type; its doc comment is not published.
type Level int8

// Paging is embedded in the query types.
type Paging struct {
	// Page is the page to read (not published: only tags are).
	Page  uint16 `json:"page,omitempty"`
	Limit uint8  `json:"limit,omitzero" jsonschema:"how many rows, at most 255"`
}

// Window is a time range.
type Window struct {
	From time.Time  `json:"from"`
	To   *time.Time `json:"to,omitempty"`
}

// ReadingsQuery asks for a gauge's readings.
type ReadingsQuery struct {
	Paging
	Gauge    string            `json:"gauge" jsonschema:"the gauge's code"`
	Level    Level             `json:"level"`
	Offset   int32             `json:"offset,omitempty"`
	Count    uint              `json:"count,omitempty"`
	Big      uint32            `json:"big,omitempty"`
	Small    int16             `json:"small,omitempty"`
	Wide     uint64            `json:"wide,omitempty"`
	Window   *Window           `json:"window,omitempty"`
	Tags     []string          `json:"tags"`
	Weights  map[string]int    `json:"weights,omitempty"`
	Extra    map[string]any    `json:"extra,omitempty"`
	Corner   [2]float64        `json:"corner"`
	Note     *string           `json:"note,omitempty"`
	Raw      []byte            `json:"raw,omitempty"`
	Anything any               `json:"anything,omitempty"`
	Skipped  string            `json:"-"`
	hidden   string            //nolint:unused // unexported: never published
	ByName   map[string]Window `json:"byName,omitempty"`
}

// Reading is one reading.
type Reading struct {
	At    time.Time `json:"at"`
	Value float32   `json:"value"`
	Total *big.Int  `json:"total,omitempty"`
	Flags []Level   `json:"flags"`
}

// Readings is the result.
type Readings struct {
	Rows []*Reading `json:"rows" jsonschema:"the readings, oldest first"`
	Next *Paging    `json:"next,omitempty"`
}

// Sealed has only an unexported field.
type Sealed struct {
	secret int //nolint:unused // unexported
}

func readings(ctx context.Context, req *mcp.CallToolRequest, q ReadingsQuery) (*mcp.CallToolResult, Readings, error) {
	return nil, Readings{}, nil
}

func sealed(ctx context.Context, req *mcp.CallToolRequest, q *Sealed) (*mcp.CallToolResult, *Paging, error) {
	return nil, &Paging{}, nil
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "bounds golden", Version: "0.1.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "readings", Description: "Readings of one gauge."}, readings)
	mcp.AddTool(s, &mcp.Tool{Name: "sealed", Description: "Takes nothing it publishes."}, sealed)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
