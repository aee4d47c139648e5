package ter

import (
	"fmt"
	"strings"
)

// worker is the scratch space of one goroutine: it tokenizes segments
// and computes their statistics.
type worker struct {
	tok   tokenizer
	words []string
	ids   map[string]int32
	hyp   []int32
	refs  [][]int32
	al    aligner
}

// keepCells is the most cells of a band a worker keeps room for after a
// segment: about 13 MB.
const keepCells = 1 << 20

// segment returns the statistics of one segment whose texts are valid
// UTF-8, as sacreBLEU's _compute_segment_statistics: the fewest edits
// against any reference, and the mean of the reference lengths (their sum
// divided by their number, correctly rounded, as Python's int / int).
//
// It returns an error wrapping ErrOverflow for a text of more than
// maxWords words, whose costs would not fit the aligner's int32 cells.
func (w *worker) segment(c *Config, hyp string, refs []string) (edits int64, refLen float64, err error) {
	if w.ids == nil {
		w.ids = make(map[string]int32)
	}
	clear(w.ids)
	for len(w.refs) < len(refs) {
		w.refs = append(w.refs, nil)
	}
	// Reference words get ids 0, 1, ...; hypothesis words in no
	// reference are all noWord.
	for k, r := range refs {
		w.words = w.tok.words(c, w.words[:0], r)
		if c.Normalized {
			// sacreBLEU tokenizes references twice (_cache_references
			// preprocesses them and _extract_reference_info again), and
			// normalizing is not idempotent: "squire's, x" becomes
			// "squire's , x", then "squire 's , x". Lowercasing and
			// removing punctuation are, so only Normalized needs the
			// second pass.
			w.words = w.tok.words(c, w.words[:0], strings.Join(w.words, " "))
		}
		if len(w.words) > maxWords {
			return 0, 0, fmt.Errorf("%w: reference %d has %d words, more than %d", ErrOverflow, k+1, len(w.words), maxWords)
		}
		ids := w.refs[k][:0]
		for _, word := range w.words {
			id, ok := w.ids[word]
			if !ok {
				id = int32(len(w.ids))
				w.ids[word] = id
			}
			ids = append(ids, id)
		}
		w.refs[k] = ids
	}
	w.words = w.tok.words(c, w.words[:0], hyp)
	if len(w.words) > maxWords {
		return 0, 0, fmt.Errorf("%w: the hypothesis has %d words, more than %d", ErrOverflow, len(w.words), maxWords)
	}
	w.hyp = w.hyp[:0]
	for _, word := range w.words {
		id, ok := w.ids[word]
		if !ok {
			id = noWord
		}
		w.hyp = append(w.hyp, id)
	}
	clear(w.words) // the strings are not kept alive
	best := int64(-1)
	total := int64(0)
	for _, r := range w.refs[:len(refs)] {
		e := int64(w.al.edits(w.hyp, r, len(w.ids)))
		total += int64(len(r))
		if best < 0 || e < best {
			best = e
		}
	}
	if cap(w.al.mat.cost) > keepCells {
		// A huge segment's scratch space is not kept for the ones to come.
		w.al = aligner{}
	}
	return best, float64(total) / float64(len(refs)), nil
}
