package main

import (
	"encoding/json"

	"github.com/tscg/tscg/internal/tokens"
)

// perMessage is the framing each chat message adds (role and
// separators), OpenAI's documented estimate for its chat format.
const perMessage = 4

// transcript is a conversation as the model reads it.
type transcript struct {
	tokens []int // per message, framing included
	model  []bool
}

func (t *transcript) add(role, content string) error {
	n, err := tokens.Count(tokens.O200kBase, role+"\n"+content)
	if err != nil {
		return err
	}
	t.tokens = append(t.tokens, n+perMessage)
	t.model = append(t.model, role == "assistant")
	return nil
}

// toolCall renders an assistant tool call the way providers send it.
func toolCall(name string, args any) string {
	b, _ := json.Marshal(map[string]any{"name": name, "arguments": args})
	return string(b)
}

// Cost is what one transcript costs.
type Cost struct {
	// ModelTurns is the number of model responses.
	ModelTurns int
	// ContextTokens is the size of the final conversation.
	ContextTokens int
	// InputTokens is what the model read over all its turns: each turn
	// rereads the conversation so far.
	InputTokens int
	// OutputTokens is what the model wrote.
	OutputTokens int
}

func (t *transcript) cost() Cost {
	var c Cost
	for i, n := range t.tokens {
		if t.model[i] {
			c.ModelTurns++
			c.InputTokens += c.ContextTokens
			c.OutputTokens += n
		}
		c.ContextTokens += n
	}
	return c
}
