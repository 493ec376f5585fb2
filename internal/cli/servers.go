package cli

import (
	"context"
	"sort"
	"strings"

	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/frontends/mcplive"
	"github.com/tscg/tscg/internal/suggest"
)

// serverPrefix marks an input that is a server of the servers: section.
const serverPrefix = "server:"

// configuredInputs are the inputs: of cfg, paths resolved against its
// directory (server:NAME entries as they are).
func configuredInputs(cfg *compiler.Config) []string {
	var paths []string
	for _, in := range cfg.Inputs {
		if strings.HasPrefix(in, serverPrefix) {
			paths = append(paths, in)
			continue
		}
		paths = append(paths, cfg.Resolve(in))
	}
	return paths
}

// serverInputs reads the live listing of each server:NAME among paths
// and returns them apart from the other paths. Only servers named here
// are started: the servers: section alone starts none.
func serverInputs(cfg *compiler.Config, paths []string) ([]string, []compiler.LiveInput, error) {
	var rest []string
	var live []compiler.LiveInput
	for _, p := range paths {
		name, ok := strings.CutPrefix(p, serverPrefix)
		if !ok {
			rest = append(rest, p)
			continue
		}
		snap, err := takeConfigured(cfg, name)
		if err != nil {
			return nil, nil, err
		}
		live = append(live, compiler.LiveInput{Name: p, Data: snap.JSON()})
	}
	return rest, live, nil
}

// takeConfigured reads the server the servers: section names name.
func takeConfigured(cfg *compiler.Config, name string) (*mcplive.Snapshot, error) {
	s, lim, err := configuredServer(cfg, name)
	if err != nil {
		return nil, err
	}
	return take(context.Background(), s, lim)
}

func configuredServer(cfg *compiler.Config, name string) (mcplive.Server, mcplive.Limits, error) {
	sc := cfg.Server(name)
	if sc == nil {
		return mcplive.Server{}, mcplive.Limits{}, unknownServer(cfg, name)
	}
	s := mcplive.Server{Name: serverPrefix + name, URL: sc.URL, Headers: sc.Headers, BearerEnv: sc.BearerEnv, Dir: cfg.Dir}
	if sc.Command != "" {
		s.Command = append([]string{sc.Command}, sc.Args...)
	}
	if sc.Cwd != "" {
		s.Dir = cfg.Resolve(sc.Cwd)
	}
	if sc.URL != "" {
		s.Dir = ""
	}
	for k, v := range sc.Env {
		s.Env = append(s.Env, k+"="+v)
	}
	sort.Strings(s.Env)
	return s, mcplive.Limits{Start: sc.StartTimeout, List: sc.ListTimeout, MaxBytes: sc.MaxBytes}, nil
}

func unknownServer(cfg *compiler.Config, name string) error {
	var names []string
	for _, s := range cfg.Servers {
		names = append(names, s.Name)
	}
	where := "tscg.yaml"
	if cfg.Path != "" {
		where = cfg.Path
	}
	return usageErr("%s%s: no server %q under servers: in %s%s", serverPrefix, name, name, where, suggest.DidYouMean(name, names))
}
