package chrf

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/go-bleu/bleu/internal/utf8x"
)

// Errors that [Stats.Add] returns for data it cannot score. They are
// returned wrapped with detail; test for them with [errors.Is].
var (
	// ErrNoReference means a segment was added without any reference.
	ErrNoReference = errors.New("chrf: no reference for the segment")
	// ErrInvalidUTF8 means a hypothesis or reference is not valid UTF-8.
	ErrInvalidUTF8 = errors.New("chrf: invalid UTF-8")
	// ErrOverflow means that adding a segment or merging statistics would
	// take a count past 2^53, beyond which float64 arithmetic could no
	// longer reproduce sacreBLEU's; the statistics are left unchanged.
	ErrOverflow = errors.New("chrf: statistics overflow 2^53")
)

// Stats accumulates the sufficient statistics of corpus chrF: for each
// n-gram order (character orders first, then word orders) the hypothesis,
// reference and matching n-grams, summed over the segments added. A
// segment with several references contributes the statistics of the
// reference with the best F-score (the first of equals), as in sacreBLEU.
// It keeps nothing else of the text, so a corpus of any size scores in
// constant memory.
//
// The zero value is ready to use with sacreBLEU's defaults; set the fields
// of the embedded [Config] before the first [Stats.Add] to change them:
//
//	s := chrf.Stats{Config: chrf.Config{WordOrder: 2}} // chrF++
//
// # Options fixed by the statistics
//
// Every option of the Config shapes the statistics (see [Config]), so the
// options are those of the first segment added, merged or decoded. While
// a Stats holds statistics, Add, AddCorpus, AddReaders, Merge and the
// encodings return an error if its Config says otherwise; [Stats.Reset]
// empties it for new options. Score scores the statistics with the
// options they were collected with.
//
// # Copies and concurrency
//
// A Stats must not be copied once used: copy one with [Stats.Clone]. A
// copy made by assignment is detected: using it (any method but Len and
// Reset) panics, and go vet's copylocks check reports the assignment.
//
// A Stats is not safe for concurrent use: give each goroutine its own and
// combine them with [Stats.Merge]. Only the methods that read it (Score,
// Len, Clone, MarshalBinary, MarshalJSON) may run at the same time.
type Stats struct {
	Config

	noCopy noCopy
	addr   *Stats // the Stats itself, set by the first method that changes it

	segments int
	sums     []int64 // width() values; nil before statistics are held
	minRefs  int     // fewest and most references of a segment
	maxRefs  int
	p        params // the options of the statistics held, when sums != nil

	c   *counter // scratch space, created by the first Add
	seg []int64  // the statistics of the last segment added
}

// noCopy, as the first field of a struct, makes go vet's copylocks check
// report copies of it (see sync.noCopy).
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

const errCopied = "chrf: a Stats was copied by value after use and the copy then used; copy one with Clone"

// own panics if s is a copy of a used Stats; otherwise it marks s used.
func (s *Stats) own() {
	if s.addr == nil {
		s.addr = s
	} else if s.addr != s {
		panic(errCopied)
	}
}

// readable panics if s is a copy of a used Stats.
func (s *Stats) readable() {
	if s.addr != nil && s.addr != s {
		panic(errCopied)
	}
}

// held reports whether s holds statistics, whose options are then fixed.
func (s *Stats) held() bool { return s.sums != nil }

// optionsChanged returns an error if s holds statistics collected under
// options other than its Config's. It only reads s.
func (s *Stats) optionsChanged() error {
	if !s.held() {
		return nil
	}
	if p := s.Config.params(); p != s.p {
		return fmt.Errorf("chrf: the statistics held were collected with %s, but the Config now says %s (Reset the Stats first)", s.p, p)
	}
	return nil
}

// Add adds one segment: a hypothesis and its references, one or more. It
// returns the error of [Config.Validate], an error when s holds
// statistics collected under other options, [ErrNoReference] without a
// reference, an error wrapping [ErrInvalidUTF8] for a text that is not
// valid UTF-8, and one wrapping [ErrOverflow]; s is then unchanged.
//
// Texts are taken as they are: the command line strips line ends, the
// library does not, and with [Config.Whitespace] a trailing space counts.
func (s *Stats) Add(hyp string, refs ...string) error {
	_, err := s.add(hyp, refs)
	return err
}

// add is Add, returning also the segment's statistics, valid until the
// next call.
func (s *Stats) add(hyp string, refs []string) ([]int64, error) {
	s.own()
	if err := s.Config.validate(); err != nil {
		return nil, err
	}
	if err := s.optionsChanged(); err != nil {
		return nil, err
	}
	if err := checkSegment(hyp, refs); err != nil {
		return nil, err
	}
	p := s.Config.params()
	if s.c == nil || s.c.p != p {
		s.c = &counter{p: p}
	}
	s.seg = grow(s.seg, p.width())
	s.c.segment(s.seg, hyp, refs)
	if s.c.oversized() {
		s.c = nil // a very long segment's scratch space is not kept
	}
	if s.held() && !s.fits(1, s.seg) || !s.held() && !fitsEmpty(1, s.seg) {
		return nil, fmt.Errorf("%w: cannot add a segment to %d segments", ErrOverflow, s.segments)
	}
	if !s.held() {
		s.hold(p, len(refs))
	}
	for k, v := range s.seg {
		s.sums[k] += v
	}
	s.segments++
	s.minRefs = min(s.minRefs, len(refs))
	s.maxRefs = max(s.maxRefs, len(refs))
	return s.seg, nil
}

