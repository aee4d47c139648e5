package chrf

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/internal/utf8x"
)

// SentenceMatrix returns the sentence chrF of every hypothesis against
// every candidate with sacreBLEU's defaults. See [Config.SentenceMatrix].
func SentenceMatrix(hyps, cands []string) ([][]float64, error) {
	return Config{}.SentenceMatrix(hyps, cands)
}

// SentenceMatrix returns the sentence chrF under c of every hypothesis
// against every candidate taken as the one reference: m[i][j] equals
// c.Sentence(hyps[i], cands[j]).ChrF exactly. It is meant for
// minimum-Bayes-risk decoding, where every sample is scored against every
// other (pass the same slice twice), and other all-pairs work.
//
// Every text's n-grams are counted once, numbered across all texts; those
// that no text of the other side has are dropped, so a pair costs a
// lookup for each distinct n-gram left of the candidate in a table of the
// hypothesis's counts. The rows are shared out among GOMAXPROCS
// goroutines. It returns the error of [Config.Validate], and errors
// wrapping [ErrInvalidUTF8] naming the text, and [ErrNoReference] when
// there are hypotheses but no candidates.
func (c Config) SentenceMatrix(hyps, cands []string) ([][]float64, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	if len(cands) == 0 && len(hyps) > 0 {
		return nil, ErrNoReference
	}
	p := c.params()
	pr := &profiler{p: p, cn: counter{p: p}, tokens: map[string]uint32{}}
	hp, err := pr.profiles(hyps, "hypothesis")
	if err != nil {
		return nil, err
	}
	cp, err := pr.profiles(cands, "candidate")
	if err != nil {
		return nil, err
	}
	shared := keepShared(hp, cp, int(pr.tab.next))

	m := make([][]float64, len(hyps))
	cells := make([]float64, len(hyps)*len(cands))
	for i := range m {
		m[i] = cells[i*len(cands) : (i+1)*len(cands) : (i+1)*len(cands)]
	}
	orders := p.nc + p.nw
	workers := min(runtime.GOMAXPROCS(0), len(hyps))
	var wg sync.WaitGroup
	var next atomic.Int64
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			counts := make([]uint32, shared)
			st := make([]int64, 3*orders)
			for {
				i := int(next.Add(1) - 1)
				if i >= len(hyps) {
					return
				}
				h := &hp[i]
				for _, e := range h.entries {
					counts[e.id] = e.count
				}
				for j := range cands {
					cd := &cp[j]
					for o := range orders {
						var match int64
						for _, e := range cd.order(o) {
							match += int64(min(counts[e.id], e.count))
						}
						st[3*o] = 0
						if cd.totals[o] > 0 {
							st[3*o] = h.totals[o]
						}
						st[3*o+1] = cd.totals[o]
						st[3*o+2] = match
					}
					m[i][j] = p.percent(st) / 100
				}
				for _, e := range h.entries {
					counts[e.id] = 0
				}
			}
		}()
	}
	wg.Wait()
	return m, nil
}

// entry is a distinct n-gram of a text and its count.
type entry struct{ id, count uint32 }

// profile is a text's n-grams: per order, the n-grams counted and the
// distinct ones with their counts.
type profile struct {
	totals  []int64 // n-grams of each order
	entries []entry // distinct n-grams, order by order
	off     []int32 // order o's are entries[off[o]:off[o+1]]
}

func (f *profile) order(o int) []entry { return f.entries[f.off[o]:f.off[o+1]] }

// profiler numbers the n-grams of many texts: an n-gram of order 1 is
// numbered by the table of (sentinel, item), one of order n by that of
// (number of its first n-1 items, its last item); numbers of different
// orders differ, so keys never collide across orders.
type profiler struct {
	p      params
	cn     counter // scratch for the characters of a text
	tab    table
	tokens map[string]uint32
	toks   []uint32
	ids    []uint32
	sorted []uint32
	fields []string
}

// Sentinels of order-1 keys: character and word unigrams.
const (
	charUnigram = 0xFFFFFFFF
	wordUnigram = 0xFFFFFFFE
	// maxNumbers keeps n-gram numbers below the sentinels.
	maxNumbers = 0xFFFFFFF0
)

var errTooManyNgrams = errors.New("chrf: too many distinct n-grams for SentenceMatrix (2^32)")

