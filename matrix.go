package bleu

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/go-bleu/bleu/internal/utf8x"
)

// SentenceMatrix returns the sentence BLEU of every hypothesis against
// every reference, with the defaults of [Sentence]: m[i][j] is
// Sentence(hyps[i], refs[j]).BLEU. See [Config.SentenceMatrix].
func SentenceMatrix(hyps, refs []string) ([][]float64, error) {
	return Config{EffectiveOrder: true}.SentenceMatrix(hyps, refs)
}

// SentenceMatrix returns the sentence BLEU under c of every hypothesis
// against every reference, each pair scored on its own (one reference per
// pair): m[i][j] equals c.Sentence(hyps[i], refs[j]).BLEU exactly. It is
// meant for all-pairs work such as aligning or filtering parallel data.
//
// Every text is normalized and tokenized once and its n-grams numbered;
// those that no text of the other side has are dropped, and a pair costs
// a lookup for each n-gram left of the reference in a table of the
// hypothesis's counts. The rows are shared out among GOMAXPROCS
// goroutines. It returns the errors of [Stats.Add] (wrapped with the
// index of the text), and before anything else the error of
// [Config.Validate]. c's Tokenizer and Normalizer must be safe for
// concurrent use; they run on the calling goroutine.
func (c Config) SentenceMatrix(hyps, refs []string) ([][]float64, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	order := c.order()
	f := c.formula()
	if len(refs) == 0 && len(hyps) > 0 {
		return nil, ErrNoReference
	}
	ix := ngramIndex{ids: map[string]uint32{}, pairs: map[uint64]uint32{}}
	var s Stats
	s.Config = c
	s.scratch = &scratch{}
	profile := func(texts []string, what string) ([]textNgrams, error) {
		out := make([]textNgrams, len(texts))
		for i, t := range texts {
			if !utf8x.Valid(t) {
				return nil, fmt.Errorf("%w in %s %d", ErrInvalidUTF8, what, i)
			}
			words, ok := s.words(&s.scratch.hyp, t)
			if !ok {
				return nil, fmt.Errorf("%w in the Normalizer's rewrite of %s %d", ErrInvalidUTF8, what, i)
			}
			out[i] = ix.profile(words, order)
		}
		return out, nil
	}
	hp, err := profile(hyps, "hypothesis")
	if err != nil {
		return nil, err
	}
	rp, err := profile(refs, "reference")
	if err != nil {
		return nil, err
	}
	shared := ix.keepShared(hp, rp)

	m := make([][]float64, len(hyps))
	cells := make([]float64, len(hyps)*len(refs))
	for i := range m {
		m[i] = cells[i*len(refs) : (i+1)*len(refs) : (i+1)*len(refs)]
	}
	workers := min(runtime.GOMAXPROCS(0), len(hyps))
	var wg sync.WaitGroup
	var next atomic.Int64 // the next row to score
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			counts := make([]int64, order)
			totals := make([]int64, order)
			memo := new(scoreMemo)
			// The counts of the row's hypothesis by n-gram id, 0 for
			// those it does not have.
			hypCounts := make([]int32, shared)
			for {
				i := int(next.Add(1)) - 1
				if i >= len(hyps) {
					return
				}
				h := &hp[i]
				for k, id := range h.ids {
					hypCounts[id] = h.counts[k]
				}
				for j := range rp {
					r := &rp[j]
					matchCounts(hypCounts, r, counts)
					for k := range totals {
						totals[k] = int64(max(0, h.len-k))
					}
					bp := brevityPenaltyMemo(int64(h.len), int64(r.len), memo)
					m[i][j] = fraction(f.percent(bp, counts, totals, nil, memo, false))
				}
				for _, id := range h.ids {
					hypCounts[id] = 0
				}
			}
		}()
	}
	wg.Wait()
	return m, nil
}

// ngramIndex numbers n-grams across texts: words by their text, and an
// n-gram of order k > 1 by the pair (id of its first k-1 words, id of its
// last word). Ids are unique across orders.
type ngramIndex struct {
	ids   map[string]uint32
	pairs map[uint64]uint32
	next  uint32
}

// textNgrams is a text's n-grams: their ids in ascending order with their
// counts and orders (0 = unigrams), and the number of words.
type textNgrams struct {
	ids    []uint32
	counts []int32
	orders []uint8
	len    int
}

func (ix *ngramIndex) profile(words []string, order int) textNgrams {
	wordIDs := make([]uint32, len(words))
	cur := make([]uint32, len(words)) // ids of the n-grams of the current order
	type entry struct {
		id    uint32
		order uint8
	}
	var all []entry
	for i, w := range words {
		id, ok := ix.ids[w]
		if !ok {
			id = ix.next
			ix.next++
			ix.ids[string([]byte(w))] = id // w may point into scratch space
		}
		wordIDs[i], cur[i] = id, id
		all = append(all, entry{id, 0})
	}
	for k := 1; k < order; k++ {
		for i := 0; i+k < len(words); i++ {
			key := uint64(cur[i])<<32 | uint64(wordIDs[i+k])
			id, ok := ix.pairs[key]
			if !ok {
				id = ix.next
				ix.next++
				ix.pairs[key] = id
			}
			cur[i] = id
			all = append(all, entry{id, uint8(k)})
		}
	}
	slices.SortFunc(all, func(a, b entry) int { return int(a.id) - int(b.id) })
	var t textNgrams
	t.len = len(words)
	for i, e := range all {
		if i > 0 && e.id == all[i-1].id {
			t.counts[len(t.counts)-1]++
			continue
		}
		t.ids = append(t.ids, e.id)
		t.counts = append(t.counts, 1)
		t.orders = append(t.orders, e.order)
	}
	return t
}

// keepShared drops from the n-grams of the hypotheses those that no
// reference has, and from those of the references those that no
// hypothesis has: they can match nothing, and most n-grams of order 3 and
// 4 are such. It numbers the n-grams left from 0 and returns how many
// there are, so that a matrix worker can hold the counts of a hypothesis
// in a small table indexed by id. A text's len, which gives its totals,
// stays.
func (ix *ngramIndex) keepShared(hyps, refs []textNgrams) int {
	side := make([]uint8, ix.next)
	for k, texts := range [][]textNgrams{hyps, refs} {
		for i := range texts {
			for _, id := range texts[i].ids {
				side[id] |= 1 << k
			}
		}
	}
	// New ids, in the order of the old ones.
	renum := make([]uint32, ix.next)
	shared := 0
	for id, sd := range side {
		if sd == 3 {
			renum[id] = uint32(shared)
			shared++
		}
	}
	for _, texts := range [][]textNgrams{hyps, refs} {
		for i := range texts {
			t := &texts[i]
			n := 0
			for k, id := range t.ids {
				if side[id] == 3 {
					t.ids[n], t.counts[n], t.orders[n] = renum[id], t.counts[k], t.orders[k]
					n++
				}
			}
			t.ids, t.counts, t.orders = t.ids[:n], t.counts[:n], t.orders[:n]
		}
	}
	return shared
}

// matchCounts sets counts to the clipped matches, by order, of the
// hypothesis whose counts by n-gram id are hypCounts against reference r.
func matchCounts(hypCounts []int32, r *textNgrams, counts []int64) {
	clear(counts)
	orders := r.orders[:len(r.ids)]
	rc := r.counts[:len(r.ids)]
	for k, id := range r.ids {
		counts[orders[k]] += int64(min(hypCounts[id], rc[k]))
	}
}
