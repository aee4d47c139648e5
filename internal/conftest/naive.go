package conftest

import (
	"reflect"
	"strings"

	"github.com/google/go-cmp/cmp"
)

// Counts are the sufficient statistics of one segment as the counters of
// internal/ngram and internal/charngram fill their ngram.Segment, which
// converts to Counts (the two have the same fields): the hypothesis
// length, the closest reference length, and per order the clipped matches
// and the hypothesis n-grams.
type Counts struct {
	HypLen, RefLen int
	Matches        []int64
	Totals         []int64
}

// Naive computes the statistics of one segment the obvious way, with a
// map of n-grams per text: the reference that the counters must match.
func Naive(hyp []string, refs [][]string, order int) Counts {
	return NaiveBy(hyp, refs, order, func(words []string, k int) map[string]int {
		m := map[string]int{}
		for i := 0; i+k <= len(words); i++ {
			m[strings.Join(words[i:i+k], "\x00")]++
		}
		return m
	})
}

// NaiveBy is Naive with count(words, k) counting the n-grams of order k
// of words, under keys of its choosing.
func NaiveBy[K comparable](hyp []string, refs [][]string, order int, count func(words []string, k int) map[K]int) Counts {
	st := Counts{HypLen: len(hyp), RefLen: -1, Matches: make([]int64, order), Totals: make([]int64, order)}
	for _, r := range refs {
		// The closest length, the shorter on a tie (sacreBLEU's
		// _get_closest_ref_len).
		d, best := absInt(len(hyp)-len(r)), absInt(len(hyp)-st.RefLen)
		if st.RefLen < 0 || d < best || (d == best && len(r) < st.RefLen) {
			st.RefLen = len(r)
		}
	}
	for k := range order {
		st.Totals[k] = int64(max(0, len(hyp)-k))
		maxRef := map[K]int{}
		for _, r := range refs {
			for g, n := range count(r, k+1) {
				maxRef[g] = max(maxRef[g], n)
			}
		}
		for g, n := range count(hyp, k+1) {
			st.Matches[k] += int64(min(n, maxRef[g]))
		}
	}
	return st
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// DiffCounts returns "" when a and b are equal and their cmp.Diff
// otherwise; reflect.DeepEqual is quick in the common case, where cmp.Diff
// would take most of a test's time.
func DiffCounts(a, b Counts) string {
	if reflect.DeepEqual(a, b) {
		return ""
	}
	return cmp.Diff(a, b)
}

// Naive4 is Naive for order 4, with n-grams as arrays of word numbers:
// quicker on segments of a hundred thousand words.
func Naive4(hyp []string, refs [][]string) Counts {
	num := map[string]int32{}
	return NaiveBy(hyp, refs, 4, func(words []string, k int) map[[4]int32]int {
		m := map[[4]int32]int{}
		var g [4]int32
		for i := 0; i+k <= len(words); i++ {
			for j := range k {
				id, ok := num[words[i+j]]
				if !ok {
					id = int32(len(num)) + 1
					num[words[i+j]] = id
				}
				g[j] = id
			}
			m[g]++
		}
		return m
	})
}
