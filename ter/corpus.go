package ter

import (
	"context"
	"fmt"
	"math"

	"github.com/go-bleu/bleu/internal/parallel"
)

// Sentence returns the TER of one hypothesis against its references with
// sacreBLEU's defaults; see [Config.Sentence].
func Sentence(hyp string, refs ...string) (Score, error) {
	return Config{}.Sentence(hyp, refs...)
}

// Sentence returns the TER of one hypothesis against its references under
// c, exactly as sacreBLEU's TER(...).sentence_score. It returns the
// errors of [Stats.Add].
func (c Config) Sentence(hyp string, refs ...string) (Score, error) {
	s := Stats{Config: c}
	if err := s.Add(hyp, refs...); err != nil {
		return Score{}, err
	}
	return s.Score(), nil
}

// Corpus returns the corpus TER of hyps against the reference streams
// refs with sacreBLEU's defaults; see [Config.Corpus].
func Corpus(hyps []string, refs ...[]string) (Score, error) {
	return Config{}.Corpus(hyps, refs...)
}

// Corpus returns the corpus TER of hyps against the reference streams
// refs under c: refs[k][i] is the k-th reference of segment i, and every
// stream has one line per hypothesis, as in sacreBLEU's corpus_score. It
// adds the corpus to a new [Stats] with [Stats.AddCorpus] and returns its
// errors.
func (c Config) Corpus(hyps []string, refs ...[]string) (Score, error) {
	s := Stats{Config: c}
	if err := s.AddCorpus(hyps, refs...); err != nil {
		return Score{}, err
	}
	return s.Score(), nil
}

// AddCorpus adds the segments of a corpus: hyps[i] with its references
// refs[0][i], refs[1][i] and so on, every stream having one line per
// hypothesis. The segments are shared out among up to GOMAXPROCS
// goroutines, the calling one among them, and their statistics added to
// s in the order of the segments: the result is that of adding every
// segment in turn with [Stats.Add], to the last bit.
//
// It returns an error when a stream's length differs from len(hyps) or
// there are no streams, and otherwise the errors of [Stats.Add] for the
// first segment that has one, wrapped with its index; before anything
// else, the error of options that are not those of the statistics held.
// s is unchanged on error.
func (s *Stats) AddCorpus(hyps []string, refs ...[]string) error {
	return s.addCorpus(context.Background(), hyps, refs)
}

// addCorpus is AddCorpus, stopped with ctx's error when ctx is done.
func (s *Stats) addCorpus(ctx context.Context, hyps []string, refs [][]string) error {
	s.own()
	if err := s.optionsChanged(); err != nil {
		return err
	}
	if err := checkStreams(hyps, refs); err != nil || len(hyps) == 0 {
		return err
	}
	rows, err := s.Config.rows(ctx, hyps, refs)
	if err != nil {
		return err
	}
	return s.addRows(rows, len(refs))
}

// addRows adds the statistics of segments of nrefs references each, in
// order, as Add would; s is unchanged if a sum would overflow.
func (s *Stats) addRows(rows [][2]float64, nrefs int) error {
	// Summed apart first, so that s is unchanged should a sum overflow.
	segments, edits, refLen := s.segments, s.edits, s.refLen
	for i, r := range rows {
		e := int64(r[0])
		if segments == math.MaxInt || e > math.MaxInt64-edits || r[1] > maxRefLength-refLen {
			return &segmentError{i, fmt.Errorf("%w: cannot add a segment to %d segments", ErrOverflow, segments)}
		}
		segments, edits, refLen = segments+1, edits+e, refLen+r[1]
	}
	if len(rows) == 0 {
		return nil
	}
	if !s.held {
		s.hold()
		s.minRefs, s.maxRefs = nrefs, nrefs
	}
	s.segments, s.edits, s.refLen = segments, edits, refLen
	s.minRefs, s.maxRefs = min(s.minRefs, nrefs), max(s.maxRefs, nrefs)
	return nil
}

// Sentences returns the sentence TER of each hypothesis against its own
// references with sacreBLEU's defaults; see [Config.Sentences].
func Sentences(hyps []string, refs ...[]string) ([]float64, error) {
	return Config{}.Sentences(hyps, refs...)
}

