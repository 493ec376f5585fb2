// Command notes is a golden of ours: a card index whose nine tools are
// methods of a value (registered as method values, written in another
// file), with argument structs carrying mcp tags (which the go-sdk does
// not read), structured results that hold nil slices for an empty index,
// a struct{} result, an any result and an any input.
package main

import (
	"context"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// AddCardsArgs lists the cards to add.
type AddCardsArgs struct {
	Cards []Card `json:"cards" mcp:"cards to add"`
}

// AddCardsResult holds the cards that were new.
type AddCardsResult struct {
	Cards []Card `json:"cards"`
}

// LinkCardsArgs lists the links to add.
type LinkCardsArgs struct {
	Links []Link `json:"links" mcp:"links to add"`
}

// LinkCardsResult holds the links that were new.
type LinkCardsResult struct {
	Links []Link `json:"links"`
}

// AddRemarksArgs lists the remarks to add.
type AddRemarksArgs struct {
	Remarks []Remark `json:"remarks" mcp:"remarks to add"`
}

// AddRemarksResult holds the remarks that were added.
type AddRemarksResult struct {
	Remarks []Remark `json:"remarks"`
}

// DropCardsArgs names the cards to drop.
type DropCardsArgs struct {
	Titles []string `json:"titles" mcp:"titles of the cards to drop"`
}

// DropRemarksArgs lists the remarks to drop.
type DropRemarksArgs struct {
	Remarks []Remark `json:"remarks" mcp:"remarks to drop"`
}

// UnlinkArgs lists the links to drop.
type UnlinkArgs struct {
	Links []Link `json:"links" mcp:"links to drop"`
}

// FindArgs is the text to look for.
type FindArgs struct {
	Text string `json:"text" mcp:"text to look for"`
}

// PickArgs names the cards to show.
type PickArgs struct {
	Titles []string `json:"titles" mcp:"titles of the cards to show"`
}

func main() {
	b := box{s: &shelf{}}
	server := mcp.NewServer(&mcp.Implementation{Name: "notes"}, nil)
	mcp.AddTool(server, &mcp.Tool{
		Name:        "add_cards",
		Description: "Add cards to the index",
	}, b.AddCards)
	mcp.AddTool(server, &mcp.Tool{
		Name:        "link_cards",
		Description: "Link cards to one another",
	}, b.LinkCards)
	mcp.AddTool(server, &mcp.Tool{
		Name:        "add_remarks",
		Description: "Add remarks to cards already in the index",
	}, b.AddRemarks)
	mcp.AddTool(server, &mcp.Tool{
		Name:        "drop_cards",
		Description: "Drop cards and every link they have",
	}, b.DropCards)
	mcp.AddTool(server, &mcp.Tool{
		Name:        "drop_remarks",
		Description: "Drop some remarks from cards",
	}, b.DropRemarks)
	mcp.AddTool(server, &mcp.Tool{
		Name:        "unlink_cards",
		Description: "Drop some links",
	}, b.Unlink)
	mcp.AddTool(server, &mcp.Tool{
		Name:        "show_index",
		Description: "Show the whole index",
	}, b.ShowIndex)
	mcp.AddTool(server, &mcp.Tool{
		Name:        "find_cards",
		Description: "Find cards whose title, kind or remarks hold a text",
	}, b.FindCards)
	mcp.AddTool(server, &mcp.Tool{
		Name:        "pick_cards",
		Description: "Show the named cards and the links between them",
	}, b.PickCards)

	t := &mcp.LoggingTransport{Transport: &mcp.StdioTransport{}, Writer: os.Stderr}
	if err := server.Run(context.Background(), t); err != nil {
		log.Printf("notes: %v", err)
	}
}
