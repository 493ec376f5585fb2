package serve

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/tscg/tscg/compiler"
)

// Settings is the serve: section of tscg.yaml (or the file named by
// --serve-config, whose top level is that section).
type Settings struct {
	// Script exposes tool_call_script over the served tools.
	Script bool `yaml:"script"`
	// Skills is a directory of <name>/SKILL.md; it makes exposure
	// skill-driven and adds load_skill.
	Skills string `yaml:"skills"`
	// Timeout bounds each call (default 30s).
	Timeout string `yaml:"timeout"`
	// MaxConcurrent bounds the calls of one tool at once (HTTP default 16).
	MaxConcurrent int `yaml:"maxConcurrent"`
	// MaxBodyBytes bounds an HTTP request body (default 4 MiB).
	MaxBodyBytes int64 `yaml:"maxBodyBytes"`
	Python       struct {
		Interpreter string            `yaml:"interpreter"`
		Workers     *int              `yaml:"workers"`
		Env         map[string]string `yaml:"env"`
	} `yaml:"python"`
	// Tools maps TypeScript, JSON or Go tools to an executor.
	Tools map[string]executorConfig `yaml:"tools"`

	dir string // relative paths are relative to it
}

// httpExecutor posts a tool's arguments to URL; Headers (${VAR} expanded)
// go to that host only, never to one it redirects to.
type httpExecutor struct {
	URL     string            `yaml:"url"`
	Method  string            `yaml:"method"`
	Headers map[string]string `yaml:"headers"`
}

// executorConfig runs one tool: exactly one of HTTP or Command.
type executorConfig struct {
	HTTP *httpExecutor `yaml:"http"`
	// Command gets the arguments object as JSON on stdin and prints the
	// result on stdout; a non-zero exit is a tool error.
	Command []string `yaml:"command"`
	// Env is the command's whole environment (${VAR} expands from tscg's).
	Env map[string]string `yaml:"env"`
}

// LoadSettings reads the serve section: from file when named, else
// from the configuration file's serve: key.
func LoadSettings(cfg *compiler.Config, file string) (*Settings, error) {
	sc := &Settings{dir: cfg.Dir}
	var data []byte
	var err error
	switch {
	case file != "":
		if data, err = os.ReadFile(file); err != nil {
			return nil, errorf("serve config: %v", err)
		}
		sc.dir = filepath.Dir(file)
	case cfg.Path != "":
		if data, err = os.ReadFile(cfg.Path); err != nil {
			return nil, errorf("serve config: %v", err)
		}
		var whole struct {
			Serve yaml.Node `yaml:"serve"`
		}
		if err := yaml.Unmarshal(data, &whole); err != nil || whole.Serve.Kind == 0 {
			return sc, nil
		}
		if err := whole.Serve.Decode(sc); err != nil {
			return nil, errorf("%s: serve: %v", cfg.Path, err)
		}
		return sc, sc.check(cfg.Path)
	default:
		return sc, nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(sc); err != nil && !errors.Is(err, io.EOF) {
		return nil, errorf("%s: %v", file, err)
	}
	return sc, sc.check(file)
}

func (sc *Settings) check(file string) error {
	if _, err := sc.timeout(); err != nil {
		return errorf("%s: serve.timeout: %v", file, err)
	}
	for name, ex := range sc.Tools {
		if (ex.HTTP == nil) == (len(ex.Command) == 0) {
			return errorf("%s: serve.tools.%s: give exactly one of http or command", file, name)
		}
		if ex.HTTP != nil && ex.HTTP.URL == "" {
			return errorf("%s: serve.tools.%s.http: url is required", file, name)
		}
	}
	return nil
}

func (sc *Settings) timeout() (time.Duration, error) {
	if sc.Timeout == "" {
		return 30 * time.Second, nil
	}
	d, err := time.ParseDuration(sc.Timeout)
	if err == nil && d <= 0 {
		err = fmt.Errorf("must be positive")
	}
	return d, err
}

// resolve makes a configured path relative to the config's directory.
func (sc *Settings) resolve(p string) string {
	if p == "" || filepath.IsAbs(p) || sc.dir == "" {
		return p
	}
	return filepath.Join(sc.dir, p)
}
