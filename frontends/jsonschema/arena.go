package jsonschema

// arena hands out the nodes, members and elements of one JSON Lines
// record's parse tree from chunks that the next record reuses: a record's
// tree is garbage once its tools are converted (loader.stream), and on
// all of BFCL the trees were ~40 MB of the ~90 MB lint allocates, each
// megabyte of it paid for again in collections (bench/lint.md, Step 9).
// A parser without an arena allocates each node on its own, for trees
// that are kept (a whole file, a schema document).
type arena struct {
	nodes   chunks[node]
	members chunks[member]
	elems   chunks[*node]
}

// node returns a node to be overwritten whole.
func (a *arena) node() *node { return &a.nodes.take(1)[0] }

// reset makes every chunk reusable; nothing handed out before may be used
// after it.
func (a *arena) reset() {
	a.nodes.reset()
	a.members.reset()
	a.elems.reset()
}

// chunkLen is the length of one chunk: a BFCL record's tree fits in one
// or a few of each.
const chunkLen = 1024

// chunks is a list of fixed-size slices handed out in pieces.
type chunks[T any] struct {
	bufs [][]T
	cur  int // the chunk being handed out
	used int // how much of bufs[cur] is handed out
}

// take returns n elements of stale contents, for the caller to overwrite,
// capped at n so that an append cannot reach its neighbours.
func (c *chunks[T]) take(n int) []T {
	if n > chunkLen {
		return make([]T, n)
	}
	for {
		if c.cur == len(c.bufs) {
			c.bufs = append(c.bufs, make([]T, chunkLen))
		}
		if c.used+n <= chunkLen {
			s := c.bufs[c.cur][c.used : c.used+n : c.used+n]
			c.used += n
			return s
		}
		c.cur, c.used = c.cur+1, 0
	}
}

func (c *chunks[T]) reset() { c.cur, c.used = 0, 0 }
