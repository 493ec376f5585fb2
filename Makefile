# tscg — the two commands a fresh machine needs are in README.md:
#   go run ./cmd/tscg build ./examples/weather
#   make test

GO ?= go
PKGS := ./...

.PHONY: test fmt-check vet build unit fuzz bench install

## test: everything CI runs (gofmt check, go vet, pure-Go build, tests)
test: fmt-check vet build unit

fmt-check:
	@out="$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './.git/*'))"; \
	if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet $(PKGS)

build:
	CGO_ENABLED=0 $(GO) build $(PKGS)

unit:
	$(GO) test -count=1 $(PKGS)

install:
	CGO_ENABLED=0 $(GO) install ./cmd/tscg

## fuzz: run each fuzz target for FUZZTIME (default 30s); findings land in testdata/fuzz
FUZZTIME ?= 30s
fuzz:
	$(GO) test ./frontends/typescript -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME)
	$(GO) test ./frontends/jsonschema -run '^$$' -fuzz FuzzLoadBytes -fuzztime $(FUZZTIME)

## bench: Go benchmarks, then the whole-process comparison with ts-json-schema-generator
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
	./bench/schema-vs-tsjsg.sh
