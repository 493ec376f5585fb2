// Package shelf is a dependency module of ours for the golden
// mcpgo/depends (issue 28): it builds tools a server of another module
// registers, as Azure/mcp-kubernetes and Azure/azure-api-mcp build the
// tools Azure/aks-mcp registers.
package shelf

import (
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

const kind = "shelf"

// Sizes are the label sizes a stamp may print.
var Sizes = []string{"small", "large"}

// LabelTool is the tool that prints a shelf label.
func LabelTool() mcp.Tool {
	return mcp.NewTool("print_label",
		mcp.WithDescription("Prints a label for a "+kind+"."),
		mcp.WithString("text", mcp.Required(), mcp.Description("Label text")),
	)
}

// SizedTool takes an argument: tscg binds it to the caller's constant.
func SizedTool(max int) mcp.Tool {
	return mcp.NewTool("size_label", mcp.WithNumber("width", mcp.Max(float64(max))))
}

// StampTool builds its description from its arguments, in a function
// with ifs (azure-api-mcp's RegisterCallAzTool).
func StampTool(readOnly bool, owner string) mcp.Tool {
	description := stampText(readOnly, owner)
	return mcp.NewTool("stamp_label",
		mcp.WithDescription(description),
		mcp.WithString("code", mcp.Required(), mcp.Description("Code to stamp")),
	)
}

func stampText(readOnly bool, owner string) string {
	text := "Stamps a code on a label.\n"
	if readOnly {
		text += "Mode: dry run, nothing is printed.\n"
	} else {
		text += "Mode: prints the label.\n"
	}
	if owner != "" {
		text += "Owner: " + owner + "\n"
	}
	text += "Sizes: " + strings.Join(Sizes, ", ")
	return text
}

// NoteTool writes an argument tscg cannot know into its description.
func NoteTool(note string) mcp.Tool {
	return mcp.NewTool("note_label", mcp.WithDescription("Notes: "+note))
}

// Tools returns the tools for a mode, as mcp-kubernetes'
// RegisterKubectlTools returns one unified tool or several.
func Tools(mode string, unified bool) []mcp.Tool {
	if mode != "full" && mode != "lite" {
		mode = "lite"
	}
	if unified {
		return []mcp.Tool{allTool(mode)}
	}
	return []mcp.Tool{peelTool(), gumTool()}
}

func allTool(mode string) mcp.Tool {
	var description string
	switch mode {
	case "full":
		description = "Peels and gums labels, every size."
	default:
		description = "Peels labels (" + strings.Join(Sizes, " or ") + ")."
	}
	return mcp.NewTool("label_all", mcp.WithDescription(description))
}

func peelTool() mcp.Tool { return mcp.NewTool("peel_label") }

func gumTool() mcp.Tool { return mcp.NewTool("gum_label") }
