// Package web is tscg agent --http: the streaming chat endpoint (POST
// /api/agent/chat, one JSON event a line: text, tool, skill, usage, error,
// done), the skills API (list, read, create or update; delete only with
// the admin token) over a skills.Store, and a chat panel (one embedded
// HTML page, no build step) that uses both. Every API route follows
// serve's HTTP rules (runtime/mcp.Protect): loopback origins by default, a
// bearer token when one is set, bounded bodies.
package web

import (
	"crypto/subtle"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/agent"
	"github.com/tscg/tscg/runtime/mcp"
	"github.com/tscg/tscg/runtime/skills"
)

//go:embed panel.html
var panel []byte

// Limits of user input.
const (
	MaxMessageBytes = 32 << 10 // one chat message
	MaxHistory      = 400      // messages sent back with a chat request
	MaxSkillBytes   = 64 << 10 // one SKILL.md
	MaxDescription  = 1024     // a skill's description, in bytes
	MaxBodyBytes    = 4 << 20  // any request body (unless HTTP.MaxBodyBytes says otherwise)
)

// AdminHeader carries the admin token that deleting a skill needs.
const AdminHeader = "X-Tscg-Admin-Token"

// Options configure the handler.
type Options struct {
	// Agent runs the conversations; its Registry should hold load_skill
	// when Store is set.
	Agent *agent.Agent
	// Store holds the built-in and user skills (nil: no skills).
	Store *skills.Store
	// Groups maps tool group names to tools for skills' tools entries.
	Groups map[string][]string
	// AdminToken must come in AdminHeader to delete a skill; "" refuses
	// every deletion.
	AdminToken string
	// HTTP are serve's HTTP rules (token, origins, body limit).
	HTTP mcp.HTTPOptions
	// Warn receives problems with skill folders (default: discarded).
	Warn io.Writer
}

type server struct{ o Options }

// Handler returns the panel at / and the API under /api/.
func Handler(o Options) http.Handler {
	if o.Warn == nil {
		o.Warn = io.Discard
	}
	if o.HTTP.MaxBodyBytes <= 0 {
		o.HTTP.MaxBodyBytes = MaxBodyBytes
	}
	s := &server{o: o}
	api := http.NewServeMux()
	api.HandleFunc("POST /api/agent/chat", s.chat)
	api.HandleFunc("GET /api/skills", s.listSkills)
	api.HandleFunc("GET /api/skills/{name}", s.getSkill)
	api.HandleFunc("PUT /api/skills/{name}", s.putSkill)
	api.HandleFunc("DELETE /api/skills/{name}", s.deleteSkill)
	// The page is static and holds no secret: it loads without the bearer
	// token (the user types it into the page), under the same Host and
	// Origin rules.
	page := o.HTTP
	page.AuthToken = ""
	mux := http.NewServeMux()
	mux.Handle("/api/", mcp.Protect(api, o.HTTP))
	mux.Handle("GET /{$}", mcp.Protect(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'")
		_, _ = w.Write(panel)
	}), page))
	return mux
}

type chatRequest struct {
	Message string          `json:"message"`
	History []agent.Message `json:"history"`
	Skills  []string        `json:"skills"` // loaded earlier in the conversation
}

// chat streams one turn as JSON Lines.
func (s *server) chat(w http.ResponseWriter, r *http.Request) {
	var req chatRequest
	if !readJSON(w, r, &req) {
		return
	}
	switch {
	case strings.TrimSpace(req.Message) == "":
		httpError(w, http.StatusBadRequest, "message: empty; send {\"message\": \"…\"}")
		return
	case len(req.Message) > MaxMessageBytes:
		httpError(w, http.StatusBadRequest, fmt.Sprintf("message: %d bytes, more than %d", len(req.Message), MaxMessageBytes))
		return
	case len(req.History) > MaxHistory:
		httpError(w, http.StatusBadRequest, fmt.Sprintf("history: %d messages, more than %d; start a new conversation", len(req.History), MaxHistory))
		return
	}
	for _, m := range req.History {
		if m.Role == agent.RoleSystem {
			httpError(w, http.StatusBadRequest, "history: a system message; the server writes the system prompt")
			return
		}
	}
	sess := Session(s.o.Store, s.o.Agent.Registry, s.o.Groups, s.o.Warn, req.Skills)
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	enc := json.NewEncoder(w)
	flush := http.NewResponseController(w)
	for e := range s.o.Agent.Run(r.Context(), req.History, req.Message, sess) {
		if err := enc.Encode(agent.Wire(e, sess)); err != nil {
			return
		}
		_ = flush.Flush()
	}
}

