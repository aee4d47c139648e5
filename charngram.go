package bleu

import "unicode/utf8"

// This file counts the n-grams of the char tokenizer without tokens.
//
// The char tokenizer makes every character that is not whitespace a token
// of its own, so a hypothesis has as many tokens as characters, five times
// as many as with 13a, and the ways of ngram.go (a string and a hashed
// word key per token, sets of positions several words wide) spend most of
// their time on them. But a segment uses few distinct characters, so here
// nothing is hashed and no token is made:
//
//   - Each character gets a small id: the hypothesis's characters are
//     numbered from 1 in order of appearance, at most maxCharID of them,
//     and a reference character that is not in the hypothesis gets 0. A
//     table indexed by the code point (or, for a character above U+FFFF, a
//     number among the surrogates given per segment) holds the ids,
//     stamped with the segment so that it is never cleared. A text becomes
//     a string of ids, whitespace dropped, in one pass over its bytes.
//   - The hypothesis's distinct bigrams are numbered from 1 in a table
//     indexed by their two ids; its trigrams in one indexed by the number
//     of the bigram of their first two characters and the id of their
//     last; its 4-grams likewise from the trigram numbers. The tables are
//     arrays, stamped too, whose entries hold the number and the count of
//     an n-gram of the hypothesis. Unigrams are counted by id.
//   - One pass over the hypothesis counts all orders, by the position where
//     the n-grams end: the numbers of the bigram and the trigram ending
//     just before are all it needs to find the next trigram and 4-gram.
//   - One pass over the reference does the same with lookups: a reference
//     n-gram that the hypothesis lacks has a prefix numbered 0 or a last id
//     of 0, and falls on an entry that no hypothesis n-gram has, whose
//     stamp is old. Clipping: each reference occurrence of an n-gram takes
//     one of the hypothesis's occurrences from its count while any is
//     left, which makes min(h, r) matches.
//
// A segment is counted the other way when it has several references (the
// clip is then the largest count in any one of them), when the order is
// above 4, when the hypothesis has more than maxCharHyp characters or more
// than maxCharID distinct ones, or when a text has more than charAstralIDs
// distinct characters above U+FFFF or is not valid UTF-8 (which only a
// Normalizer can make it). The tables take about 530 KB, so a Stats that
// scores a single segment (Config.Sentence) counts it the other way too.

const (
	// maxCharHyp is the longest hypothesis, in characters, counted here:
	// the numbers and counts of its n-grams then have charNumBits bits.
	maxCharHyp = 1<<charNumBits - 1

	// An entry of the n-gram tables is gen<<charGenShift | number<<10 |
	// count, gen having the other 12 bits.
	charNumBits  = 10
	charNumMask  = 1<<charNumBits - 1
	charGenShift = 2 * charNumBits
	charGenMask  = 1<<(32-charGenShift) - 1

	// charIDBits is the size of a character id, 0 standing for none.
	charIDBits = 6
	maxCharID  = 1<<charIDBits - 1

	// charAstralIDs is the number of surrogates, which are not characters,
	// for the characters above U+FFFF in one segment.
	charAstralIDs = 0xE000 - 0xD800
)

// charCounter is the scratch space of the char tokenizer's counting. It
// is not safe for concurrent use.
type charCounter struct {
	gen uint32 // the segment's stamp, not 0
	// The id of the character of code point u in the segment stamped gen,
	// as gen<<8 | id: ascii[u] for ASCII, wide[u] for the others (made at
	// the first).
	ascii  [utf8.RuneSelf]uint32
	wide   *[1 << 16]uint32
	nextID uint32
	// astral numbers the characters above U+FFFF of the segment, among
	// the surrogates.
	astral map[rune]uint16

	hyp, ref []uint8 // the texts as ids

	// The hypothesis's bigrams, trigrams and 4-grams (see charGenShift),
	// indexed by (id of the first character or number of the prefix)
	// <<charIDBits | id of the last character. Made at first use.
	bi        *[1 << (2 * charIDBits)]uint32
	tri, quad *[1 << (charNumBits + charIDBits)]uint32
	uni       [maxCharID + 1]uint32 // the hypothesis's unigrams by id
}

