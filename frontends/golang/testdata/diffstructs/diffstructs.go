// Package diffstructs holds the structs of the differential tests against
// invopop/jsonschema and google/jsonschema-go: the frontend reads them from
// source, the references reflect them at run time.
package diffstructs

import (
	"encoding/json"
	"time"
)

// User is a person with an account.
//
// Users log in with their email address.
type User struct {
	// ID is the user's unique identifier.
	ID string `json:"id"`
	// Email address used to log in.
	Email string `json:"email" jsonschema:"format=email"`
	Name  string `json:"name,omitempty"` // display name
	Age   int    `json:"age,omitempty" jsonschema:"minimum=0,maximum=150"`
}

// Address is a postal address.
type Address struct {
	Street  string `json:"street"`
	City    string `json:"city"`
	Zip     string `json:"zip" jsonschema:"pattern=^[0-9]{5}$"`
	Country string `json:"country,omitempty" jsonschema:"default=US"`
}

// Customer has an address.
type Customer struct {
	User    User     `json:"user"`
	Billing Address  `json:"billing"`
	Ship    *Address `json:"ship,omitempty"`
}

// SearchQuery is a search request.
type SearchQuery struct {
	Query string `json:"query" jsonschema:"minLength=1,maxLength=200"`
	Limit int    `json:"limit,omitempty" jsonschema:"minimum=1,maximum=50,default=10"`
	Sort  string `json:"sort,omitempty" jsonschema:"enum=relevance,enum=date"`
}

// Flight is a flight segment.
type Flight struct {
	Number    string    `json:"number"`
	Departure time.Time `json:"departure"`
	Arrival   time.Time `json:"arrival"`
	Duration  time.Duration
}

// Booking references flights.
type Booking struct {
	Reference string   `json:"reference"`
	Flights   []Flight `json:"flights"`
	Seats     []string `json:"seats,omitempty" jsonschema:"minItems=1,maxItems=9"`
}

// Weather asks for a forecast.
type Weather struct {
	City  string `json:"city" jsonschema:"description=City name such as Paris"`
	Units string `json:"units,omitempty" jsonschema:"enum=metric,enum=imperial,default=metric"`
	Days  int    `json:"days,omitempty" jsonschema:"minimum=1,maximum=7"`
}

// Pagination is embedded in list requests.
type Pagination struct {
	// Cursor from a previous page.
	Cursor   string `json:"cursor,omitempty"`
	PageSize int    `json:"page_size,omitempty" jsonschema:"maximum=100"`
}

// ListOrders lists orders, with embedded pagination.
type ListOrders struct {
	Pagination
	Status string `json:"status,omitempty"`
}

// Timestamps is embedded by pointer.
type Timestamps struct {
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated,omitzero"`
}

// Document embeds a pointer.
type Document struct {
	*Timestamps
	Title string `json:"title"`
	Body  string `json:"body"`
}

// Blob carries bytes.
type Blob struct {
	Name string `json:"name"`
	Data []byte `json:"data"`
}

// Settings has maps.
type Settings struct {
	Values map[string]string `json:"values"`
	Limits map[string]int    `json:"limits,omitempty"`
	Meta   map[string]any    `json:"meta,omitempty"`
}

// Tree is recursive.
type Tree struct {
	Label    string  `json:"label"`
	Children []*Tree `json:"children,omitempty"`
}

// Event has free-form payloads.
type Event struct {
	Kind    string          `json:"kind"`
	Payload json.RawMessage `json:"payload"`
	Extra   any             `json:"extra,omitempty"`
}

// Matrix has fixed-size arrays.
type Matrix struct {
	Cells [4]float64 `json:"cells"`
	Rows  [][]int    `json:"rows"`
}

// Skips has skipped and unexported fields.
type Skips struct {
	Visible string `json:"visible"`
	Hidden  string `json:"-"`
	Dash    string `json:"-,"`
	private string
	NoTag   bool
}

// Stringly uses the string option.
type Stringly struct {
	Count int64   `json:"count,string"`
	Ratio float64 `json:"ratio,string"`
	On    bool    `json:"on,string"`
}

