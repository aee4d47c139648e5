package compat

import "encoding/binary"

// counter counts clipped n-gram matches of one segment, as every
// implementation here does: a hypothesis n-gram matches at most as often as
// it occurs in the one reference where it occurs most often. It numbers the
// hypothesis's words, so that an n-gram key is 4 bytes a word, and the
// references' n-grams are looked up without allocating (a word the
// hypothesis lacks ends the lookup). It keeps its buffers between
// segments; the zero counter is ready to use.
type counter struct {
	ids    map[string]uint32
	index  map[string]int // hypothesis n-gram of the current order -> its slot
	hypCnt []int          // per slot: count in the hypothesis
	refCnt []int          // per slot: count in the current reference
	maxCnt []int          // per slot: largest count in a reference
	key    []byte
	hids   []uint32
	rids   [][]uint32
}

// absent is the number of a reference word that the hypothesis lacks.
const absent = ^uint32(0)

// segmentCounts are one segment's counts for orders 1..len(matches).
type segmentCounts struct {
	matches []int // clipped matches of order n at index n-1
	ngrams  []int // hypothesis n-grams of order n (max(0, len-n+1))
}

// keyOf returns the key of the n-gram ids[i:i+n] in c.key, or false if one
// of its words is absent from the hypothesis.
func (c *counter) keyOf(ids []uint32, i, n int) ([]byte, bool) {
	c.key = c.key[:0]
	for _, id := range ids[i : i+n] {
		if id == absent {
			return nil, false
		}
		c.key = binary.LittleEndian.AppendUint32(c.key, id)
	}
	return c.key, true
}

// count fills out (resized to maxOrder) with the counts of hyp against refs.
func (c *counter) count(out *segmentCounts, hyp []string, refs [][]string, maxOrder int) {
	if c.ids == nil {
		c.ids = make(map[string]uint32)
		c.index = make(map[string]int)
	}
	clear(c.ids)
	out.matches = resize(out.matches, maxOrder)
	out.ngrams = resize(out.ngrams, maxOrder)
	c.hids = c.hids[:0]
	for _, w := range hyp {
		id, ok := c.ids[w]
		if !ok {
			id = uint32(len(c.ids))
			c.ids[w] = id
		}
		c.hids = append(c.hids, id)
	}
	for len(c.rids) < len(refs) {
		c.rids = append(c.rids, nil)
	}
	for k, r := range refs {
		ids := c.rids[k][:0]
		for _, w := range r {
			id, ok := c.ids[w]
			if !ok {
				id = absent
			}
			ids = append(ids, id)
		}
		c.rids[k] = ids
	}
	for n := 1; n <= maxOrder; n++ {
		out.ngrams[n-1] = max(0, len(hyp)-n+1)
		out.matches[n-1] = c.matches(n, len(refs))
	}
}

// matches counts the clipped matches of order n against the first nrefs
// numbered references.
func (c *counter) matches(n, nrefs int) int {
	clear(c.index)
	c.hypCnt = c.hypCnt[:0]
	for i := 0; i+n <= len(c.hids); i++ {
		k, _ := c.keyOf(c.hids, i, n)
		if j, ok := c.index[string(k)]; ok {
			c.hypCnt[j]++
		} else {
			c.index[string(k)] = len(c.hypCnt)
			c.hypCnt = append(c.hypCnt, 1)
		}
	}
	if len(c.hypCnt) == 0 {
		return 0
	}
	c.maxCnt = resize(c.maxCnt, len(c.hypCnt))
	for _, ids := range c.rids[:nrefs] {
		c.refCnt = resize(c.refCnt, len(c.hypCnt))
		for i := 0; i+n <= len(ids); i++ {
			if k, ok := c.keyOf(ids, i, n); ok {
				if j, ok := c.index[string(k)]; ok {
					c.refCnt[j]++
				}
			}
		}
		for j, v := range c.refCnt {
			c.maxCnt[j] = max(c.maxCnt[j], v)
		}
	}
	m := 0
	for j, v := range c.hypCnt {
		m += min(v, c.maxCnt[j])
	}
	return m
}

func resize(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	s = s[:n]
	clear(s)
	return s
}
