package golist

import "testing"

// TestIdle: the work WhileListing sets is done once, by the next Idle,
// and WhileListing(nil) takes it back.
func TestIdle(t *testing.T) {
	n := 0
	WhileListing(func() { n++ })
	Idle()
	Idle()
	WhileListing(func() { n += 10 })
	WhileListing(nil)
	Idle()
	if n != 1 {
		t.Errorf("the work ran %d times, want once", n)
	}
}
