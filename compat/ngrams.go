package compat

import "encoding/binary"

// counter counts clipped n-gram matches of one segment, as every
// implementation here does: a hypothesis n-gram matches at most as often as
// it occurs in the one reference where it occurs most often. It interns the
// segment's words as integers so that an n-gram key is 4 bytes a word,
// and keeps its maps between segments. The zero counter is ready to use.
type counter struct {
	ids  map[string]uint32
	hyp  map[string]int
	ref  map[string]int
	max  map[string]int
	key  []byte
	hids []uint32
	rids []uint32
}

// segmentCounts are one segment's counts for orders 1..len(matches).
type segmentCounts struct {
	matches []int // clipped matches of order n at index n-1
	ngrams  []int // hypothesis n-grams of order n (max(0, len-n+1))
}

func (c *counter) intern(dst []uint32, words []string) []uint32 {
	dst = dst[:0]
	for _, w := range words {
		id, ok := c.ids[w]
		if !ok {
			id = uint32(len(c.ids))
			c.ids[w] = id
		}
		dst = append(dst, id)
	}
	return dst
}

// ngramKey returns the key of the n-gram ids[i:i+n].
func (c *counter) ngramKey(ids []uint32, i, n int) string {
	c.key = c.key[:0]
	for _, id := range ids[i : i+n] {
		c.key = binary.LittleEndian.AppendUint32(c.key, id)
	}
	return string(c.key)
}

// count fills out (resized to maxOrder) with the counts of hyp against refs.
func (c *counter) count(out *segmentCounts, hyp []string, refs [][]string, maxOrder int) {
	if c.ids == nil {
		c.ids = make(map[string]uint32)
		c.hyp = make(map[string]int)
		c.ref = make(map[string]int)
		c.max = make(map[string]int)
	}
	clear(c.ids)
	out.matches = resize(out.matches, maxOrder)
	out.ngrams = resize(out.ngrams, maxOrder)
	c.hids = c.intern(c.hids, hyp)
	for n := 1; n <= maxOrder; n++ {
		clear(c.hyp)
		clear(c.max)
		for i := 0; i+n <= len(c.hids); i++ {
			c.hyp[c.ngramKey(c.hids, i, n)]++
		}
		out.ngrams[n-1] = max(0, len(hyp)-n+1)
		if len(c.hyp) == 0 {
			continue
		}
		for _, r := range refs {
			c.rids = c.intern(c.rids, r)
			clear(c.ref)
			for i := 0; i+n <= len(c.rids); i++ {
				k := c.ngramKey(c.rids, i, n)
				if _, ok := c.hyp[k]; ok {
					c.ref[k]++
				}
			}
			for k, v := range c.ref {
				if v > c.max[k] {
					c.max[k] = v
				}
			}
		}
		m := 0
		for k, v := range c.hyp {
			m += min(v, c.max[k])
		}
		out.matches[n-1] = m
	}
}

func resize(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	s = s[:n]
	clear(s)
	return s
}
