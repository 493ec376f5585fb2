package main

import (
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The kits' icons: data URIs by icon name and shade, one per line of an
// embedded file ("name-shade<TAB>uri"), loaded when the program starts.

//go:embed kit_icons.txt
var kitIconTable string

// Shade is an icon's colour variant.
type Shade string

const (
	ShadeLight Shade = "light"
	ShadeDark  Shade = "dark"
)

type iconKey struct {
	name  string
	shade Shade
}

var kitIconURIs = loadKitIcons()

func loadKitIcons() map[iconKey]string {
	out := make(map[iconKey]string)
	for line := range strings.SplitSeq(strings.TrimSpace(kitIconTable), "\n") {
		file, uri, ok := strings.Cut(line, "\t")
		dash := strings.LastIndexByte(file, '-')
		if !ok || dash <= 0 || !strings.HasPrefix(uri, "data:") {
			panic(fmt.Sprintf("bad icon line %q", line))
		}
		out[iconKey{name: file[:dash], shade: Shade(file[dash+1:])}] = uri
	}
	return out
}

// kitIcons are an icon's two shades; none for no name.
func kitIcons(name string) []mcp.Icon {
	if name == "" {
		return nil
	}
	return []mcp.Icon{
		{Source: kitIconURIs[iconKey{name: name, shade: ShadeLight}], MIMEType: "image/png", Theme: mcp.IconThemeLight},
		{Source: kitIconURIs[iconKey{name: name, shade: ShadeDark}], MIMEType: "image/png", Theme: mcp.IconThemeDark},
	}
}

// startIcons are icons chosen by how the program was started.
func startIcons() []mcp.Icon { return kitIcons(filepath.Base(os.Args[0])) }

// Icons are the kit's icons.
func (k Kit) Icons() []mcp.Icon { return kitIcons(k.Icon) }
