package skills

import (
	"context"
	"fmt"
	"strings"

	"github.com/tscg/tscg/runtime"
)

// Catalog is the text for the system prompt: one line per skill, name and
// description, and how to load one. It is empty for an empty set.
func (s *Set) Catalog() string {
	all := s.All()
	if len(all) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("## Skills\n\nCall " + LoadSkill + " with a skill's name to read its instructions (and unlock its tools) before you use it.\n\n")
	for _, sk := range all {
		fmt.Fprintf(&b, "- %s: %s\n", sk.Name, oneLine(sk.Description))
	}
	return strings.TrimRight(b.String(), "\n")
}

// Names are the skills' names, sorted.
func (s *Set) Names() []string {
	var out []string
	for _, sk := range s.All() {
		out = append(out, sk.Name)
	}
	return out
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

type loadArgs struct {
	Name string `json:"name" description:"The skill's name, as listed under Skills in the system prompt."`
}

// Tool returns the load_skill tool. It loads the skill into the session
// found in the call's context (NewContext), activating its tools; without
// a session it only returns the body from set.
func Tool(set *Set) (runtime.Tool, error) {
	desc := "Load a skill: returns its instructions and makes its tools available."
	if names := set.Names(); len(names) > 0 {
		desc += " Skills: " + strings.Join(names, ", ") + "."
	}
	return runtime.Func(LoadSkill, desc,
		func(ctx context.Context, in loadArgs) (string, error) {
			sess := FromContext(ctx)
			if sess == nil {
				sess = NewSession(Config{Set: set})
			}
			sk, err := sess.Load(in.Name)
			if err != nil {
				return "", err
			}
			return loadResult(sess, sk), nil
		})
}

// loadResult is the body plus which tools it unlocked, so the model knows
// it may call them now.
func loadResult(sess *Session, sk *Skill) string {
	body := strings.TrimSpace(sk.Body)
	tools, _ := sess.Resolve(sk)
	if len(tools) == 0 {
		return body
	}
	return body + "\n\n(Tools now available: " + strings.Join(tools, ", ") + ".)"
}
