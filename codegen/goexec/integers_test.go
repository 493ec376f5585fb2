package goexec

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tscg/tscg/examples/agent/weather"
	"github.com/tscg/tscg/runtime"
)

type maxResults struct{ got *int64 }

func (m *maxResults) SearchDocuments(_ context.Context, in *weather.SearchDocumentsParams) (*weather.SearchDocumentsResult, error) {
	m.got = in.MaxResults
	return &weather.SearchDocumentsResult{Hits: []weather.DocumentHit{}}, nil
}

// TestGeneratedExecutorIntegers runs issue 18's integer spellings through
// a generated Go executor (max_results: an integer from 1 to 50, an
// *int64), strict and lenient: an integer the schema accepts arrives as
// its exact int64, one beyond int64 is refused naming the parameter and
// the range, and neither path disagrees with the other on the verdict.
func TestGeneratedExecutorIntegers(t *testing.T) {
	for _, lenient := range []bool{false, true} {
		impl := &maxResults{}
		reg := runtime.NewRegistry(runtime.WithLenient(lenient))
		must(t, reg.Register(weather.SearchDocumentsTool(impl)))
		for _, c := range []struct{ sent, want string }{
			{"1.0", "1"},
			{"5e1", "50"},
			{"-0", "/max_results: expected an integer from 1 to 50"},
			{"1e3", "/max_results: expected an integer from 1 to 50"},
			{"9007199254740993", "/max_results: expected an integer from 1 to 50"},
			{"1e19", "/max_results: expected an integer from 1 to 50"},
			{"1e308", "/max_results: expected an integer from 1 to 50"},
			{"1.5", "/max_results: expected an integer from 1 to 50, got 1.5"},
		} {
			impl.got = nil
			res := reg.Dispatch(context.Background(), runtime.Call{Name: "search_documents",
				Arguments: json.RawMessage(`{"query":"q","max_results":` + c.sent + `}`)})
			got := res.Content
			if !res.IsError && impl.got != nil {
				got = fmt.Sprint(*impl.got)
			}
			if !lenient && (c.sent == "1e19" || c.sent == "1e308") {
				c.want += " within the tool's Go int64 range (-9223372036854775808 to 9223372036854775807), got " + c.sent
			}
			if !strings.Contains(got, c.want) || res.IsError != strings.HasPrefix(c.want, "/") {
				t.Errorf("lenient=%v %s: %v %s; want %s", lenient, c.sent, res.IsError, res.Content, c.want)
			}
		}
	}
}
