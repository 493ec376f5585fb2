// Package skills gives an agent skills with progressive disclosure.
//
// A skill is a directory <dir>/<name>/SKILL.md: YAML front matter (name,
// title, description, and optionally the tools — tool groups or tool
// names — it unlocks) followed by a Markdown body. The system prompt
// carries only the catalog (one line per skill); the model pulls a body
// with the load_skill tool when it needs it, and only then are the tools
// that skill unlocks sent to the model. A user message that starts with
// /name pre-loads the skill without that round trip.
//
// Skills come from two sources: built-in ones (an fs.FS, usually embedded,
// read-only) and user ones (a directory on disk, writable through Create,
// Update and Delete). On a name clash the built-in wins. User skills are
// read and written through an os.Root, so neither a crafted name nor a
// symlink inside the directory can reach a file outside it; names must
// match ^[a-z0-9][a-z0-9-]{0,48}$. Writes go to a temporary file that is
// renamed over SKILL.md, so a reader (or a crash) never sees half a file.
//
// A Session is one conversation's view: which skills are loaded and so
// which tools are active each round. The runtime Registry stays shared;
// the load_skill tool finds the conversation's Session in the call's
// context (NewContext).
package skills
