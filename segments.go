package bleu

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-bleu/bleu/internal/resample"
)

// Segments keeps the sufficient statistics of every segment of a corpus,
// one row per segment: the hypothesis length, the closest reference length,
// and per n-gram order the clipped matches and the hypothesis n-grams
// (2 + 2·MaxOrder integers). The corpus score is the score of the sum of
// the rows; the significance tests ([Segments.Bootstrap],
// [PairedBootstrap], [PairedRandomization]) score sums of resampled or
// exchanged rows without tokenizing again.
//
// A row takes one byte a value (10 bytes at order 4) while every value of
// every row is below 256, two while below 65,536, and four beyond; rows
// are kept in blocks, so adding never copies earlier rows (except once
// when a value first needs a wider integer).
//
// The zero value is ready to use with sacreBLEU's defaults; set the fields
// of the embedded [Config] before the first [Segments.Add] to change them,
// as for [Stats]. Tokenizer, Normalizer, Lowercase and MaxOrder must not
// change once segments have been added; Smooth, SmoothValue and
// EffectiveOrder may, and apply to every score computed afterwards.
//
// A Segments is not safe for concurrent use while segments are added. Once
// they are, its methods that only read (Len, Score, Stats, Bootstrap, and
// the paired tests) may be called from several goroutines at once,
// provided nobody changes its Config meanwhile. Copying a Segments that
// holds segments shares its rows with the copy; use one or the other.
type Segments struct {
	Config

	tok  Stats         // tokenizes and counts; only its scratch space is used
	rows resample.Rows // one row per segment
	sum  Stats         // the sum of the rows (its Config unused)
}

// Add adds one segment, a hypothesis and its references, exactly as
// [Stats.Add] does, keeping its statistics as a row of its own. It returns
// the errors of [Stats.Add], and an error when a count does not fit in 32
// bits (a segment of more than 4,294,967,295 words); the statistics are
// then unchanged. Like [Stats.Add] it returns an error when the options
// that shape the statistics changed since the first Add.
func (s *Segments) Add(hyp string, refs ...string) error {
	order := s.Config.order()
	if s.sum.matches != nil && len(s.sum.matches) != order {
		return fmt.Errorf("bleu: the segments held were added with MaxOrder %d, but the Config now says %d (Reset the Segments first)", len(s.sum.matches), order)
	}
	// s.tok only tokenizes and counts: its own totals are never read.
	s.tok.Config = s.Config
	seg, err := s.tok.add(hyp, refs)
	if err != nil {
		return err
	}
	if int64(seg.HypLen) > math.MaxUint32 || int64(seg.RefLen) > math.MaxUint32 {
		// Matches and totals never exceed the hypothesis length.
		return errors.New("bleu: a segment of more than 4294967295 words is too long for Segments")
	}
	if int64(s.rows.Len()) == maxSegments {
		return errors.New("bleu: more than 4294967294 segments are too many for Segments")
	}
	row := s.rows.Scratch(rowLen(order))
	row[0], row[1] = int64(seg.HypLen), int64(seg.RefLen)
	copy(row[2:], seg.Matches)
	copy(row[2+order:], seg.Totals)
	s.addRow(row, len(refs))
	return nil
}

// maxSegments bounds the number of segments so that a segment index fits
// in a uint32 and NumPy's bounded integers take their 32-bit path.
const maxSegments = resample.MaxRows

// addRow adds a checked row of statistics of a segment with nrefs
// references.
func (s *Segments) addRow(row []int64, nrefs int) {
	order := (len(row) - 2) / 2
	s.rows.Append(row)
	// s.sum keeps the totals with the bookkeeping Stats.add does.
	t := &s.sum
	if t.matches == nil {
		t.matches = make([]int64, order)
		t.totals = make([]int64, order)
		t.fp = s.Config.fingerprint()
		t.minRefs, t.maxRefs = nrefs, nrefs
	}
	t.segments++
	t.hypLen += row[0]
	t.refLen += row[1]
	for k := range order {
		t.matches[k] += row[2+k]
		t.totals[k] += row[2+order+k]
	}
	t.minRefs = min(t.minRefs, nrefs)
	t.maxRefs = max(t.maxRefs, nrefs)
}

// appendRow adds a row with one reference, for tests and benchmarks that
// make statistics without text.
func (s *Segments) appendRow(row []int64) { s.addRow(row, 1) }

// rowLen is the number of values in a row of statistics for order.
func rowLen(order int) int { return 2 + 2*order }

// Len returns the number of segments added.
func (s *Segments) Len() int { return s.sum.Len() }

// Score returns the corpus BLEU score of the segments added so far, as
// [Stats.Score] would (with the receiver's current scoring options).
func (s *Segments) Score() Score {
	st := s.Stats()
	return st.Score()
}

// Stats returns the corpus totals of the segments added so far as a new
// Stats of the caller's own, with the receiver's Config.
func (s *Segments) Stats() *Stats {
	st := s.sum.Clone()
	st.Config = s.Config
	return st
}

// Reset discards the segments, keeping the configuration (which may then
// change, as before the first Add).
func (s *Segments) Reset() {
	s.rows = resample.Rows{}
	s.sum = Stats{}
	s.tok.Reset()
}

// order is the MaxOrder of the rows, or of the Config before any Add.
func (s *Segments) order() int {
	if s.sum.matches != nil {
		return len(s.sum.matches)
	}
	return s.Config.order()
}

// totalsRow returns the totals of s as a row.
func (s *Segments) totalsRow() []int64 {
	t := make([]int64, 0, rowLen(len(s.sum.matches)))
	t = append(t, s.sum.hypLen, s.sum.refLen)
	t = append(t, s.sum.matches...)
	return append(t, s.sum.totals...)
}
