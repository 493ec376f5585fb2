// Command gosdkfixed is a go-sdk stdio server whose tools tscg can also
// read statically: snapshot --check compares the two readings.
package main

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type LookupInput struct {
	// Key names the entry.
	Key string `json:"key" jsonschema:"the entry's key"`
	// Fresh skips the cache.
	Fresh bool `json:"fresh,omitempty" jsonschema:"skip the cache"`
}

type LookupOutput struct {
	Value string `json:"value"`
	Hits  int    `json:"hits"`
}

type StoreInput struct {
	Key   string   `json:"key" jsonschema:"the entry's key"`
	Value string   `json:"value" jsonschema:"what to keep"`
	Tags  []string `json:"tags,omitempty" jsonschema:"labels to find it by"`
}

func lookup(context.Context, *mcp.CallToolRequest, LookupInput) (*mcp.CallToolResult, LookupOutput, error) {
	return nil, LookupOutput{}, nil
}

func store(context.Context, *mcp.CallToolRequest, StoreInput) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "kv", Version: "0.3.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "lookup", Description: "Look up one entry of the store by its key."}, lookup)
	mcp.AddTool(s, &mcp.Tool{Name: "store", Description: "Keep a value under a key, replacing any earlier one."}, store)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
