package main

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Card is one card of the index.
type Card struct {
	Title   string   `json:"title"`
	Kind    string   `json:"kind"`
	Remarks []string `json:"remarks"`
}

// Link joins two cards.
type Link struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Label string `json:"label"`
}

// Remark is text about one card.
type Remark struct {
	Card  string   `json:"card"`
	Texts []string `json:"texts"`
	// Dropped is filled in only by drop_remarks.
	Dropped []string `json:"dropped,omitempty"`
}

// Index is every card and link.
type Index struct {
	Cards []Card `json:"cards"`
	Links []Link `json:"links"`
}

// shelf keeps the index as JSON lines of saved items.
type shelf struct {
	lines [][]byte
}

// savedItem is one stored line: a card or a link.
type savedItem struct {
	What    string   `json:"what"`
	Title   string   `json:"title,omitempty"`
	Kind    string   `json:"kind,omitempty"`
	Remarks []string `json:"remarks,omitempty"`
	From    string   `json:"from,omitempty"`
	To      string   `json:"to,omitempty"`
	Label   string   `json:"label,omitempty"`
}

// box serves the tools; its methods are the handlers.
type box struct {
	s *shelf
}

func (b box) load() Index {
	var ix Index
	for _, l := range b.s.lines {
		var it savedItem
		if json.Unmarshal(l, &it) != nil {
			continue
		}
		if it.What == "card" {
			ix.Cards = append(ix.Cards, Card{Title: it.Title, Kind: it.Kind, Remarks: it.Remarks})
		} else {
			ix.Links = append(ix.Links, Link{From: it.From, To: it.To, Label: it.Label})
		}
	}
	return ix
}

func (b box) save(ix Index) {
	b.s.lines = nil
	for _, c := range ix.Cards {
		l, _ := json.Marshal(savedItem{What: "card", Title: c.Title, Kind: c.Kind, Remarks: c.Remarks})
		b.s.lines = append(b.s.lines, l)
	}
	for _, k := range ix.Links {
		l, _ := json.Marshal(savedItem{What: "link", From: k.From, To: k.To, Label: k.Label})
		b.s.lines = append(b.s.lines, l)
	}
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func (b box) AddCards(ctx context.Context, req *mcp.CallToolRequest, args AddCardsArgs) (*mcp.CallToolResult, AddCardsResult, error) {
	ix := b.load()
	var added []Card
	for _, c := range args.Cards {
		if !slices.ContainsFunc(ix.Cards, func(o Card) bool { return o.Title == c.Title }) {
			ix.Cards = append(ix.Cards, c)
			added = append(added, c)
		}
	}
	b.save(ix)
	return text("cards added"), AddCardsResult{Cards: added}, nil
}

func (b box) LinkCards(ctx context.Context, req *mcp.CallToolRequest, args LinkCardsArgs) (*mcp.CallToolResult, LinkCardsResult, error) {
	ix := b.load()
	var added []Link
	for _, k := range args.Links {
		if !slices.Contains(ix.Links, k) {
			ix.Links = append(ix.Links, k)
			added = append(added, k)
		}
	}
	b.save(ix)
	return text("links added"), LinkCardsResult{Links: added}, nil
}

func (b box) AddRemarks(ctx context.Context, req *mcp.CallToolRequest, args AddRemarksArgs) (*mcp.CallToolResult, AddRemarksResult, error) {
	ix := b.load()
	var added []Remark
	for _, r := range args.Remarks {
		for i := range ix.Cards {
			if ix.Cards[i].Title == r.Card {
				ix.Cards[i].Remarks = append(ix.Cards[i].Remarks, r.Texts...)
				added = append(added, r)
			}
		}
	}
	b.save(ix)
	return text("remarks added"), AddRemarksResult{Remarks: added}, nil
}

func (b box) DropCards(ctx context.Context, req *mcp.CallToolRequest, args DropCardsArgs) (*mcp.CallToolResult, any, error) {
	ix := b.load()
	ix.Cards = slices.DeleteFunc(ix.Cards, func(c Card) bool { return slices.Contains(args.Titles, c.Title) })
	ix.Links = slices.DeleteFunc(ix.Links, func(k Link) bool {
		return slices.Contains(args.Titles, k.From) || slices.Contains(args.Titles, k.To)
	})
	b.save(ix)
	return text("cards dropped"), nil, nil
}

func (b box) DropRemarks(ctx context.Context, req *mcp.CallToolRequest, args DropRemarksArgs) (*mcp.CallToolResult, any, error) {
	ix := b.load()
	for _, r := range args.Remarks {
		for i := range ix.Cards {
			if ix.Cards[i].Title == r.Card {
				ix.Cards[i].Remarks = slices.DeleteFunc(ix.Cards[i].Remarks, func(s string) bool { return slices.Contains(r.Dropped, s) })
			}
		}
	}
	b.save(ix)
	return text("remarks dropped"), nil, nil
}

func (b box) Unlink(ctx context.Context, req *mcp.CallToolRequest, args UnlinkArgs) (*mcp.CallToolResult, struct{}, error) {
	ix := b.load()
	ix.Links = slices.DeleteFunc(ix.Links, func(k Link) bool { return slices.Contains(args.Links, k) })
	b.save(ix)
	return text("links dropped"), struct{}{}, nil
}

func (b box) ShowIndex(ctx context.Context, req *mcp.CallToolRequest, args any) (*mcp.CallToolResult, Index, error) {
	return text("the index"), b.load(), nil
}

func (b box) FindCards(ctx context.Context, req *mcp.CallToolRequest, args FindArgs) (*mcp.CallToolResult, Index, error) {
	var out Index
	for _, c := range b.load().Cards {
		if strings.Contains(c.Title, args.Text) || strings.Contains(c.Kind, args.Text) {
			out.Cards = append(out.Cards, c)
		}
	}
	return text("cards found"), out, nil
}

func (b box) PickCards(ctx context.Context, req *mcp.CallToolRequest, args PickArgs) (*mcp.CallToolResult, Index, error) {
	ix, out := b.load(), Index{}
	for _, c := range ix.Cards {
		if slices.Contains(args.Titles, c.Title) {
			out.Cards = append(out.Cards, c)
		}
	}
	for _, k := range ix.Links {
		if slices.Contains(args.Titles, k.From) && slices.Contains(args.Titles, k.To) {
			out.Links = append(out.Links, k)
		}
	}
	return text("cards picked"), out, nil
}
