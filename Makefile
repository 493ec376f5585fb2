# tscg — the two commands a fresh machine needs are in README.md:
#   go run ./cmd/tscg build ./examples/weather
#   make test

GO ?= go
PKGS := ./...

.PHONY: test fmt-check vet build unit fuzz bench install

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
