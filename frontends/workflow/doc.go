// Package workflow compiles *.workflow.yaml files: fixed graphs of tool
// calls that become one tool in the catalog (a "macro tool"), so a model
// calls "generate the quarterly report" once instead of re-planning its
// steps every time.
//
// Parse reads a file (checked against the embedded Schema, with a
// position for every value); Check resolves it against the catalog of
// tools it may call and reports, with positions in the YAML, unknown
// tools, unresolved references, type mismatches (the io-compatibility
// rule's assignability), cycles, unused steps and missing or unknown
// arguments; Lower turns a checked workflow into an ir.Tool (its params
// and result types) and a runtime/workflow.Plan that an agent runs.
// Load does all three for the build.
package workflow
