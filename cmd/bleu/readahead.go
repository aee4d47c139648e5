package main

import (
	"errors"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/chrf"
	"github.com/go-bleu/bleu/ter"
)

// Reading ahead. Reading and stripping the lines of a segment takes a
// fraction of the time of scoring it, so a goroutine of its own reads the
// segments in batches while the last batch is scored, itself in parallel
// with Stats.AddCorpus. Memory stays bounded: at most batchesAhead
// batches wait, besides the one being filled and the one being scored.
//
// The lines are not checked as UTF-8 when they are read: the library
// checks every text it scores, and refuses the segment. Only then are the
// segment's lines checked, in the order they were read, for the error
// message naming the file, the line and the byte (batch.failure). The
// errors come in the order of a line-by-line reading all the same.

const (
	// A batch ends at batchBytes of text or batchSegments segments,
	// whichever comes first: a few milliseconds of scoring, which makes
	// the cost of starting AddCorpus's goroutines small.
	batchBytes    = 1 << 20
	batchSegments = 4096
	batchesAhead  = 2
	// arenaSize is the room made for the lines of a batch (see
	// corpus.arena): its text, with some to spare for what is not
	// counted (line ends, trailing spaces, the last line).
	arenaSize      = batchBytes + batchBytes/4
	firstArenaSize = 4 << 10
)

// batch is a run of consecutive segments of a corpus.
type batch struct {
	first     int        // the index of its first segment in the corpus
	n         int        // segments
	hyps      [][]string // [system][segment]: the hypotheses
	refs      [][]string // [stream][segment]: the references
	tokenized []int      // [system]: hypotheses ending in " ."
	// The lines as read, not checked as UTF-8 nor stripped, are in
	// arena, one after the other in the order they were read: segment by
	// segment, and in each the inputs in the order the corpus reads them,
	// whose names are names. ends[j*len(names)+k] is where the line of
	// input k for segment j ends. (Offsets, not strings: pointers would
	// give the garbage collector a tenth more work.)
	arena string
	ends  []int
	names []string
	// err, when not nil, is where reading stopped: the batch holds the
	// segments before it, which come first.
	err error
}

// segment returns the references of segment j of b in refs, reused.
func (b *batch) segment(j int, refs []string) []string {
	refs = refs[:0]
	for _, r := range b.refs {
		refs = append(refs, r[j])
	}
	return refs
}

// readAhead reads the segments of a corpus on a goroutine of its own and
// sends them in batches; the last one sent has the error, if any. Until
// close has returned, that goroutine owns the corpus. The first batch is
// read before the goroutine starts, by the caller: an input that fits in
// it needs no goroutine, which saves small inputs the wake-ups of another
// processor.
type readAhead struct {
	batches chan *batch
	stop    chan struct{}
	done    chan struct{} // closed when the reading has ended
	closed  bool
}

// readAhead starts reading cp.
func (cp *corpus) readAhead() *readAhead {
	ra := &readAhead{
		batches: make(chan *batch, batchesAhead),
		stop:    make(chan struct{}),
		done:    make(chan struct{}),
	}
	for _, lr := range cp.readers() {
		lr.arena = &cp.arena
		lr.unchecked = true // see batch.failure
		cp.names = append(cp.names, lr.name)
	}
	// The first arena has room for the inputs when they are files of
	// known size, up to a batch's; else it grows as it fills: small
	// inputs stay small.
	first := int64(0)
	for _, lr := range cp.readers() {
		if lr.size < 0 {
			first = firstArenaSize
			break
		}
		first += lr.size
	}
	cp.newArena(int(min(max(first, firstArenaSize), arenaSize)))
	b, last := cp.readBatch(0, nil)
	ra.batches <- b // there is room
	if last {
		close(ra.batches)
		close(ra.done)
		return ra
	}
	go func() {
		defer close(ra.done)
		defer close(ra.batches)
		for !last {
			cp.newArena(arenaSize)
			b, last = cp.readBatch(b.first+b.n, ra.stop)
			if b == nil || !ra.send(b) {
				return
			}
		}
	}()
	return ra
}

// readBatch reads the batch of segments from first on: it returns it and
// whether it is the last, ended by the end of the input or an error. When
// stop is closed it returns nil, having read at most one more segment
// (from a pipe, it may be long in coming).
func (cp *corpus) readBatch(first int, stop <-chan struct{}) (b *batch, last bool) {
	b = &batch{first: first}
	defer func() {
		if b != nil {
			b.arena = cp.arena.String()
		}
	}()
	size, end := 0, 0
	for size < batchBytes && b.n < batchSegments {
		select {
		case <-stop:
			return nil, true
		default:
		}
		hyps, refs, ok, err := cp.next()
		if err != nil || !ok {
			b.err = err
			return b, true
		}
		if b.hyps == nil {
			b.hyps = make([][]string, len(hyps))
			b.refs = make([][]string, len(refs))
			b.tokenized = make([]int, len(hyps))
			b.names = cp.names
		}
		for _, l := range cp.read {
			end += len(l)
			b.ends = append(b.ends, end)
		}
		for i, h := range hyps {
			b.hyps[i] = append(b.hyps[i], h)
			size += len(h)
			if strings.HasSuffix(h, " .") {
				b.tokenized[i]++
			}
		}
		for k, r := range refs {
			b.refs[k] = append(b.refs[k], r)
			size += len(r)
		}
		b.n++
	}
	return b, false
}

