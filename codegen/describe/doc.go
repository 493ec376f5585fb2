// Package describe renders a catalog as text for the model to read: the
// compact signature grammar (docs/compact.md; frontends/compact reads it
// back), the terse
// level of it, verbose Markdown descriptions with synthesised examples,
// and a one-line-per-tool catalog for progressive disclosure.
//
// Every rendering is a pure function of the IR: the same catalog gives the
// same bytes, whatever the order its files were read in.
package describe