// Session is a conversation's skills, read afresh from store (a skill
// created in the panel is offered on the next message), with the skills
// loaded earlier in the conversation loaded again; nil without a store.
// Problems with skill folders are warnings on warn; the others load.
func Session(store *skills.Store, reg *runtime.Registry, groups map[string][]string, warn io.Writer, loaded []string) *skills.Session {
	if store == nil {
		return nil
	}
	set, errs := store.Load()
	for _, err := range errs {
		fmt.Fprintf(warn, "tscg: warning: skills: %v (not loaded)\n", err)
	}
	sess := skills.NewSession(skills.Config{Set: set, Registry: reg, Groups: groups})
	for _, n := range loaded {
		_, _ = sess.Load(n) // a skill deleted meanwhile is simply gone
	}
	return sess
}

type skillInfo struct {
	Name        string   `json:"name"`
	Title       string   `json:"title,omitempty"`
	Description string   `json:"description"`
	Source      string   `json:"source"`
	Tools       []string `json:"tools,omitempty"`
	Content     string   `json:"content,omitempty"`
}

func info(sk *skills.Skill) skillInfo {
	return skillInfo{Name: sk.Name, Title: sk.Title, Description: sk.Description, Source: sk.Source.String(), Tools: sk.Tools}
}

func (s *server) listSkills(w http.ResponseWriter, _ *http.Request) {
	out := []skillInfo{}
	if s.o.Store != nil {
		set, _ := s.o.Store.Load()
		for _, sk := range set.All() {
			out = append(out, info(sk))
		}
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *server) getSkill(w http.ResponseWriter, r *http.Request) {
	if s.o.Store == nil {
		httpError(w, http.StatusNotFound, "no skills: start tscg agent with --skills or --user-skills")
		return
	}
	sk, err := s.o.Store.Get(r.PathValue("name"))
	if err != nil {
		skillError(w, err)
		return
	}
	i := info(sk)
	i.Content = string(skills.Format(sk))
	writeJSON(w, http.StatusOK, i)
}

// putSkill creates the user skill, or replaces it when it exists.
func (s *server) putSkill(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Content string `json:"content"`
	}
	if !readJSON(w, r, &req) {
		return
	}
	name := r.PathValue("name")
	if msg := checkSkill(name, req.Content); msg != "" {
		httpError(w, http.StatusBadRequest, msg)
		return
	}
	if s.o.Store == nil {
		skillError(w, skills.ErrNoUser)
		return
	}
	sk, err := s.o.Store.Create(name, []byte(req.Content))
	status := http.StatusCreated
	if errors.Is(err, skills.ErrExists) {
		sk, err = s.o.Store.Update(name, []byte(req.Content))
		status = http.StatusOK
	}
	if err != nil {
		skillError(w, err)
		return
	}
	writeJSON(w, status, info(sk))
}

// checkSkill validates what the store does not: sizes, and a description
// (the catalog line the model chooses by).
func checkSkill(name, content string) string {
	if err := skills.CheckName(name); err != nil {
		return err.Error()
	}
	if len(content) > MaxSkillBytes {
		return fmt.Sprintf("content: %d bytes, more than %d", len(content), MaxSkillBytes)
	}
	sk, err := skills.Parse(name+"/"+skills.FileName, []byte(content))
	if err != nil {
		return err.Error()
	}
	switch {
	case strings.TrimSpace(sk.Description) == "":
		return "front matter: description is empty; say in one line when the skill is to be used"
	case len(sk.Description) > MaxDescription:
		return fmt.Sprintf("front matter: description: %d bytes, more than %d", len(sk.Description), MaxDescription)
	}
	return ""
}

func (s *server) deleteSkill(w http.ResponseWriter, r *http.Request) {
	got := r.Header.Get(AdminHeader)
	if s.o.AdminToken == "" || subtle.ConstantTimeCompare([]byte(got), []byte(s.o.AdminToken)) != 1 {
		httpError(w, http.StatusForbidden, "deleting a skill needs the admin token (header "+AdminHeader+"; tscg agent --admin-token-file)")
		return
	}
	if s.o.Store == nil {
		skillError(w, skills.ErrNoUser)
		return
	}
	if err := s.o.Store.Delete(r.PathValue("name")); err != nil {
		skillError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func skillError(w http.ResponseWriter, err error) {
	var ne *skills.NameError
	var pe *skills.ParseError
	switch {
	case errors.Is(err, skills.ErrNotFound):
		httpError(w, http.StatusNotFound, err.Error())
	case errors.Is(err, skills.ErrReadOnly):
		httpError(w, http.StatusForbidden, err.Error())
	case errors.Is(err, skills.ErrNoUser):
		httpError(w, http.StatusConflict, err.Error()+": start tscg agent with --user-skills DIR")
	case errors.As(err, &ne), errors.As(err, &pe):
		httpError(w, http.StatusBadRequest, err.Error())
	default:
		httpError(w, http.StatusInternalServerError, err.Error())
	}
}

// readJSON decodes a JSON body (bounded by Protect), answering 400 or 413.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			httpError(w, http.StatusRequestEntityTooLarge, "request body too large")
			return false
		}
		httpError(w, http.StatusBadRequest, "request body: "+err.Error())
		return false
	}
	return true
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

func httpError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}
