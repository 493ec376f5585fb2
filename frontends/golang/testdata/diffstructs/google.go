package diffstructs

import (
	"log/slog"
	"math/big"
	"net/netip"
	"time"
)

// The structs below are written the way go-sdk users write a tool's In and
// Out types, for google/jsonschema-go's For (which mcp.AddTool calls): json
// tags, a jsonschema tag that is the whole description, omitempty and
// omitzero for optional fields, pointers, slices and maps, embedded
// structs, sized integers and the standard library types For knows.
// google_test.go compares them, and the structs of Types that For accepts,
// with jsonschema-go; invopop does not read them.

// Google are the structs compared with jsonschema-go only, in the order the
// test walks them.
var Google = []any{
	SearchInput{}, SearchOutput{}, Hit{}, Pointers{},
	Sized{}, Stdlib{}, Embedding{}, Base{},
	EmbeddedNamed{}, Shadowing{}, Results{}, Empty{}, OnlyHidden{},
}

// Empty is a tool's input without parameters (issue 28: jsonschema-go
// leaves "properties" out, as the go-sdk lists such a tool).
type Empty struct{}

// OnlyHidden has one unexported field: jsonschema-go makes an empty
// "properties" at it and lists nothing.
type OnlyHidden struct {
	note string
}

var _ = OnlyHidden{note: ""}

// SearchInput is a tool's input as the go-sdk's examples write it.
type SearchInput struct {
	Query  string    `json:"query" jsonschema:"the search terms"`
	Limit  int       `json:"limit,omitempty" jsonschema:"the maximum number of results"`
	Cursor *string   `json:"cursor,omitempty" jsonschema:"a cursor from a previous page"`
	Tags   []string  `json:"tags,omitempty"`
	Since  time.Time `json:"since,omitzero"`
}

// SearchOutput is a tool's output: nil slices, pointers and maps are
// written as null.
type SearchOutput struct {
	Hits   []Hit          `json:"hits" jsonschema:"the matching documents"`
	Next   *string        `json:"next"`
	Facets map[string]int `json:"facets"`
	Took   float64        `json:"took"`
}

// Hit is one search result.
type Hit struct {
	ID      string  `json:"id"`
	Score   float64 `json:"score"`
	Snippet string  `json:"snippet,omitempty"`
}

// Pointers has pointers, pointers to pointers and pointer elements.
type Pointers struct {
	Owner *Hit            `json:"owner" jsonschema:"who owns it"`
	Twice **int           `json:"twice"`
	Items []*Hit          `json:"items"`
	ByKey map[string]*Hit `json:"by_key"`
	Fixed [2]string       `json:"fixed"`
}

// Sized has every integer and float size.
type Sized struct {
	I   int     `json:"i"`
	I8  int8    `json:"i8"`
	I16 int16   `json:"i16"`
	I32 int32   `json:"i32"`
	I64 int64   `json:"i64"`
	U   uint    `json:"u"`
	U8  uint8   `json:"u8"`
	U16 uint16  `json:"u16"`
	U32 uint32  `json:"u32"`
	U64 uint64  `json:"u64"`
	UP  uintptr `json:"up"`
	F32 float32 `json:"f32"`
	F64 float64 `json:"f64"`
}

// Stdlib has the standard library types whose JSON is not their Go
// structure.
type Stdlib struct {
	At    time.Time          `json:"at"`
	Every time.Duration      `json:"every"`
	Level slog.Level         `json:"level"`
	Big   big.Int            `json:"big"`
	Float big.Float          `json:"float"`
	Host  netip.Addr         `json:"host"`
	Hosts map[netip.Addr]int `json:"hosts,omitempty"`
	Any   any                `json:"any"`
}

// Base is embedded.
type Base struct {
	ID      string    `json:"id" jsonschema:"the record's ID"`
	Created time.Time `json:"created"`
}

// Audit is embedded by pointer.
type Audit struct {
	By string `json:"by"`
}

// Embedding embeds a struct and a pointer to one.
type Embedding struct {
	Base
	*Audit
	Name string `json:"name"`
}

// Note is a named string.
type Note string

// EmbeddedNamed embeds a struct under a json name, and a string type.
type EmbeddedNamed struct {
	Base `json:"base"`
	Note
	Name string `json:"name"`
}

// Inner is embedded by Shadowing.
type Inner struct {
	Title string `json:"name" jsonschema:"the inner title"`
	Extra string `json:"extra"`
}

// Shadowing has a field whose json name an embedded struct's field also
// has.
type Shadowing struct {
	Name string `json:"name" jsonschema:"the outer name"`
	Inner
}

// Page is a generic page of items.
type Page[T any] struct {
	Items []T  `json:"items"`
	More  bool `json:"more,omitempty"`
}

// Results holds an instantiated generic type.
type Results struct {
	Page Page[Hit] `json:"page"`
}
