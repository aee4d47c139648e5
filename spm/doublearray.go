package spm

// A double array of the piece trie, for the unigram model's Viterbi
// search, which walks the trie from every character of the text: a
// transition is two loads, as in sentencepiece's darts-clone trie.
// Children of node n with labels c sit at base[n]^c, each marked with its
// parent in check.

type doubleArray struct {
	base  []int32
	check []int32 // parent of each slot, -1 for a free slot
	id    []int32 // the piece ending at each slot, or -1
}

// newDoubleArray lays the nodes of t out in a double array.
func newDoubleArray(t *trie) *doubleArray {
	n := len(t.nodes) + 256
	d := &doubleArray{base: make([]int32, 1, n), check: make([]int32, 1, n), id: make([]int32, 1, n)}
	d.check[0], d.id[0] = -2, t.nodes[0].id // the root: used, no parent
	type item struct{ node, slot int32 }
	queue := make([]item, 1, len(t.nodes))
	queue[0] = item{0, 0}
	free := int32(1) // no free slot below
	for qi := 0; qi < len(queue); qi++ {
		it := queue[qi]
		nd := t.nodes[it.node]
		if nd.n == 0 {
			continue
		}
		labels := t.labels[nd.first : nd.first+nd.n]
		for free < int32(len(d.check)) && d.check[free] != -1 {
			free++
		}
		b := d.findBase(free, labels)
		d.base[it.slot] = b
		for j, c := range labels {
			p := b ^ int32(c)
			d.grow(p)
			d.check[p] = it.slot
			child := t.next[nd.first+int32(j)]
			d.id[p] = t.nodes[child].id
			queue = append(queue, item{child, p})
		}
	}
	return d
}

// findBase returns a base at which every label's slot is free, trying
// the bases that put the first label at a free slot from free on.
func (d *doubleArray) findBase(free int32, labels []byte) int32 {
	for p := free; ; p++ {
		if p < int32(len(d.check)) && d.check[p] != -1 {
			continue
		}
		b := p ^ int32(labels[0])
		if b <= 0 {
			continue // base 0 would put a child at the root's slot
		}
		ok := true
		for _, c := range labels[1:] {
			if q := b ^ int32(c); q < int32(len(d.check)) && d.check[q] != -1 {
				ok = false
				break
			}
		}
		if ok {
			return b
		}
	}
}

// grow extends the arrays to hold slot p, the new slots free.
func (d *doubleArray) grow(p int32) {
	for int32(len(d.check)) <= p {
		d.base = append(d.base, 0)
		d.check = append(d.check, -1)
		d.id = append(d.id, -1)
	}
}
