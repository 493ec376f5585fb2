// Package cifiles tests the files at the repository root that put tscg
// into other people's CI: action.yml (the GitHub Action), its workflow in
// .github/workflows and .pre-commit-hooks.yaml. The action's install step
// runs here against a fake release, checksums and all; actionlint checks
// the workflow and the action's metadata in .ci/run.
package cifiles