// Sentences returns the sentence TER under c of each hypothesis against
// its own references, refs[k][i] being the k-th reference of hyps[i]:
// out[i] equals c.Sentence(hyps[i], refs[0][i], ...).TER exactly. The
// segments are shared out among up to GOMAXPROCS goroutines. It returns
// the errors of [Config.Corpus].
func (c Config) Sentences(hyps []string, refs ...[]string) ([]float64, error) {
	return c.sentences(hyps, refs, 0.01)
}

// SentencesPercent is [Config.Sentences] on sacreBLEU's 0–100 scale:
// out[i] equals c.Sentence(hyps[i], refs[0][i], ...).TERPercent.
func (c Config) SentencesPercent(hyps []string, refs ...[]string) ([]float64, error) {
	return c.sentences(hyps, refs, 1)
}

func (c Config) sentences(hyps []string, refs [][]string, scale float64) ([]float64, error) {
	if err := checkStreams(hyps, refs); err != nil {
		return nil, err
	}
	rows, err := c.rows(context.Background(), hyps, refs)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(rows))
	for i, r := range rows {
		p := percent(int64(r[0]), r[1])
		if scale != 1 {
			p /= 100
		}
		out[i] = p
	}
	return out, nil
}

// checkStreams returns the error of AddCorpus and Sentences for reference
// streams refs of hypotheses hyps: none, or of another length.
func checkStreams(hyps []string, refs [][]string) error {
	if len(refs) == 0 {
		return ErrNoReference
	}
	for k, r := range refs {
		if len(r) != len(hyps) {
			return fmt.Errorf("ter: reference stream %d has %d segments, the hypotheses %d", k+1, len(r), len(hyps))
		}
	}
	return nil
}

// Rows returns the statistics of every segment as sacreBLEU's
// _extract_corpus_statistics returns them, in its order: row i is
// [edits, mean reference length] of hyps[i] against refs[0][i],
// refs[1][i], .... They are the rows that significance tests resample
// (see [PercentFromFloat32Sums] and [PercentFromSums]). The segments are
// shared out among up to GOMAXPROCS goroutines. It returns the errors of
// [Config.Corpus].
func (c Config) Rows(hyps []string, refs ...[]string) ([][2]float64, error) {
	if err := checkStreams(hyps, refs); err != nil {
		return nil, err
	}
	return c.rows(context.Background(), hyps, refs)
}

// rows computes the statistics of every segment of a corpus whose streams
// have been checked, in parallel: a goroutine for every 4 segments at
// most, which claim 4 at a time, as one long segment can take as long as
// thousands of short ones. It returns the error of the first segment that
// has one, wrapped with its index, or ctx's error.
func (c Config) rows(ctx context.Context, hyps []string, refs [][]string) ([][2]float64, error) {
	out := make([][2]float64, len(hyps))
	if len(hyps) == 0 {
		return out, nil
	}
	j := parallel.New(len(hyps), parallel.Sizes{Share: 4, MinChunk: 4, MaxChunk: 4})
	err := j.Run(func(int) parallel.Failure {
		w := &worker{}
		segRefs := make([]string, len(refs))
		return j.Each(func(i int) error {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("ter: stopped before segment %d: %w", i, err)
			}
			for k, r := range refs {
				segRefs[k] = r[i]
			}
			err := checkSegment(hyps[i], segRefs)
			var e int64
			var l float64
			if err == nil {
				e, l, err = w.segment(&c, hyps[i], segRefs)
			}
			if err != nil {
				return &segmentError{i, err}
			}
			out[i] = [2]float64{float64(e), l}
			return nil
		})
	}, nil)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// AddCorpusRows is [Stats.AddCorpus] that also appends every segment's
// row (as [Config.Rows] returns them) to dst and returns it, computing
// each segment's TER once: what a significance test keeps of a system. On
// error s is unchanged and dst is returned as it was.
func (s *Stats) AddCorpusRows(dst [][2]float64, hyps []string, refs ...[]string) ([][2]float64, error) {
	s.own()
	if err := s.optionsChanged(); err != nil {
		return dst, err
	}
	if err := checkStreams(hyps, refs); err != nil || len(hyps) == 0 {
		return dst, err
	}
	rows, err := s.Config.rows(context.Background(), hyps, refs)
	if err != nil {
		return dst, err
	}
	if err := s.addRows(rows, len(refs)); err != nil {
		return dst, err
	}
	return append(dst, rows...), nil
}