// segment counts one segment whose texts have been normalized, into st.
// It returns false, having changed nothing in st, when the segment is one
// to count the other way (see above).
func (c *charCounter) segment(st *segmentStats, hyp string, refs []string) bool {
	order := len(st.matches)
	if order > 4 || len(refs) != 1 {
		return false
	}
	c.gen = (c.gen + 1) & charGenMask
	if c.gen == 0 {
		// The stamps wrapped around: start again from clean tables.
		c.ascii = [len(c.ascii)]uint32{}
		if c.wide != nil {
			clear(c.wide[:])
		}
		if c.bi != nil {
			clear(c.bi[:])
			clear(c.tri[:])
			clear(c.quad[:])
		}
		c.gen = 1
	}
	c.nextID = 1
	clear(c.astral)
	var ok bool
	if c.hyp, ok = c.text(c.hyp[:0], hyp, true); !ok {
		return false
	}
	n := len(c.hyp)
	if n > maxCharHyp || c.nextID > maxCharID+1 {
		return false
	}
	if c.ref, ok = c.text(c.ref[:0], refs[0], false); !ok {
		return false
	}
	if c.bi == nil {
		c.bi = new([1 << (2 * charIDBits)]uint32)
		c.tri = new([1 << (charNumBits + charIDBits)]uint32)
		c.quad = new([1 << (charNumBits + charIDBits)]uint32)
	}
	c.countHyp()
	got := c.match()
	st.hypLen, st.refLen = n, len(c.ref)
	for k := range order {
		st.totals[k] = int64(max(0, n-k))
		st.matches[k] = int64(got[k])
	}
	return true
}

// text appends to dst the ids of the characters of s that are not
// whitespace, numbering new ones if hyp. It reports false when s is not
// valid UTF-8 or has too many distinct characters above U+FFFF; the
// caller checks the number of ids.
func (c *charCounter) text(dst []uint8, s string, hyp bool) ([]uint8, bool) {
	// At most one id a byte: room for them all saves append's checks.
	if cap(dst) < len(s) {
		dst = make([]uint8, 0, len(s))
	}
	buf, k := dst[:len(dst)+len(s)], len(dst)
	ids, gen := &c.ascii, c.gen
	next := c.nextID
	i := 0
	for i < len(s) {
		// Eight ASCII bytes at a time.
		for i+8 <= len(s) {
			x := load64(s, i)
			if x&swarHigh != 0 {
				break
			}
			dst := (*[8]uint8)(buf[k : k+8])
			if hyp {
				var n int
				n, next = hypBlock(x, dst, ids, gen, next)
				k += n
			} else {
				k += refBlock(x, dst, ids, gen)
			}
			i += 8
		}
		if i >= len(s) {
			break
		}
		b := s[i]
		var r rune
		var w int
		switch {
		case b < utf8.RuneSelf:
			r, w = rune(b), 1
		case b&0xE0 == 0xC0 && b >= 0xC2 && i+1 < len(s) && s[i+1]&0xC0 == 0x80:
			// Two bytes, the commonest case of European text.
			r, w = rune(b&0x1F)<<6|rune(s[i+1]&0x3F), 2
		default:
			if r, w = utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && w == 1 {
				return dst, false
			}
		}
		i += w
		if isPySpace(r) {
			continue
		}
		if r > 0xFFFF {
			u, ok := c.astral[r]
			if !ok {
				if len(c.astral) == charAstralIDs {
					return dst, false
				}
				if c.astral == nil {
					c.astral = make(map[rune]uint16)
				}
				u = uint16(0xD800 + len(c.astral))
				c.astral[r] = u
			}
			r = rune(u)
		}
		e := c.id(r)
		switch v := *e; {
		case v>>8 == gen:
			buf[k] = uint8(v)
		case hyp:
			*e = gen<<8 | next&0xFF
			buf[k] = uint8(next)
			next++
		default:
			buf[k] = 0
		}
		k++
	}
	c.nextID = next
	return buf[:k], true
}

// id returns the entry of the id of the character of code point r (or
// surrogate, for astral characters).
func (c *charCounter) id(r rune) *uint32 {
	if r < utf8.RuneSelf {
		return &c.ascii[r]
	}
	if c.wide == nil {
		c.wide = new([1 << 16]uint32)
	}
	return &c.wide[uint16(r)]
}

