# tscg — the two commands a fresh machine needs are in README.md:
#   go run ./cmd/tscg build ./examples/weather
#   make test

GO ?= go
PKGS := ./...

.PHONY: test fmt-check vet build unit fuzz bench install dist dist-check

## test: everything CI runs (gofmt check, go vet, pure-Go build, tests)
test: fmt-check vet build unit

fmt-check:
	@out="$$(gofmt -l $$(git ls-files '*.go' ':!:**/vendor/**' 2>/dev/null || find . -name '*.go' -not -path './.git/*' -not -path '*/vendor/*'))"; \
	if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet $(PKGS)

build:
	CGO_ENABLED=0 $(GO) build $(PKGS)

unit:
	$(GO) test -count=1 $(PKGS)

install:
	CGO_ENABLED=0 $(GO) install ./cmd/tscg

## dist: the release build into dist/ (git-ignored): goreleaser, pinned in tools/go.mod,
## builds linux/darwin/windows x amd64/arm64 (.goreleaser.yaml): archives
## tscg_<version>_<os>_<arch>.tar.gz (.zip on windows) and checksums.txt; then
## tscg-dist packs the same binaries as npm tarballs (dist/npm) and wheels (dist/pypi).
## Reproducible: the same commit gives the same bytes. Nothing is published.
GORELEASER := $(GO) tool -modfile=tools/go.mod goreleaser
# goreleaser's snapshot drops the commit when the clone has no remote: name one, in the
# environment only (GIT_CONFIG_*), so that the commit is still stamped.
dist:
	@if [ -z "$$(git remote)" ]; then export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.url GIT_CONFIG_VALUE_0=https://github.com/tscg/tscg.git; fi; \
	set -x; $(GORELEASER) release --snapshot --clean
	$(GO) run ./internal/dist/cmd/tscg-dist -dir dist -date "$$(git log -1 --format=%cI)"

## dist-check: make dist twice and check it (.ci/dist-check: checksums, same bytes,
## tscg version, npm and pip installs offline)
dist-check:
	./.ci/dist-check

## fuzz: run every fuzz target for FUZZTIME each (default 30s); findings land in testdata/fuzz
FUZZTIME ?= 30s
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
	  dir=$$($(GO) list -f '{{.Dir}}' $$pkg); \
	  for t in $$(grep -ho '^func Fuzz[A-Za-z0-9_]*' $$dir/*_test.go 2>/dev/null | sed 's/^func //'); do \
	    echo "== $$pkg $$t"; $(GO) test $$pkg -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME); \
	  done; \
	done

## bench: Go benchmarks, then the whole-process comparison with ts-json-schema-generator
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
	./bench/schema-vs-tsjsg.sh
