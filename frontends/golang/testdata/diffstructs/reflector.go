package diffstructs

import "time"

// The structs below are written in the idiom of servers that reflect their
// schemas with invopop's RequiredFromJSONSchemaTags (mcp-grafana's tool
// arguments: `jsonschema:"required,description=…"` on fields that usually
// also say omitempty, pointers for optional filters, nested option
// structs). They are this project's own code; TestReflectorGrafana
// measures the real mcp-grafana types the same way, outside the tree.

// QueryArgs queries a datasource over a time range.
type QueryArgs struct {
	DatasourceUID string `json:"datasourceUid" jsonschema:"required,description=The UID of the datasource to query"`
	Expr          string `json:"expr" jsonschema:"required,description=The query expression"`
	// StartTime is an RFC3339 time or a relative one such as now-1h.
	StartTime string    `json:"startTime,omitempty" jsonschema:"description=The start time"`
	EndTime   string    `json:"endTime,omitempty"`
	StepSecs  int       `json:"stepSeconds,omitempty" jsonschema:"minimum=1"`
	Limit     *int      `json:"limit,omitempty" jsonschema:"description=Maximum number of results"`
	Labels    []string  `json:"labels" jsonschema:"description=Label names to keep"`
	Options   *QueryOpt `json:"options,omitempty"`
}

// QueryOpt tunes a query.
type QueryOpt struct {
	Instant bool   `json:"instant,omitempty" jsonschema:"required"`
	Format  string `json:"format" jsonschema:"enum=table,enum=series"`
}

// SearchArgs searches dashboards by title and tag.
type SearchArgs struct {
	Query string   `json:"query,omitempty" jsonschema:"description=The title to search for"`
	Tags  []string `json:"tags,omitempty"`
	Page  int      `json:"page,omitempty" jsonschema:"required,minimum=1"`
}

// IncidentArgs creates an incident.
type IncidentArgs struct {
	Title      string            `json:"title" jsonschema:"required,description=The title of the incident"`
	Severity   string            `json:"severity" jsonschema:"required,enum=minor,enum=major,enum=critical"`
	RoomPrefix string            `json:"roomPrefix" jsonschema:"required"`
	IsDrill    bool              `json:"isDrill"`
	Status     string            `json:"status" jsonschema:"description=The status of the incident"`
	Labels     []IncidentLabel   `json:"labels,omitempty"`
	Attrs      map[string]string `json:"attrs,omitempty"`
	StartedAt  *time.Time        `json:"startedAt,omitempty"`
}

// IncidentLabel is a key and a value.
type IncidentLabel struct {
	Key   string `json:"key" jsonschema:"required"`
	Label string `json:"label" jsonschema:"required,description=The label value"`
}

// Rule is an alert rule with nested rules.
type Rule struct {
	UID      string  `json:"uid" jsonschema:"required"`
	Title    string  `json:"title,omitempty"`
	Children []*Rule `json:"children,omitempty"`
}
