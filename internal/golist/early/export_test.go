package early

// The helpers of this package's tests, for its external tests
// (run_test.go), which run internal/golist.
var (
	Module       = module
	AbsolutePath = absolutePath
)