// profiles returns the profiles of texts, what naming them in errors.
func (pr *profiler) profiles(texts []string, what string) ([]profile, error) {
	out := make([]profile, len(texts))
	for i, t := range texts {
		if !validUTF8(t) {
			return nil, fmt.Errorf("%w in %s %d", ErrInvalidUTF8, what, i)
		}
		if err := pr.profile(&out[i], t); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// profile counts the n-grams of text t into f.
func (pr *profiler) profile(f *profile, t string) error {
	if pr.p.lowercase {
		t = py.Lower(t)
	}
	orders := pr.p.nc + pr.p.nw
	f.totals = make([]int64, orders)
	f.off = make([]int32, 1, orders+1)
	pr.cn.runes = pr.cn.runes[:0]
	if pr.p.nc > 0 {
		pr.cn.appendRunes(t)
	}
	runes := pr.cn.runes
	for n := 1; n <= pr.p.nc; n++ {
		if err := pr.order(f, n, len(runes), charUnigram, func(i int) uint32 { return uint32(runes[i]) }); err != nil {
			return err
		}
	}
	if pr.p.nw > 0 {
		pr.toks = pr.toks[:0]
		pr.fields = splitWords(pr.fields[:0], t, func(w string) {
			id, ok := pr.tokens[w]
			if !ok {
				id = uint32(len(pr.tokens))
				pr.tokens[w] = id
			}
			pr.toks = append(pr.toks, id)
		})
	}
	toks := pr.toks
	for n := 1; n <= pr.p.nw; n++ {
		if err := pr.order(f, n, len(toks), wordUnigram, func(i int) uint32 { return toks[i] }); err != nil {
			return err
		}
	}
	return nil
}

// order numbers the n-grams of order n of a text of length items (item i
// given by item) into pr.ids, and appends their distinct numbers with
// counts to f.
func (pr *profiler) order(f *profile, n, length int, sentinel uint64, item func(i int) uint32) error {
	pr.ids = grow(pr.ids, length)
	count := max(0, length-n+1)
	for i := range count {
		prev := sentinel
		if n > 1 {
			prev = uint64(pr.ids[i])
		}
		pr.ids[i] = pr.tab.internGrowing(prev<<32 | uint64(item(i+n-1)))
	}
	if pr.tab.next >= maxNumbers {
		return errTooManyNgrams
	}
	f.totals[len(f.off)-1] = int64(count)
	pr.sorted = append(pr.sorted[:0], pr.ids[:count]...)
	slices.Sort(pr.sorted)
	for i := 0; i < len(pr.sorted); {
		j := i + 1
		for j < len(pr.sorted) && pr.sorted[j] == pr.sorted[i] {
			j++
		}
		f.entries = append(f.entries, entry{pr.sorted[i], uint32(j - i)})
		i = j
	}
	f.off = append(f.off, int32(len(f.entries)))
	return nil
}

// keepShared drops from the profiles the n-grams that no profile of the
// other side has, renumbering the rest 0, 1, ...; it returns how many
// numbers are left.
func keepShared(hp, cp []profile, numbers int) int {
	const inHyp, inCand = 1, 2
	seen := make([]uint8, numbers)
	for _, side := range [...]struct {
		ps  []profile
		bit uint8
	}{{hp, inHyp}, {cp, inCand}} {
		for i := range side.ps {
			for _, e := range side.ps[i].entries {
				seen[e.id] |= side.bit
			}
		}
	}
	renum := make([]uint32, numbers)
	n := uint32(0)
	for id, s := range seen {
		if s == inHyp|inCand {
			renum[id] = n
			n++
		}
	}
	for _, ps := range [...][]profile{hp, cp} {
		for i := range ps {
			f := &ps[i]
			kept := f.entries[:0]
			start := 0
			for o := 1; o < len(f.off); o++ {
				for _, e := range f.entries[f.off[o-1]:f.off[o]] {
					if seen[e.id] == inHyp|inCand {
						kept = append(kept, entry{renum[e.id], e.count})
					}
				}
				f.off[o-1] = int32(start)
				start = len(kept)
			}
			f.off[len(f.off)-1] = int32(start)
			f.entries = kept
		}
	}
	return int(n)
}

// internGrowing is intern for a table that is never reset: it doubles
// the table when it is half full.
func (t *table) internGrowing(key uint64) uint32 {
	if t.slots == nil || int(t.next)*2 >= len(t.slots) {
		t.grow()
	}
	return t.intern(key)
}

// grow doubles t (16 slots at first), keeping its keys and numbers.
func (t *table) grow() {
	old, gen := t.slots, t.gen
	size := max(16, 2*len(old))
	bits := uint(0)
	for 1<<bits < size {
		bits++
	}
	t.slots = newTable[slot](size)
	if t.seed == 0 {
		t.seed = rand.Uint64() | 1
	}
	t.mask, t.shift, t.gen = uint64(size-1), 64-bits, 1
	for _, s := range old {
		if s.gen == gen {
			h := t.home(s.key)
			for t.slots[h].gen == t.gen {
				h = (h + 1) & t.mask
			}
			t.slots[h] = slot{key: s.key, val: s.val, gen: t.gen}
		}
	}
}

func validUTF8(s string) bool { return utf8x.Valid(s) }
