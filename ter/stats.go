package ter

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Errors that [Stats.Add] returns for data it cannot score. They are
// returned wrapped with detail; test for them with [errors.Is].
var (
	// ErrNoReference means a segment was added without any reference.
	ErrNoReference = errors.New("ter: no reference for the segment")
	// ErrInvalidUTF8 means a hypothesis or reference is not valid UTF-8.
	ErrInvalidUTF8 = errors.New("ter: invalid UTF-8")
	// ErrOverflow means that adding a segment or merging statistics would
	// take the segments past the range of int, the edits past that of
	// int64, or the reference length past 2^63, or that a text has more
	// than 2^26 words. The statistics are left unchanged.
	ErrOverflow = errors.New("ter: statistics overflow")
)

// maxRefLength bounds the reference length of statistics: 2^63, which
// keeps every sum finite.
const maxRefLength = 1 << 63

// Stats accumulates the sufficient statistics of corpus TER: the edits of
// every segment against its closest reference and the mean length of its
// references, summed over the segments added, as sacreBLEU's
// _aggregate_and_compute sums them (edits as integers, lengths as floats
// in the order of the segments). It keeps nothing else of the text.
//
// The zero value is ready to use with sacreBLEU's defaults; set the fields
// of the embedded [Config] before the first [Stats.Add] to change them.
//
// # Options fixed by the statistics
//
// The options are those of the first segment added, merged or decoded.
// While a Stats holds statistics, Add, AddCorpus, AddReaders, Merge and
// the encodings return an error if its Config says otherwise, rather than
// mix statistics of two tokenizations; [Stats.Reset] empties it for new
// options. Score describes the statistics held, whatever the Config says
// now.
//
// # Reference lengths
//
// With one reference a segment, or two or four, every length is a whole
// number or a sum of halves or quarters, and every sum is exact. With
// three references (or any count not a power of two) a segment's mean
// length is rounded, and so is the sum: Add, AddCorpus and AddReaders sum
// the segments in order, as sacreBLEU does, and give its float to the
// last bit; Merge adds the shards' sums, which may differ from the sum in
// order in the last bits.
//
// # Copies and concurrency
//
// A Stats must not be copied once used: copy one with [Stats.Clone]. A
// copy made by assignment would share scratch space with its original,
// so it is detected: using such a copy (any method but Len and Reset)
// panics, and go vet's copylocks check reports the assignment.
//
// A Stats is not safe for concurrent use: give each goroutine its own and
// combine them with [Stats.Merge]. Only the methods that read it (Score,
// Len, Clone, MarshalBinary, MarshalJSON) may run at the same time.
type Stats struct {
	Config

	noCopy noCopy
	addr   *Stats

	segments int
	edits    int64
	refLen   float64
	minRefs  int // fewest and most references of a segment
	maxRefs  int
	held     bool   // the options are fixed: opts
	opts     Config // the options of the statistics held

	w *worker // scratch space, created by the first Add
}

// noCopy, as the first field of a struct, makes go vet's copylocks check
// report copies of it (see sync.noCopy).
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

// errCopied is the panic of a Stats copied by value and then used.
const errCopied = "ter: a Stats was copied by value after use and the copy then used; copy one with Clone"

// own panics if s is a copy of a Stats that was used; otherwise it marks s
// as used. Every method that changes s calls it first.
func (s *Stats) own() {
	if s.addr == nil {
		s.addr = s
	} else if s.addr != s {
		panic(errCopied)
	}
}

// readable panics if s is a copy of a Stats that was used.
func (s *Stats) readable() {
	if s.addr != nil && s.addr != s {
		panic(errCopied)
	}
}

// optionsChanged returns an error if s holds statistics collected under
// options other than its Config's.
func (s *Stats) optionsChanged() error {
	if s.held && s.opts != s.Config {
		return fmt.Errorf("ter: the statistics held were collected with %s, but the Config now says %s (Reset the Stats first)", s.opts.describe(), s.Config.describe())
	}
	return nil
}

// describe names the options of c as the signature does.
func (c Config) describe() string {
	g := c.signature("")
	return "case:" + g.Case + "|norm:" + g.Norm + "|punct:" + g.Punct + "|asian:" + g.Asian
}

// Add adds one segment: a hypothesis and its references, one or more. It
// returns an error when the statistics held were collected under other
// options (see [Stats]), an error wrapping [ErrNoReference] when refs is
// empty, [ErrInvalidUTF8] when a text is not valid UTF-8, and
// [ErrOverflow] when a sum would overflow; the statistics are then
// unchanged. An empty string is a valid hypothesis or reference, of no
// words: against an empty reference every hypothesis word is an edit.
//
// Each text is stripped of trailing whitespace (as Python's str.rstrip)
// and tokenized as [Config.Tokenize] says; the segment's edits are the
// fewest against any one reference, and its reference length the mean of
// its references' lengths.
//
// The cost grows with the length of the segment: see the package
// documentation.
func (s *Stats) Add(hyp string, refs ...string) error {
	_, _, err := s.add(hyp, refs)
	return err
}

// add is Add, returning also the statistics of the segment.
func (s *Stats) add(hyp string, refs []string) (int64, float64, error) {
	s.own()
	if err := s.optionsChanged(); err != nil {
		return 0, 0, err
	}
	if err := checkSegment(hyp, refs); err != nil {
		return 0, 0, err
	}
	if s.w == nil {
		s.w = &worker{}
	}
	edits, refLen, err := s.w.segment(&s.Config, hyp, refs)
	if err != nil {
		return 0, 0, err
	}
	if err := s.addRow(edits, refLen, len(refs)); err != nil {
		return 0, 0, err
	}
	return edits, refLen, nil
}

