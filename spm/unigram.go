package spm

// bestNode is the best path ending at a byte position
// (unigram::Model::EncodeOptimized's BestPathNode).
type bestNode struct {
	id       int32
	score    float32
	startsAt int32
}

// unigram is unigram::Model::EncodeOptimized, the Viterbi search
// sentencepiece 0.1.97 encodes with, arithmetic included: a piece's score
// is added in double precision (a user-defined symbol scores
// length·max_score − 0.1, a double), compared with the float the best
// path keeps, and stored as a float; an unknown character's score is
// added in float. On equal scores the path found first stays: pieces
// starting earlier, then shorter pieces first.
func (m *Model) unigram(sc *scratch, norm string) []span {
	size := len(norm)
	if cap(sc.best) < size+1 {
		sc.best = make([]bestNode, size+1)
	}
	best := sc.best[:size+1]
	for i := range best {
		best[i] = bestNode{id: -1, startsAt: -1}
	}
	best[0].score = 0
	da := m.pieceArray
	for start := 0; start < size; {
		here := best[start].score
		mblen := min(oneCharLen(norm[start]), size-start)
		single := false
		n := int32(0)
		for pos := start; pos < size; {
			slot := da.base[n] ^ int32(norm[pos])
			if slot >= int32(len(da.check)) || da.check[slot] != n {
				break
			}
			n = slot
			pos++
			id := da.id[n]
			if id < 0 {
				continue
			}
			p := &m.scores[id]
			if p.typ == typeUnused {
				continue
			}
			length := pos - start
			var score float64
			if p.typ == typeUserDefined {
				score = float64(float32(float32(length)*m.maxScore)) - 0.1
			} else {
				score = float64(p.score)
			}
			cand := score + float64(here)
			if target := &best[pos]; target.startsAt == -1 || cand > float64(target.score) {
				*target = bestNode{id: id, score: float32(cand), startsAt: int32(start)}
			}
			if length == mblen {
				single = true
			}
		}
		if !single {
			cand := m.unkScore + here
			if target := &best[start+mblen]; target.startsAt == -1 || cand > target.score {
				*target = bestNode{id: m.unkID, score: cand, startsAt: int32(start)}
			}
		}
		start += mblen
	}
	// Backtrack from the end, then put the pieces in order.
	spans := sc.spans[:0]
	for end := size; end > 0; {
		nd := best[end]
		if nd.startsAt < 0 || int(nd.startsAt) >= end {
			break // unreachable: every character start has a path
		}
		spans = append(spans, span{nd.startsAt, int32(end), nd.id})
		end = int(nd.startsAt)
	}
	for i, j := 0, len(spans)-1; i < j; i, j = i+1, j-1 {
		spans[i], spans[j] = spans[j], spans[i]
	}
	return spans
}
