// Command gen records what invopop/jsonschema v0.14 writes for each struct
// of diffstructs under each Reflector setting tscg's go: section offers:
// ../invopop/<setting>/<Type>.json. Run it from frontends/golang:
//
//	go run ./testdata/diffstructs/gen
//
// TestDifferentialInvopopSettings compares tscg with these files, and
// TestInvopopRecordings checks that they are what invopop writes today.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/tscg/tscg/frontends/golang/testdata/diffstructs/reflectors"
)

func main() {
	if err := run("testdata/diffstructs"); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	for _, s := range reflectors.Settings() {
		out := filepath.Join(dir, "invopop", s.Name)
		if err := os.RemoveAll(out); err != nil {
			return err
		}
		if err := os.MkdirAll(out, 0o755); err != nil {
			return err
		}
		recs, err := reflectors.Record(s, "./"+dir)
		if err != nil {
			return err
		}
		for name, b := range recs {
			if err := os.WriteFile(filepath.Join(out, name+".json"), b, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}
