package pyexec

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestRenameArgs: published argument names go back to the parameters
// they are passed to; other keys and the values are untouched.
func TestRenameArgs(t *testing.T) {
	got, err := renameArgs(json.RawMessage(`{"from":"mon","to_date":{"d":[1,2.50]},"n":1}`), map[string]string{"from": "from_", "to_date": "to", "absent": "x"})
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(got, &m); err != nil {
		t.Fatal(err)
	}
	want := map[string]json.RawMessage{"from_": json.RawMessage(`"mon"`), "to": json.RawMessage(`{"d":[1,2.50]}`), "n": json.RawMessage(`1`)}
	if !reflect.DeepEqual(m, want) {
		t.Errorf("renameArgs = %s", got)
	}
	same := json.RawMessage(`{"a":1}`)
	if got, err := renameArgs(same, nil); err != nil || string(got) != string(same) {
		t.Errorf("without names: %s, %v", got, err)
	}
	if _, err := renameArgs(json.RawMessage(`[1]`), map[string]string{"a": "b"}); err == nil {
		t.Error("an array was renamed")
	}
}