// countHyp fills the tables with the n-grams of the hypothesis in c.hyp,
// by the position where they end. A new bigram or trigram is numbered
// with that position: the numbers need to be distinct, not dense.
func (c *charCounter) countHyp() {
	uni, bi, tri, quad := &c.uni, c.bi, c.tri, c.quad
	*uni = [len(uni)]uint32{}
	gen := c.gen << charGenShift
	// The id, bigram number and trigram number ending just before.
	var id1, num2, num3 uint32
	for e, id := range c.hyp {
		uni[id&maxCharID]++
		x := uint32(id)
		if e > 0 {
			// An entry's number<<charNumBits | count if its stamp is gen,
			// else that of a new n-gram numbered e. Without branches:
			// whether an n-gram is new is hard to predict.
			first := uint32(e) << charNumBits
			i := (id1<<charIDBits | x) & (1<<(2*charIDBits) - 1)
			v := bi[i] ^ gen
			old := -uint32(b2i(v < 1<<charGenShift))
			v = v&old | first&^old
			bi[i] = v + 1 | gen
			if e > 1 {
				i := uint16(num2<<charIDBits | x)
				w := tri[i] ^ gen
				old := -uint32(b2i(w < 1<<charGenShift))
				w = w&old | first&^old
				tri[i] = w + 1 | gen
				if e > 2 {
					i := uint16(num3<<charIDBits | x)
					u := quad[i] ^ gen
					if u >= 1<<charGenShift {
						u = 0
					}
					quad[i] = u + 1 | gen
				}
				num3 = w >> charNumBits
			}
			num2 = v >> charNumBits
		}
		id1 = x
	}
}

// match matches the reference in c.ref against the hypothesis's n-grams,
// using up their counts, and returns the matches by order.
func (c *charCounter) match() [4]int {
	uni, bi, tri, quad := &c.uni, c.bi, c.tri, c.quad
	gen := c.gen << charGenShift
	var m1, m2, m3, m4 int
	var id1, num2, num3 uint32
	for e, id := range c.ref {
		// Id 0, not in the hypothesis, has a count of 0.
		u := &uni[id&maxCharID]
		t := b2i(*u != 0)
		*u -= uint32(t)
		m1 += t
		x := uint32(id)
		if e > 0 {
			i := (id1<<charIDBits | x) & (1<<(2*charIDBits) - 1)
			v := bi[i] ^ gen
			// Without branches: 0 if the stamp is not gen's (the bigram is
			// not in the hypothesis), and then no count is taken.
			v &= -uint32(b2i(v <= 1<<charGenShift-1))
			t := b2i(v&charNumMask != 0)
			bi[i] -= uint32(t)
			m2 += t
			if e > 1 {
				i := uint16(num2<<charIDBits | x)
				w := tri[i] ^ gen
				w &= -uint32(b2i(w <= 1<<charGenShift-1))
				t := b2i(w&charNumMask != 0)
				tri[i] -= uint32(t)
				m3 += t
				if e > 2 {
					i := uint16(num3<<charIDBits | x)
					u := quad[i] ^ gen
					u &= -uint32(b2i(u <= 1<<charGenShift-1))
					t := b2i(u&charNumMask != 0)
					quad[i] -= uint32(t)
					m4 += t
				}
				num3 = w >> charNumBits
			}
			num2 = v >> charNumBits
		}
		id1 = x
	}
	return [4]int{m1, m2, m3, m4}
}

// hypBlock writes to dst the ids of the eight ASCII bytes of x (the first
// in the low bits) that are not whitespace, numbering new characters from
// next, and returns how many it wrote and the next id.
func hypBlock(x uint64, dst *[8]uint8, ids *[utf8.RuneSelf]uint32, gen, next uint32) (int, uint32) {
	j := 0
	for range 8 {
		b := uint8(x)
		x >>= 8
		keep := int(charKeep[b&0x7F])
		v := ids[b&0x7F]
		// Without branches: a third of a hypothesis's characters are new.
		id := v & 0xFF
		isNew := b2i(v>>8 != gen) & keep
		if isNew != 0 {
			id = next
		}
		next += uint32(isNew)
		// A whitespace byte may get a stale id here: it is never read.
		ids[b&0x7F] = gen<<8 | id&0xFF
		dst[j&7] = uint8(id)
		j += keep
	}
	return j, next
}

// refBlock writes to dst the ids of the eight ASCII bytes of x (the first
// in the low bits) that are not whitespace, 0 for those not in the
// hypothesis, and returns how many it wrote.
func refBlock(x uint64, dst *[8]uint8, ids *[utf8.RuneSelf]uint32, gen uint32) int {
	j := 0
	for range 8 {
		b := uint8(x)
		x >>= 8
		v := ids[b&0x7F]
		// 0 if the stamp is not the segment's, without branches.
		id := v & 0xFF & -uint32(b2i(v>>8 == gen))
		dst[j&7] = uint8(id)
		j += int(charKeep[b&0x7F])
	}
	return j
}
