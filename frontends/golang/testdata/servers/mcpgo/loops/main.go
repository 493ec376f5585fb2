// Command loops is a golden of ours (issue 28): enum values built by
// helpers of the package, the shape of Azure/aks-mcp's Inspektor Gadget
// tool: a helper returning append(anotherHelper(), []string{…}...), one
// filling a slice made with len(src) by index in a range loop over a
// package slice of struct literals (the element's field), one appending
// in a range loop (the element itself, and a field of a pointer
// element), appends after the loop.
package main

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

const (
	waterPlants = "water"
	prunePlants = "prune"
	repotPlant  = "repot"
	plantNew    = "plant"
)

type chore struct {
	Name    string
	Minutes int
	Tools   []string
}

var chores = []chore{
	{Name: waterPlants, Minutes: 5, Tools: []string{"can"}},
	{Name: prunePlants, Minutes: 20},
	{Name: repotPlant, Minutes: 30, Tools: []string{"pot", "soil"}},
}

var beds = []*chore{
	{Name: "north bed"},
	{Name: "herb spiral"},
}

var seasons = []string{"spring", "summer", "autumn"}

func setupActions() []string {
	return []string{plantNew, "uproot"}
}

func allActions() []string {
	return append(setupActions(), []string{waterPlants, prunePlants}...)
}

func choreNames() []string {
	names := make([]string, len(chores))
	for i, c := range chores {
		names[i] = c.Name
	}
	return names
}

func bedNames() []string {
	var out []string
	for _, b := range beds {
		out = append(out, b.Name)
	}
	return out
}

func seasonList() []string {
	list := make([]string, 0, len(seasons))
	for _, s := range seasons {
		list = append(list, s)
	}
	list = append(list, "winter")
	return list
}

func gardenTool() mcp.Tool {
	return mcp.NewTool("tend_garden",
		mcp.WithDescription("Does one garden chore."),
		mcp.WithString("action", mcp.Required(), mcp.Enum(allActions()...)),
		mcp.WithString("chore", mcp.Enum(choreNames()...)),
		mcp.WithString("bed", mcp.Enum(bedNames()...)),
		mcp.WithString("season", mcp.Enum(seasonList()...)),
	)
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("done"), nil
}

func main() {
	s := server.NewMCPServer("loops golden", "0.1.0")
	s.AddTool(gardenTool(), handle)
	if err := server.ServeStdio(s); err != nil {
		fmt.Println(err)
	}
}
