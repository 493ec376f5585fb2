// Command genzod writes a TypeScript file of N exported zod schema
// constants, the input of bench/zod-vs-node.sh. The file is also valid
// JavaScript (no type annotations), so node can import the same text.
// Schemas vary in the constructs tool schemas use: objects, strings with
// checks and formats, integers with bounds, enums, arrays, unions,
// optional and default values, descriptions, and references to earlier
// constants.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

func main() {
	n := flag.Int("n", 200, "number of schema constants")
	flag.Parse()
	var b strings.Builder
	b.WriteString("import { z } from \"zod\";\n\n")
	for i := 0; i < *n; i++ {
		fmt.Fprintf(&b, "export const Schema%d = %s;\n", i, schema(i))
	}
	os.Stdout.WriteString(b.String())
}

func schema(i int) string {
	fields := []string{
		fmt.Sprintf("id: z.string().uuid().describe(\"Identifier of record %d\")", i),
		fmt.Sprintf("name: z.string().min(1).max(%d).describe(\"Display name\")", 20+i%50),
		fmt.Sprintf("count: z.number().int().min(0).max(%d).default(%d)", 100+i, i%10),
		"status: z.enum([\"active\", \"paused\", \"archived\"]).optional()",
		"tags: z.array(z.string().max(32)).max(10).default([])",
		fmt.Sprintf("score: z.number().gte(0).lte(1).nullable().describe(\"Score %d\")", i),
	}
	switch i % 4 {
	case 1:
		fields = append(fields, "contact: z.object({ email: z.string().email(), phone: z.string().regex(/^[0-9+ -]+$/).optional() })")
	case 2:
		fields = append(fields, "kind: z.discriminatedUnion(\"type\", [z.object({ type: z.literal(\"a\"), a: z.string() }), z.object({ type: z.literal(\"b\"), b: z.number() })])")
	case 3:
		fields = append(fields, "value: z.union([z.string(), z.number(), z.boolean()])", "meta: z.record(z.string(), z.string()).optional()")
	}
	if i >= 10 {
		// A reference to one of the first ten, which reference nothing:
		// shared definitions, not a chain whose output grows as n².
		fields = append(fields, fmt.Sprintf("parent: Schema%d.optional()", i%10))
	}
	return "z.object({\n  " + strings.Join(fields, ",\n  ") + ",\n})"
}