// Nullables uses the nullable tag.
type Nullables struct {
	Note  *string `json:"note" jsonschema:"nullable"`
	Owner *User   `json:"owner" jsonschema:"nullable"`
	Plain *string `json:"plain"`
}

// Required overrides omitempty with the required tag.
type Required struct {
	A string `json:"a,omitempty" jsonschema:"required"`
	B string `json:"b,omitempty"`
}

// Titled has titles and tag descriptions.
type Titled struct {
	A string `json:"a" jsonschema:"title=The A"`
	B string `json:"b" jsonschema_description:"B from jsonschema_description"`
	// C has a comment that the tag overrides.
	C string `json:"c" jsonschema:"description=C from the tag"`
}

// Extras uses jsonschema_extras.
type Extras struct {
	A string `json:"a" jsonschema_extras:"x-order=1,x-hidden=true"`
}

// Examples lists examples.
type Examples struct {
	Q string `json:"q" jsonschema:"example=paris,example=rome"`
	N int    `json:"n" jsonschema:"example=3"`
}

// Numbers has numeric constraints.
type Numbers struct {
	Price float64 `json:"price" jsonschema:"exclusiveMinimum=0,multipleOf=0.01"`
	Pct   float32 `json:"pct" jsonschema:"minimum=0,maximum=1"`
	Temp  int32   `json:"temp" jsonschema:"exclusiveMaximum=100"`
}

// Flags has booleans with defaults.
type Flags struct {
	Verbose bool `json:"verbose,omitempty" jsonschema:"default=true"`
	DryRun  bool `json:"dry_run,omitempty" jsonschema:"default=false"`
}

// Tagged has array tags that reach the items.
type Tagged struct {
	IDs    []string `json:"ids" jsonschema:"format=uuid,uniqueItems=true"`
	Levels []int    `json:"levels" jsonschema:"enum=1,enum=2,enum=3"`
	Words  []string `json:"words,omitempty" jsonschema:"default=a,default=b"`
}

// Escaped has a pattern with an escaped comma.
type Escaped struct {
	Code string `json:"code" jsonschema:"pattern=^[A-Z]{2\\,4}$"`
}

// ReadOnlyFields has readOnly and writeOnly.
type ReadOnlyFields struct {
	ID       string `json:"id" jsonschema:"readOnly=true"`
	Password string `json:"password" jsonschema:"writeOnly=true"`
}

// Nested has an anonymous struct.
type Nested struct {
	Inner struct {
		X int `json:"x"`
		Y int `json:"y"`
	} `json:"inner"`
}

// Multi references one type twice.
type Multi struct {
	From Address   `json:"from"`
	To   Address   `json:"to"`
	Via  []Address `json:"via,omitempty"`
}

// Typed overrides the type.
type Typed struct {
	ID int `json:"id" jsonschema:"type=string"`
}

// OneOf offers alternative types.
type OneOf struct {
	V string `json:"v" jsonschema:"oneof_type=string;integer"`
}

// Color is a paint color.
type Color string

// The colors.
const (
	Red  Color = "red"
	Blue Color = "blue"
)

// Paint uses a const-block enum (a deliberate difference).
type Paint struct {
	Color Color `json:"color"`
}

// Counts uses unsigned integers (a deliberate difference).
type Counts struct {
	N uint   `json:"n"`
	B uint16 `json:"b"`
}

// Label is a named string with a doc comment.
type Label string

// Labelled uses a named string (a deliberate difference: its doc).
type Labelled struct {
	L Label `json:"l"`
}

// ByID has an integer-keyed map (a deliberate difference).
type ByID struct {
	Names map[int]string `json:"names"`
}

// Prose uses a google/jsonschema-go style tag (a deliberate difference).
type Prose struct {
	Name string `json:"name" jsonschema:"the name to greet"`
}

// Deep nests three levels.
type Deep struct {
	Customer Customer `json:"customer"`
	Orders   []Order  `json:"orders"`
}

// Order is an order line.
type Order struct {
	SKU      string  `json:"sku"`
	Quantity int     `json:"quantity" jsonschema:"minimum=1"`
	Price    float64 `json:"price"`
}

// Inline is flattened with ,inline (invopop's extension, not encoding/json).
type Wrapper struct {
	Order Order  `json:"order"`
	Note  string `json:"note,omitempty"`
}
