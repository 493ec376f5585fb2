package serve

import (
	"context"
	"os"
	"strings"
	"time"

	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/runtime/agent"
	"github.com/tscg/tscg/runtime/script"
)

// NewModel is the client tscg.yaml's model: section describes, its key
// read from the environment variable the section names (and ${VAR} in
// baseURL expanded from the environment). Errors name the
// setting to fix.
func NewModel(mc *compiler.ModelConfig) (agent.Model, error) {
	if mc == nil {
		return nil, errorf("no model: add a model: section to tscg.yaml (provider, model, apiKeyEnv; see docs/agent.md)")
	}
	key, err := agent.KeyFromEnv(mc.APIKeyEnv, "model")
	if err != nil {
		return nil, errorf("%v", err)
	}
	base := mc.BaseURL
	if strings.Contains(base, "${") {
		base = os.Expand(base, os.Getenv)
	}
	cfg := agent.ClientConfig{Provider: mc.Provider, BaseURL: base, Model: mc.Model, APIKey: key, APIKeyEnv: mc.APIKeyEnv,
		Timeout: mc.Timeout, Temperature: mc.Temperature, MaxTokens: mc.MaxTokens}
	if mc.Retries != nil {
		cfg.Retries = *mc.Retries
		if cfg.Retries == 0 {
			cfg.Retries = -1
		}
	}
	m, err := agent.NewModel(cfg)
	if err != nil {
		return nil, errorf("%v", err)
	}
	return m, nil
}

// DefaultFormalizeTimeout bounds one FORMALIZE request unless
// model.formalizeTimeout says otherwise.
const DefaultFormalizeTimeout = 60 * time.Second

// Completer is FORMALIZE's model: m at temperature 0, each request
// bounded by timeout (0: DefaultFormalizeTimeout).
func Completer(m agent.Model, timeout time.Duration) script.Completer {
	if timeout <= 0 {
		timeout = DefaultFormalizeTimeout
	}
	zero := 0.0
	return script.CompleterFunc(func(ctx context.Context, req script.CompletionRequest) (string, error) {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		text, _, err := agent.Complete(ctx, m, req.System, req.User, &zero)
		return text, err
	})
}
