package typescript

import "unsafe"

// chunkBytes is the size of the chunks that parse and IR nodes are carved
// from: one allocation serves hundreds of nodes. It is the largest size
// class of small objects, so that a chunk loses nothing to rounding up
// (64 types of 488 bytes would waste 5%); what a load leaves unused of
// its last chunks is never touched.
const chunkBytes = 32 << 10

// alloc returns the next zero value of *chunk, refilling it when empty.
// Nearly every node outlives the load, so chunks kept alive by a few
// discarded nodes waste little.
func alloc[T any](chunk *[]T) *T {
	if len(*chunk) == 0 {
		var zero T
		*chunk = make([]T, max(chunkBytes/int(unsafe.Sizeof(zero)), 1))
	}
	v := &(*chunk)[0]
	*chunk = (*chunk)[1:]
	return v
}

// val returns a pointer to a copy of v, carved from a per-load slab: the
// evaluator makes a value for nearly every expression it reads (a file of
// 200 zod schemas, about 20,000), most of them briefly.
func (r *resolver) val(v value) *value {
	p := alloc(&r.values)
	*p = v
	return p
}
