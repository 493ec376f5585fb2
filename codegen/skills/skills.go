// Package skills compiles tool groups into skills: one
// skills/<group>/SKILL.md per group, whose front matter unlocks the group's
// tools and whose body is the group's rule prompt and the tools' verbose
// descriptions. A folder of Python or TypeScript tools so becomes a skill
// an agent loads on demand (see runtime/skills).
package skills

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/tscg/tscg/codegen"
	"github.com/tscg/tscg/codegen/describe"
	"github.com/tscg/tscg/compiler/ir"
	rtskills "github.com/tscg/tscg/runtime/skills"
)

// Options control Generate.
type Options struct {
	// Ungrouped, when set, is the skill name for tools without a group;
	// otherwise they get no skill (they stay always-on tools).
	Ungrouped string
}

// Generate writes skills/<name>/SKILL.md per tool group, in name order.
// Group names are turned into valid skill names (lowercase, hyphens); two
// groups that map to the same name are an error.
func Generate(cat *ir.Catalog, opts Options) ([]codegen.File, error) {
	groups := map[string]*ir.Group{}
	for _, g := range cat.Groups {
		if groups[g.Name] == nil {
			groups[g.Name] = g
		}
	}
	members := map[string][]*ir.Tool{}
	for _, t := range cat.Tools {
		g := t.Group
		if g == "" {
			if opts.Ungrouped == "" {
				continue
			}
			g = opts.Ungrouped
		}
		members[g] = append(members[g], t)
	}
	var files []codegen.File
	byName := map[string]string{}
	for _, g := range slices.Sorted(maps.Keys(members)) {
		name := SkillName(g)
		if err := rtskills.CheckName(name); err != nil {
			return nil, fmt.Errorf("tool group %q: %w", g, err)
		}
		if prev, ok := byName[name]; ok {
			return nil, fmt.Errorf("tool groups %q and %q both become skill %q; rename one", prev, g, name)
		}
		byName[name] = g
		sk := compile(name, g, groups[g], members[g])
		files = append(files, codegen.File{Path: "skills/" + name + "/" + rtskills.FileName, Contents: rtskills.Format(sk)})
	}
	codegen.Sort(files)
	return files, nil
}

// compile builds one group's skill; tools keep catalog order.
func compile(name, group string, g *ir.Group, tools []*ir.Tool) *rtskills.Skill {
	sk := &rtskills.Skill{Name: name, Title: group}
	var rule string
	if g != nil {
		rule = strings.TrimSpace(g.Description)
	}
	var names []string
	for _, t := range tools {
		names = append(names, t.Name)
	}
	sk.Tools = names
	sk.Description = describe.Summary(rule)
	if sk.Description == "" {
		sk.Description = "Tools: " + strings.Join(names, ", ") + "."
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s\n\n", group)
	if rule != "" {
		b.WriteString(rule + "\n\n")
	}
	for _, t := range tools {
		b.Write(bytes.TrimSpace(describe.VerboseTool(t, nil)))
		b.WriteString("\n\n")
	}
	sk.Body = strings.TrimRight(b.String(), "\n") + "\n"
	return sk
}

// SkillName maps a group name to a skill name: lowercase letters and
// digits kept, runs of anything else become one hyphen, at most 49
// characters.
func SkillName(group string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(group) {
		if ('a' <= r && r <= 'z') || ('0' <= r && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if b.Len() > 0 && !dash {
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.TrimRight(b.String(), "-")
	if len(s) > 49 {
		s = strings.TrimRight(s[:49], "-")
	}
	return s
}
