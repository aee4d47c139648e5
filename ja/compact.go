package ja

// Compaction of the lattice of a long line. The cut (lattice.go) forgets
// the nodes before an offset that every path passes through, but a line
// may have none (a long run of katakana: unknown words of one and two
// characters overlap everywhere), and then every node of the line stayed,
// hundreds of bytes a byte. Most of those nodes are dead: only the nodes
// ending at the current offset or later can still be connected to, and of
// the others only their best predecessors, back to the start, can still be
// on the best path. compact keeps those and drops the rest, and where all
// that is kept descends from one node, the path up to that node is decided:
// its words are output and the node takes BOS's place, as in a cut. Every
// later step sees the same nodes, costs and list orders as before, so the
// result is MeCab's. It runs whenever the nodes have doubled since the
// last compaction, which keeps its cost linear in the line.

// minCompact is the number of nodes below which compact does not run.
const minCompact = 1 << 12

// compact drops the dead nodes of the lattice at offset pos, where reach
// is the furthest end of a node, and appends to dst the words decided.
func (l *lattice) compact(dst []string, s string, pos, reach int) []string {
	n := len(l.nodes)
	if cap(l.remap) < n {
		l.remap, l.kids, l.child = make([]int32, n), make([]int32, n), make([]int32, n)
	}
	remap, kids, child := l.remap[:n], l.kids[:n], l.child[:n]
	for i := range n {
		remap[i], kids[i] = -1, 0
	}
	const marked, live = -2, -3
	// Mark the live nodes and their chains of best predecessors.
	for q := pos; q <= reach; q++ {
		for j := l.endHead[q]; j >= 0; j = l.nodes[j].enext {
			for v := j; v >= 0 && remap[v] == -1; v = l.nodes[v].prev {
				remap[v] = marked
				if p := l.nodes[v].prev; p >= 0 {
					kids[p]++
					child[p] = v
				}
			}
			remap[j] = live
		}
	}
	// The decided chain: from the root while a node is not live and has
	// one child kept.
	d := int32(0)
	for remap[d] != live && kids[d] == 1 {
		d = child[d]
		nd := &l.nodes[d]
		dst = append(dst, s[nd.begin:nd.end])
	}
	for v := l.nodes[d].prev; v >= 0; v = l.nodes[v].prev {
		remap[v] = -1 // output: dropped
	}
	// Renumber in index order, d first (every node kept descends from it,
	// and a node's predecessors come before it).
	k := int32(0)
	for i := int(d); i < n; i++ {
		if remap[i] != -1 {
			remap[i] = k
			k++
		}
	}
	for i := int(d); i < n; i++ {
		j := remap[i]
		if j < 0 {
			continue
		}
		nd := l.nodes[i]
		if nd.prev >= 0 && int32(i) != d {
			nd.prev = remap[nd.prev]
		} else {
			nd.prev = -1
		}
		if nd.enext >= 0 && int(nd.end) >= pos {
			nd.enext = remap[nd.enext] // a node of the same list: live, kept
		} else {
			nd.enext = -1
		}
		l.nodes[j] = nd
	}
	l.nodes = l.nodes[:k]
	for q := l.done; q < pos; q++ {
		l.endHead[q] = -1 // connected to already: no longer needed
	}
	l.done = pos
	for q := pos; q <= reach; q++ {
		if h := l.endHead[q]; h >= 0 {
			l.endHead[q] = remap[h]
		}
	}
	return dst
}
