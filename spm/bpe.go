package spm

// symbol is a symbol of the BPE merge: bytes [begin, end) of the
// normalized text (empty once merged into its left neighbour), its
// neighbours' indices (-1 at the ends) and whether it may merge at all.
type symbol struct {
	begin, end int32
	prev, next int32
	freeze     bool
}

// symbolPair is a candidate merge of symbols left and right into a piece
// of size bytes whose score is score.
type symbolPair struct {
	left, right int32
	size        int32
	score       float32
}

// before is the order of bpe_model.cc's agenda: higher scores first, then
// the leftmost pair.
func (a *symbolPair) before(b *symbolPair) bool {
	return a.score > b.score || (a.score == b.score && a.left < b.left)
}

// bpe is bpe::Model::SampleEncode without dropout, which is what Encode
// runs: the text is cut into characters and user-defined symbols (which
// never merge), and the best-scoring adjacent pair that is a piece of the
// vocabulary is merged until none is left; a final symbol that is an
// UNUSED piece is split back into the pair it was merged from.
func (m *Model) bpe(sc *scratch, norm string) []span {
	st := &sc.bpe
	st.m, st.norm, st.revMerge = m, norm, nil
	syms := st.syms[:0]
	for i := 0; i < len(norm); {
		l, freeze := len(norm)-i, false
		if m.user != nil {
			if ul := m.user.longestPrefix(norm[i:]); ul > 0 {
				l, freeze = ul, true
			}
		}
		if !freeze {
			l = min(oneCharLen(norm[i]), l)
		}
		n := int32(len(syms))
		next := n + 1
		if i+l == len(norm) {
			next = -1
		}
		syms = append(syms, symbol{begin: int32(i), end: int32(i + l), prev: n - 1, next: next, freeze: freeze})
		i += l
	}
	st.syms = syms
	st.queue = st.queue[:0]
	for i := int32(1); i < int32(len(syms)); i++ {
		st.add(i-1, i)
	}
	for len(st.queue) > 0 {
		top := st.queue.pop()
		l, r := &syms[top.left], &syms[top.right]
		if l.begin == l.end || r.begin == r.end || (l.end-l.begin)+(r.end-r.begin) != top.size {
			continue // stale
		}
		l.end = l.begin + top.size
		l.next = r.next
		if r.next >= 0 {
			syms[r.next].prev = top.left
		}
		r.end = r.begin
		st.add(l.prev, top.left)
		st.add(top.left, l.next)
	}
	spans := sc.spans[:0]
	for i := int32(0); i != -1 && len(syms) > 0; i = syms[i].next {
		spans = m.resegment(spans, norm, syms[i].begin, syms[i].end, st.revMerge)
	}
	st.m, st.norm, st.revMerge = nil, "", nil
	return spans
}

// bpeState is the state of one BPE encoding.
type bpeState struct {
	m        *Model
	norm     string
	syms     []symbol
	queue    pairQueue
	revMerge map[string][2]int32 // piece -> lengths of the pair it came from
}

// add queues the merge of symbols left and right if their concatenation
// is a piece (MaybeAddNewSymbolPair), noting the pair an UNUSED piece
// came from.
func (st *bpeState) add(left, right int32) {
	syms := st.syms
	if left < 0 || right < 0 || syms[left].freeze || syms[right].freeze {
		return
	}
	piece := st.norm[syms[left].begin:syms[right].end]
	id, ok := st.m.pieceIDs[piece]
	if !ok {
		return
	}
	st.queue.push(symbolPair{left: left, right: right, size: int32(len(piece)), score: st.m.pieces[id].score})
	if st.m.pieces[id].typ == typeUnused {
		if st.revMerge == nil {
			st.revMerge = make(map[string][2]int32)
		}
		st.revMerge[piece] = [2]int32{syms[left].end - syms[left].begin, syms[right].end - syms[right].begin}
	}
}

// resegment appends the piece [begin, end) of norm, split back into the
// pieces it was merged from while it is an UNUSED piece.
func (m *Model) resegment(spans []span, norm string, begin, end int32, revMerge map[string][2]int32) []span {
	w := norm[begin:end]
	id := m.pieceID(w)
	if m.pieces[id].typ != typeUnused {
		return append(spans, span{begin, end, id})
	}
	p, ok := revMerge[w]
	if !ok {
		return append(spans, span{begin, end, id})
	}
	spans = m.resegment(spans, norm, begin, begin+p[0], revMerge)
	return m.resegment(spans, norm, begin+p[0], end, revMerge)
}

// pairQueue is a binary heap of symbol pairs, the first by before on top.
type pairQueue []symbolPair

func (q *pairQueue) push(p symbolPair) {
	h := append(*q, p)
	i := len(h) - 1
	for i > 0 {
		parent := (i - 1) / 2
		if !h[i].before(&h[parent]) {
			break
		}
		h[i], h[parent] = h[parent], h[i]
		i = parent
	}
	*q = h
}

func (q *pairQueue) pop() symbolPair {
	h := *q
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		c := 2*i + 1
		if c >= len(h) {
			break
		}
		if c+1 < len(h) && h[c+1].before(&h[c]) {
			c++
		}
		if !h[c].before(&h[i]) {
			break
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
	*q = h
	return top
}
