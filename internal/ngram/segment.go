package ngram

// Segment is the sufficient statistics of one segment, as the counters
// (this package's Counter, and internal/charngram's) fill them: the
// hypothesis length, the closest reference length (CloserRef), and per
// n-gram order the clipped matches and the hypothesis n-grams. Its
// slices, of the order's length, belong to the caller, which makes them
// before the first count.
type Segment struct {
	HypLen, RefLen int
	Matches        []int64 // clipped matches by order, index 0 = unigrams
	Totals         []int64
}

// CloserRef reports whether a reference of l words is closer in length to
// a hypothesis of hypLen words than the closest one so far, of best words
// (best < 0: none yet). Closest means the smallest absolute difference,
// the shorter reference on a tie, as sacreBLEU's _get_closest_ref_len.
func CloserRef(hypLen, best, l int) bool {
	if best < 0 {
		return true
	}
	d, bestDiff := absInt(hypLen-l), absInt(hypLen-best)
	return d < bestDiff || (d == bestDiff && l < best)
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
