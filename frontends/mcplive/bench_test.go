package mcplive

import (
	"bufio"
	"context"
	"io"
	"os/exec"
	"testing"
)

// BenchmarkSnapshot100 is tscg snapshot's cost on a 100-tool go-sdk
// stdio server (one page); BenchmarkBareInitialize is the same server
// started, answering initialize and killed. The difference is what
// snapshot adds beyond the server's own start (issue 26: under 50 ms).
func BenchmarkSnapshot100(b *testing.B) {
	srv := Server{Command: []string{goServer(b), "-tools", "100", "-page", "1000"}}
	for b.Loop() {
		s, err := Take(context.Background(), srv, Limits{})
		if err != nil || len(s.Tools) != 100 {
			b.Fatalf("%v (%d tools)", err, len(s.Tools))
		}
		_ = s.JSON()
	}
}

const bareInitialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}` + "\n"

func BenchmarkBareInitialize(b *testing.B) {
	server := goServer(b)
	for b.Loop() {
		cmd := exec.Command(server, "-tools", "100", "-page", "1000")
		in, _ := cmd.StdinPipe()
		out, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		io.WriteString(in, bareInitialize)
		if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
			b.Fatal(err)
		}
		cmd.Process.Kill()
		cmd.Wait()
	}
}
