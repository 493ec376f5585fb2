package typescript

import (
	"path/filepath"
	"strconv"
	"strings"
)

// What the MCP TypeScript SDK publishes depends on its version, which
// the project's package.json (and package-lock.json, where there is one)
// says: from 1.24.0 on, McpServer lists every tool with an execution
// object ({"taskSupport": "forbidden"} for tool and registerTool).

// executionSince is the first SDK version whose listing has execution.
var executionSince = [2]int{1, 24}

// zodCompatSince is the first SDK version that reads zod 3 and zod 4
// (zod-compat): it makes an empty raw shape `{}` a zod 4 mini object
// (objectFromShape), so its listing is zod 4's {"type":"object",
// "properties":{}} whichever zod the project uses; before it, the shape
// was a zod 3 object.
var zodCompatSince = [2]int{1, 23}

// sdkPublishesExecution reports whether the SDK f's project resolves
// to lists tools with execution.
func sdkPublishesExecution(f *file) bool { return sdkAtLeast(f, executionSince) }

// sdkAtLeast reports whether the SDK f's project resolves to is min or
// newer. A caret or open range resolves to the newest 1.x, as an install
// without a lockfile does; no dependency at all is read as the newest
// SDK.
func sdkAtLeast(f *file, min [2]int) bool {
	spec, locked := dependencyVersion(filepath.Dir(f.abs), "@modelcontextprotocol/sdk")
	if locked != "" {
		return versionAtLeast(locked, min)
	}
	spec = strings.TrimSpace(spec)
	switch {
	case spec == "" || spec == "*" || spec == "latest" || strings.HasPrefix(spec, ">"):
		return true
	case strings.HasPrefix(spec, "^"):
		major, _, ok := majorMinor(spec[1:])
		return ok && major >= min[0]
	}
	return versionAtLeast(strings.TrimLeft(spec, "~=v"), min)
}

func versionAtLeast(v string, min [2]int) bool {
	major, minor, ok := majorMinor(v)
	return ok && (major > min[0] || major == min[0] && minor >= min[1])
}

func majorMinor(v string) (major, minor int, ok bool) {
	parts := strings.SplitN(strings.TrimLeft(v, "v"), ".", 3)
	if len(parts) < 2 {
		return 0, 0, false
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(parts[1])
	return major, minor, err1 == nil && err2 == nil
}