// badLine returns the error of the first line of segment j of b that is
// not valid UTF-8, in the order they were read, or nil.
func (b *batch) badLine(j int) error {
	i := j * len(b.names)
	start := 0
	if i > 0 {
		start = b.ends[i-1]
	}
	for k, name := range b.names {
		end := b.ends[i+k]
		if err := utf8Error(name, b.first+j+1, []byte(b.arena[start:end])); err != nil {
			return err
		}
		start = end
	}
	return nil
}

// failure returns the error to report when adding segment j of b failed
// with err. When the library refused invalid UTF-8 it is the error of the
// line a line-by-line reading would have stopped at: the first of the
// segment's lines that is not valid UTF-8, in the order they were read
// (the segments before j have been scored, so theirs are valid).
func (b *batch) failure(j int, err error) error {
	if errors.Is(err, bleu.ErrInvalidUTF8) || errors.Is(err, chrf.ErrInvalidUTF8) || errors.Is(err, ter.ErrInvalidUTF8) {
		if bad := b.badLine(j); bad != nil {
			return bad
		}
	}
	msg := err.Error()
	for _, p := range [...]string{"bleu: ", "chrf: ", "ter: "} {
		msg = strings.TrimPrefix(msg, p)
	}
	return inputErrorf("bleu: line %d: %s", b.first+j+1, msg)
}

// send sends b, unless close stops the reading first.
func (ra *readAhead) send(b *batch) bool {
	select {
	case ra.batches <- b:
		return true
	case <-ra.stop:
		return false
	}
}

// close stops the reading, if it has not ended, and waits for its
// goroutine to return, which takes at most the reading of a line. It may
// be called more than once.
func (ra *readAhead) close() {
	if !ra.closed {
		ra.closed = true
		close(ra.stop)
	}
	<-ra.done
}

// addBatch adds the segments of b to systems, each system's in parallel
// when it is a [bleu.Stats]. An error is that of the first segment that
// has one, and of the first system among those it has for that segment,
// as adding segment by segment would give it; the systems are then not to
// be used.
func addBatch(systems []segmentAdder, b *batch) error {
	firstAt, firstErr := 0, error(nil)
	var refs []string
	for i, s := range systems {
		if st, ok := s.(*bleu.Stats); ok && st.AddCorpus(b.hyps[i], b.refs...) == nil {
			continue
		}
		// One segment at a time, to find the segment that fails (a Stats
		// is unchanged by an AddCorpus that fails).
		for j, h := range b.hyps[i] {
			refs = b.segment(j, refs)
			if err := s.Add(h, refs...); err != nil {
				if firstErr == nil || j < firstAt {
					firstAt, firstErr = j, err
				}
				break
			}
		}
	}
	if firstErr != nil {
		return b.failure(firstAt, firstErr)
	}
	return nil
}

// sentenceScorer scores the segments of batches one by one, in parallel,
// each goroutine with a Stats of its own kept from batch to batch (Reset,
// Add, Score: what Config.Sentence gives, without its setup per call).
type sentenceScorer struct {
	cfg   bleu.Config
	stats []*bleu.Stats
	// text formats a segment's score as a line of output; each goroutine
	// passes a signatures of its own.
	text func(bleu.Score, *signatures) string
	// number, when not nil, formats a segment's BLEU alone (-b), on the
	// 0–100 scale, which Config.SentencesPercent gives for a whole batch
	// faster than Stats.Score one by one: it keeps no Score and remembers
	// its logarithms.
	number func(percent float64) string
}

// sentenceChunk is the number of segments a goroutine claims at a time.
const sentenceChunk = 64

// score sets lines[j] to the line of segment j of b, for every j, and
// returns the error of the first segment that has one.
func (ss *sentenceScorer) score(b *batch, lines []string) error {
	if b.n == 0 {
		return nil
	}
	if ss.number != nil {
		// On an error, the segment-by-segment way below finds the
		// segment and its error.
		if scores, err := ss.cfg.SentencesPercent(b.hyps[0], b.refs...); err == nil {
			for j, v := range scores {
				lines[j] = ss.number(v)
			}
			return nil
		}
	}
	workers := min(runtime.GOMAXPROCS(0), (b.n+sentenceChunk-1)/sentenceChunk)
	for len(ss.stats) < workers {
		ss.stats = append(ss.stats, &bleu.Stats{Config: ss.cfg})
	}
	var next atomic.Int64
	failed := make([]int, workers)
	errs := make([]error, workers)
	work := func(w int) {
		st := ss.stats[w]
		var refs []string
		var sigs signatures
		for {
			lo := int(next.Add(sentenceChunk)) - sentenceChunk
			if lo >= b.n {
				return
			}
			for j := lo; j < min(b.n, lo+sentenceChunk); j++ {
				refs = b.segment(j, refs)
				st.Reset()
				if err := st.Add(b.hyps[0][j], refs...); err != nil {
					failed[w], errs[w] = j, err
					return
				}
				lines[j] = ss.text(st.Score(), &sigs)
			}
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < workers; w++ {
		wg.Go(func() { work(w) })
	}
	work(0)
	wg.Wait()
	first := -1
	for w, err := range errs {
		if err != nil && (first < 0 || failed[w] < failed[first]) {
			first = w
		}
	}
	if first >= 0 {
		return b.failure(failed[first], errs[first])
	}
	return nil
}
