package deps

import (
	_ "github.com/evanw/esbuild/pkg/api"
	_ "github.com/rogpeppe/go-internal/testscript"
	_ "github.com/rogpeppe/go-internal/txtar"
	_ "github.com/santhosh-tekuri/jsonschema/v6"
	_ "github.com/spf13/cobra"
	_ "gopkg.in/yaml.v3"
)