// hold makes s hold empty statistics collected under p, the first segment
// having nrefs references.
func (s *Stats) hold(p params, nrefs int) {
	s.p = p
	s.sums = make([]int64, p.width())
	s.minRefs, s.maxRefs = nrefs, nrefs
}

// fits reports whether adding segments segments with statistics sums
// keeps every count of s below 2^53.
func (s *Stats) fits(segments int, sums []int64) bool {
	if segments > math.MaxInt-s.segments {
		return false
	}
	for k, v := range sums {
		if v >= maxCount-s.sums[k] {
			return false
		}
	}
	return true
}

// Score returns the chrF of the statistics added so far (0 for none),
// with the options they were collected with (for an empty Stats, the
// Config's, which must then be valid).
func (s *Stats) Score() Score {
	s.readable()
	p := s.p
	if !s.held() {
		if err := s.Config.validate(); err != nil {
			panic(err.Error())
		}
		p = s.Config.params()
	}
	sums := s.sums
	if sums == nil {
		sums = make([]int64, p.width())
	}
	return p.score(append([]int64(nil), sums...), s.nrefs())
}

// nrefs returns the signature's references-per-segment field.
func (s *Stats) nrefs() string {
	switch {
	case s.segments == 0 || s.minRefs == s.maxRefs:
		return itoa(max(s.maxRefs, 1))
	}
	return "var"
}

// Len returns the number of segments added.
func (s *Stats) Len() int { return s.segments }

// Statistics returns a copy of the summed statistics: for each order,
// character orders first, the hypothesis, reference and matching
// n-grams, in sacreBLEU's order. It is nil before statistics are held.
func (s *Stats) Statistics() []int64 {
	s.readable()
	if s.sums == nil {
		return nil
	}
	return append([]int64(nil), s.sums...)
}

// Reset discards the statistics, keeping the configuration and scratch
// space. A copy of a used Stats becomes, after Reset, a Stats of its own.
func (s *Stats) Reset() {
	c := s.c
	if s.addr != nil && s.addr != s {
		c = nil // a copy: the scratch space is its original's
	}
	*s = Stats{Config: s.Config, c: c}
}

// Clone returns a copy of s with statistics of its own.
func (s *Stats) Clone() *Stats {
	s.readable()
	return &Stats{Config: s.Config, segments: s.segments, sums: cloneSums(s.sums),
		minRefs: s.minRefs, maxRefs: s.maxRefs, p: s.p}
}

func cloneSums(v []int64) []int64 {
	if v == nil {
		return nil
	}
	return append([]int64(nil), v...)
}

// Merge adds the statistics of other to s, as if every segment added to
// other had been added to s: the way to combine the work of several
// goroutines or machines. It returns the error of [Config.Validate] for
// s's Config, an error when either holds statistics collected under
// options other than its Config's or when the two were collected under
// different options, and one wrapping [ErrOverflow]; s is then unchanged.
// Merging an empty Stats changes nothing; s.Merge(s) doubles every count.
//
// An empty s whose Config is zero, such as a new Stats, takes the options
// of other, so that shards can be gathered into a plain var total Stats.
func (s *Stats) Merge(other *Stats) error {
	s.own()
	other.readable()
	if err := s.Config.validate(); err != nil {
		return err
	}
	if err := s.optionsChanged(); err != nil {
		return err
	}
	if err := other.optionsChanged(); err != nil {
		return fmt.Errorf("chrf: cannot merge the other Stats: %s", strings.TrimPrefix(err.Error(), "chrf: "))
	}
	if other.segments == 0 {
		return nil
	}
	return s.mergeSums(other.p, other.segments, other.minRefs, other.maxRefs, other.sums)
}

// mergeSums adds statistics collected under p to s (see Merge).
func (s *Stats) mergeSums(p params, segments, minRefs, maxRefs int, sums []int64) error {
	mine := s.p
	adopt := false
	if !s.held() {
		mine = s.Config.params()
		if mine != p && s.Config == (Config{}) {
			mine, adopt = p, true
		}
	}
	if mine != p {
		return fmt.Errorf("chrf: cannot merge statistics collected with different options (%s and %s)", mine, p)
	}
	if s.held() && !s.fits(segments, sums) || !s.held() && !fitsEmpty(segments, sums) {
		return fmt.Errorf("%w: cannot merge %d segments into %d", ErrOverflow, segments, s.segments)
	}
	if adopt {
		s.Config = p.config()
	}
	if !s.held() {
		s.hold(p, minRefs)
	}
	for k, v := range sums {
		s.sums[k] += v
	}
	s.segments += segments
	s.minRefs = min(s.minRefs, minRefs)
	s.maxRefs = max(s.maxRefs, maxRefs)
	return nil
}

// fitsEmpty reports whether sums are all below 2^53.
func fitsEmpty(segments int, sums []int64) bool {
	for _, v := range sums {
		if v >= maxCount {
			return false
		}
	}
	return segments >= 0
}

// checkSegment returns the error of a segment without reference or with
// a text that is not valid UTF-8.
func checkSegment(hyp string, refs []string) error {
	if len(refs) == 0 {
		return ErrNoReference
	}
	if !utf8x.Valid(hyp) {
		return fmt.Errorf("%w in the hypothesis", ErrInvalidUTF8)
	}
	for i, r := range refs {
		if !utf8x.Valid(r) {
			return fmt.Errorf("%w in reference %d", ErrInvalidUTF8, i+1)
		}
	}
	return nil
}