// checkSegment returns the error of Add for texts it cannot score.
func checkSegment(hyp string, refs []string) error {
	if len(refs) == 0 {
		return ErrNoReference
	}
	if !utf8.ValidString(hyp) {
		return fmt.Errorf("%w in the hypothesis", ErrInvalidUTF8)
	}
	for i, r := range refs {
		if !utf8.ValidString(r) {
			return fmt.Errorf("%w in reference %d", ErrInvalidUTF8, i+1)
		}
	}
	return nil
}

// addRow adds the statistics of one segment of nrefs references.
func (s *Stats) addRow(edits int64, refLen float64, nrefs int) error {
	if !s.fits(1, edits, refLen) {
		return fmt.Errorf("%w: cannot add a segment to %d segments", ErrOverflow, s.segments)
	}
	if !s.held {
		s.hold()
		s.minRefs, s.maxRefs = nrefs, nrefs
	}
	s.segments++
	s.edits += edits
	s.refLen += refLen
	s.minRefs = min(s.minRefs, nrefs)
	s.maxRefs = max(s.maxRefs, nrefs)
	return nil
}

// hold fixes the options of s to those of its Config.
func (s *Stats) hold() {
	s.held = true
	s.opts = s.Config
}

// fits reports whether adding the given sums to those of s keeps them
// within range.
func (s *Stats) fits(segments int, edits int64, refLen float64) bool {
	return segments <= math.MaxInt-s.segments && edits <= math.MaxInt64-s.edits &&
		refLen <= maxRefLength-s.refLen
}

// Score returns the TER of the statistics added so far, as sacreBLEU's
// corpus_score computes it. It does not change s. With no segments added
// the score is 0.
func (s *Stats) Score() Score {
	s.readable()
	opts := s.Config
	if s.held {
		opts = s.opts
	}
	return scoreOf(&opts, s.edits, s.refLen, s.nrefs())
}

// scoreOf returns the Score of the given sums.
func scoreOf(c *Config, edits int64, refLen float64, nrefs string) Score {
	p := percent(edits, refLen)
	return Score{
		TER:        p / 100,
		TERPercent: p,
		Edits:      edits,
		RefLength:  refLen,
		Signature:  c.signature(nrefs),
	}
}

// nrefs is the signature's nrefs field.
func (s *Stats) nrefs() string {
	if s.minRefs != s.maxRefs {
		return "var"
	}
	return strconv.Itoa(s.minRefs)
}

// Len returns the number of segments added.
func (s *Stats) Len() int { return s.segments }

// Reset discards the statistics, keeping the configuration and the
// scratch space. A copy of a used Stats becomes, after Reset, a Stats of
// its own.
func (s *Stats) Reset() {
	w := s.w
	if s.addr != nil && s.addr != s {
		w = nil
	}
	*s = Stats{Config: s.Config, w: w}
	s.own()
}

// Clone returns a copy of s with statistics of its own.
func (s *Stats) Clone() *Stats {
	s.readable()
	return &Stats{
		Config:   s.Config,
		segments: s.segments,
		edits:    s.edits,
		refLen:   s.refLen,
		minRefs:  s.minRefs,
		maxRefs:  s.maxRefs,
		held:     s.held,
		opts:     s.opts,
	}
}

// Merge adds the statistics of other to s, as if every segment added to
// other had been added to s (but see [Stats] on the sum of reference
// lengths). It returns an error when s or other holds statistics
// collected under options other than its Config's, or when the two were
// collected under different options, and an error wrapping [ErrOverflow]
// when a sum would overflow; s is then unchanged. Merging an empty Stats
// changes nothing; s.Merge(s) doubles every sum.
//
// An empty s whose Config is the zero value, such as a new Stats, takes
// its options from other, so that a coordinator can gather shards into a
// plain var total Stats; every later shard must then match.
func (s *Stats) Merge(other *Stats) error {
	s.own()
	other.readable()
	if err := s.optionsChanged(); err != nil {
		return err
	}
	if err := other.optionsChanged(); err != nil {
		return fmt.Errorf("ter: cannot merge the other Stats: %w", err)
	}
	if !other.held || other.segments == 0 {
		return nil
	}
	mine := s.Config
	if !s.held && s.Config == (Config{}) {
		mine = other.opts
	}
	if mine != other.opts {
		return fmt.Errorf("ter: cannot merge statistics collected with different options (%s and %s)", mine.describe(), other.opts.describe())
	}
	if !s.fits(other.segments, other.edits, other.refLen) {
		return fmt.Errorf("%w: cannot merge %d segments into %d", ErrOverflow, other.segments, s.segments)
	}
	minRefs, maxRefs := other.minRefs, other.maxRefs
	if s.held && s.segments > 0 {
		minRefs, maxRefs = min(minRefs, s.minRefs), max(maxRefs, s.maxRefs)
	}
	s.Config = mine
	s.hold()
	s.segments += other.segments
	s.edits += other.edits
	s.refLen += other.refLen
	s.minRefs, s.maxRefs = minRefs, maxRefs
	return nil
}

// segmentError is the error of a segment of a corpus: its index and the
// error of Add.
type segmentError struct {
	index int
	err   error
}

func (e *segmentError) Error() string {
	return fmt.Sprintf("ter: segment %d: %s", e.index, strings.TrimPrefix(e.err.Error(), "ter: "))
}

func (e *segmentError) Unwrap() error { return e.err }
