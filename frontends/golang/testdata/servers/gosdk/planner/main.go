// Command planner is a golden of ours: three go-sdk tools whose argument
// structs have omitempty fields (scalars and pointers to scalars), beside
// state types with time.Time fields that no tool exposes, and a resource.
package main

import (
	"context"
	"fmt"
	"log"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Step is one step of a plan.
type Step struct {
	// Index counts from 1.
	Index int `json:"index"`
	// Text says what to do.
	Text string `json:"text"`
	// Written is when the step was added.
	Written time.Time `json:"written"`
	// Redone is set once the step was rewritten.
	Redone bool `json:"redone"`
	// After is the step this one forks from.
	After *int `json:"after,omitempty"`
}

// Plan is one planning session.
type Plan struct {
	ID       string    `json:"id"`
	Goal     string    `json:"goal"`
	Steps    []*Step   `json:"steps"`
	Current  int       `json:"current"`
	Expected int       `json:"expected"`
	State    string    `json:"state"` // "open" or "done"
	Started  time.Time `json:"started"`
	Touched  time.Time `json:"touched"`
	Forks    []string  `json:"forks,omitempty"`
	Rev      int       `json:"rev"`
}

var (
	mu    sync.Mutex
	plans = map[string]*Plan{}
)

// OpenPlanArgs are the arguments for opening a plan.
type OpenPlanArgs struct {
	Goal     string `json:"goal"`
	PlanID   string `json:"planId,omitempty"`
	Expected int    `json:"expected,omitempty"`
}

// AddStepArgs are the arguments for adding a step.
type AddStepArgs struct {
	PlanID   string `json:"planId"`
	Text     string `json:"text"`
	More     *bool  `json:"more,omitempty"`
	Redo     *int   `json:"redo,omitempty"`
	Fork     bool   `json:"fork,omitempty"`
	Expected int    `json:"expected,omitempty"`
}

// ShowPlanArgs name the plan to show.
type ShowPlanArgs struct {
	PlanID string `json:"planId"`
}

func say(format string, args ...any) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf(format, args...)}}}
}

// OpenPlan starts a plan.
func OpenPlan(ctx context.Context, _ *mcp.CallToolRequest, args OpenPlanArgs) (*mcp.CallToolResult, any, error) {
	mu.Lock()
	defer mu.Unlock()
	id := args.PlanID
	if id == "" {
		id = fmt.Sprintf("plan-%d", len(plans)+1)
	}
	now := time.Now()
	plans[id] = &Plan{ID: id, Goal: args.Goal, Expected: args.Expected, State: "open", Started: now, Touched: now}
	return say("opened %s", id), nil, nil
}

// AddStep adds, redoes or forks a step.
func AddStep(ctx context.Context, req *mcp.CallToolRequest, args AddStepArgs) (*mcp.CallToolResult, any, error) {
	mu.Lock()
	defer mu.Unlock()
	p, ok := plans[args.PlanID]
	if !ok {
		return nil, nil, fmt.Errorf("no plan %s", args.PlanID)
	}
	if args.Redo != nil && *args.Redo >= 1 && *args.Redo <= len(p.Steps) {
		p.Steps[*args.Redo-1].Text, p.Steps[*args.Redo-1].Redone = args.Text, true
	} else {
		p.Steps = append(p.Steps, &Step{Index: len(p.Steps) + 1, Text: args.Text, Written: time.Now()})
	}
	if args.Fork {
		p.Forks = append(p.Forks, fmt.Sprintf("%s-%d", p.ID, len(p.Forks)+1))
	}
	if args.More != nil && !*args.More {
		p.State = "done"
	}
	p.Rev++
	return say("%d steps", len(p.Steps)), nil, nil
}

// ShowPlan lists the steps of a plan.
func ShowPlan(ctx context.Context, req *mcp.CallToolRequest, args ShowPlanArgs) (*mcp.CallToolResult, any, error) {
	mu.Lock()
	defer mu.Unlock()
	p, ok := plans[args.PlanID]
	if !ok {
		return nil, nil, fmt.Errorf("no plan %s", args.PlanID)
	}
	var b strings.Builder
	for _, s := range p.Steps {
		fmt.Fprintf(&b, "%d. %s\n", s.Index, s.Text)
	}
	return say("%s", b.String()), nil, nil
}

func planResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: "plans"}}}, nil
}

func main() {
	server := mcp.NewServer(&mcp.Implementation{Name: "planner"}, nil)
	mcp.AddTool(server, &mcp.Tool{
		Name:        "open_plan",
		Description: "Open a plan for a goal that needs several steps",
	}, OpenPlan)
	mcp.AddTool(server, &mcp.Tool{
		Name:        "add_step",
		Description: "Add the next step, redo an earlier one, or fork",
	}, AddStep)
	mcp.AddTool(server, &mcp.Tool{
		Name:        "show_plan",
		Description: "Show every step of a plan",
	}, ShowPlan)
	server.AddResourceTemplate(&mcp.ResourceTemplate{
		Name:        "plans",
		Description: "Plans and their steps",
		MIMEType:    "text/plain",
		URITemplate: "plan://{id}",
	}, planResource)
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Printf("planner: %v", err)
	}
}
