package bleu

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unsafe"

	"github.com/go-bleu/bleu/internal/ngram"
	"github.com/go-bleu/bleu/internal/utf8x"
)

// Errors that [Stats.Add] returns for data it cannot score. They are
// returned wrapped with detail; test for them with [errors.Is].
var (
	// ErrNoReference means a segment was added without any reference.
	ErrNoReference = errors.New("bleu: no reference for the segment")
	// ErrInvalidUTF8 means a hypothesis or reference is not valid UTF-8.
	ErrInvalidUTF8 = errors.New("bleu: invalid UTF-8")
	// ErrOverflow means that adding a segment or merging statistics would
	// take a count (of segments, words or n-grams) past the range of
	// int64: 9,223,372,036,854,775,807. Counts are never wrapped around;
	// the statistics are left unchanged instead.
	ErrOverflow = errors.New("bleu: statistics overflow int64")
)

// Stats accumulates the sufficient statistics of corpus BLEU: per n-gram
// order the clipped matches and the hypothesis n-grams, and the hypothesis
// and closest reference lengths, summed over the segments added. It keeps
// nothing else of the text, so a corpus of any size scores in constant
// memory, and adding a segment never depends on the segments before it.
//
// The zero value is ready to use with sacreBLEU's defaults; set the fields
// of the embedded [Config] before the first [Stats.Add] to change them:
//
//	s := bleu.Stats{Config: bleu.Config{Tokenizer: bleu.TokenizerIntl, Lowercase: true}}
//
// # Options fixed by the statistics
//
// The options that shape the statistics (Tokenizer, Normalizer, Lowercase
// and MaxOrder) are those of the first segment added, merged or decoded.
// While a Stats holds statistics, Add, AddCorpus, AddReaders, Merge and
// the encodings return an error if its Config says otherwise (custom
// tokenizers and normalizers are told apart by name), rather than mix
// statistics of two tokenizers; [Stats.Reset] empties it for new options.
// Score, which has no error return, scores the statistics held: its
// signature names the options they were collected with, whatever the
// Config says now. The scoring options (Smooth, SmoothValue,
// EffectiveOrder) may change at any time.
//
// # Copies and concurrency
//
// A Stats must not be copied once used: copy one with [Stats.Clone]. A
// copy made by assignment would share counts with its original, so it is
// detected: using such a copy (any method but Len and Reset) panics, and
// go vet's copylocks check reports the assignment. Reset makes a copy a
// fresh Stats of its own, with the same Config.
//
// A Stats is not safe for concurrent use: give each goroutine its own and
// combine them with [Stats.Merge]. Only the methods that read it (Score,
// Len, Clone, MarshalBinary, MarshalJSON) may run at the same time.
type Stats struct {
	Config

	// noCopy makes go vet report copies; addr (the Stats itself, set by
	// the first method that changes it) makes them panic when used.
	noCopy noCopy
	addr   *Stats

	segments int
	hypLen   int64
	refLen   int64
	matches  []int64 // by order, index 0 = unigrams; nil before the first Add
	totals   []int64
	minRefs  int // fewest and most references of a segment
	maxRefs  int
	fp       fingerprint // the options of the statistics held, when matches != nil
	// opts are the Config's options that shape the statistics as last
	// checked against fp: an Add under the same ones needs no fingerprint.
	opts options

	scratch *scratch // created by the first Add
}

// noCopy, as the first field of a struct, makes go vet's copylocks check
// report copies of it (see sync.noCopy).
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

// errCopied is the panic of a Stats copied by value and then used.
const errCopied = "bleu: a Stats (or a Segments) was copied by value after use and the copy then used; copy one with Clone"

// mutating panics if s is a copy of a Stats that was used; otherwise it
// records s as used, at its address. Every method that changes s calls it
// first.
func (s *Stats) mutating() {
	if s.addr == nil {
		// Hidden from escape analysis, as strings.Builder hides its own:
		// a Stats that points to itself would otherwise always be on the
		// heap (one allocation more for every Sentence).
		s.addr = (*Stats)(noescape(unsafe.Pointer(s)))
	} else if s.addr != s {
		panic(errCopied)
	}
}

// noescape returns p, hidden from escape analysis as the standard
// library's noescape hides it (internal/abi.NoEscape, which
// strings.Builder uses): p passes through a uintptr, which the compiler
// does not follow. (The standard library converts the uintptr back with
// unsafe.Pointer(x ^ 0), which go vet's unsafeptr check rejects; reading
// the variable through a pointer converts it without that check.) The
// caller keeps the result in a typed pointer, which the runtime adjusts
// when a stack moves.
//
//go:nosplit
//go:nocheckptr
func noescape(p unsafe.Pointer) unsafe.Pointer {
	x := uintptr(p)
	return *(*unsafe.Pointer)(unsafe.Pointer(&x))
}

// reading panics if s is a copy of a Stats that was used. The methods that
// only read s call it first.
func (s *Stats) reading() {
	if s.addr != nil && s.addr != s {
		panic(errCopied)
	}
}

// hasStats reports whether s holds statistics (of zero or more segments)
// whose options are fixed.
func (s *Stats) hasStats() bool { return s.matches != nil }

// optionsChanged returns an error if s holds statistics and the options
// of its Config that shape them are not those the statistics were
// collected with. It only reads s.
func (s *Stats) optionsChanged() error {
	if !s.hasStats() {
		return nil
	}
	cur := s.Config.statsOptions()
	if cur.same(&s.opts) {
		return nil
	}
	if fp := s.Config.fingerprint(); fp != s.fp {
		return fmt.Errorf("bleu: the statistics held were collected with %s, but the Config now says %s (Reset the Stats first)", s.fp, fp)
	}
	return nil
}

// checkOptions is optionsChanged for the methods that change s: it also
// remembers options found equal, so that the next call is quick.
func (s *Stats) checkOptions() error {
	if err := s.optionsChanged(); err != nil {
		return err
	}
	if s.hasStats() {
		s.opts = s.Config.statsOptions()
	}
	return nil
}

// fixOptions records that s now holds statistics collected under its Config's
// options, whose fingerprint is fp.
func (s *Stats) fixOptions(fp fingerprint) {
	s.fp = fp
	s.opts = s.Config.statsOptions()
}

// Add adds one segment: a hypothesis and its references, one or more. It
// returns the error of [Config.Validate], an error when the statistics held
// were collected under other options (see [Stats]), an error wrapping
// [ErrNoReference] when refs is empty, [ErrInvalidUTF8] when a text, or
// the Normalizer's rewrite of it, is not valid UTF-8, and [ErrOverflow]
// when a count would overflow; the statistics are then unchanged. An empty
// string is a valid hypothesis or reference, of length zero.
//
// Each text is normalized (Normalizer, then Lowercase), stripped of
// trailing whitespace (as Python's str.rstrip), tokenized, and its n-grams
// counted; hypothesis n-gram counts are clipped to the largest count of the
// n-gram in any one reference, and the reference length is that of the
// reference closest in length to the hypothesis (the shorter on a tie).
//
// A panic of a custom Tokenizer or Normalizer reaches the caller as it is.
func (s *Stats) Add(hyp string, refs ...string) error {
	_, err := s.add(hyp, refs)
	return err
}

// add is Add, returning also the statistics of the segment itself, valid
// until the next call (for per-segment work such as significance tests).
func (s *Stats) add(hyp string, refs []string) (*ngram.Segment, error) {
	s.mutating()
	if err := s.Config.validate(); err != nil {
		return nil, err
	}
	if err := s.checkOptions(); err != nil {
		return nil, err
	}
	if len(refs) == 0 {
		return nil, ErrNoReference
	}
	order := s.order()
	if s.scratch == nil {
		s.scratch = &scratch{}
	}
	w := s.scratch
	if len(w.seg.Matches) != order {
		w.seg.Matches = make([]int64, order)
		w.seg.Totals = make([]int64, order)
	}
	// The char tokenizer's tokens are counted without being made
	// (internal/charngram), where it applies. It reads every character of
	// its texts and refuses invalid UTF-8, so when they are the inputs
	// themselves they are checked only if it refuses them.
	st := s.segmentTokenizer()
	char := st != nil && st.charTokens() && w.char.Ready(hyp, refs)
	plain := s.Normalizer == nil && !s.Lowercase
	if !char || !plain || !w.char.Segment(&w.seg, hyp, refs) {
		if !utf8x.Valid(hyp) {
			return nil, fmt.Errorf("%w in the hypothesis", ErrInvalidUTF8)
		}
		for i, r := range refs {
			if !utf8x.Valid(r) {
				return nil, fmt.Errorf("%w in reference %d", ErrInvalidUTF8, i+1)
			}
		}
		if plain {
			s.addTokens(w, st, hyp, refs)
		} else if err := s.addPrepared(w, st, char, hyp, refs); err != nil {
			return nil, err
		}
	}
	if s.matches == nil {
		if len(w.spareMatches) == order {
			// The zeroed counts of the statistics before a Reset.
			s.matches, s.totals = w.spareMatches, w.spareTotals
			w.spareMatches, w.spareTotals = nil, nil
		} else {
			s.matches = make([]int64, order)
			s.totals = make([]int64, order)
		}
		s.fixOptions(s.fingerprint())
		s.minRefs, s.maxRefs = len(refs), len(refs)
	}

	if order == 4 && s.segments < math.MaxInt {
		// The default order, unrolled. Every count is at least 0, so a
		// sum overflows exactly when it wraps around below 0.
		sm, st := (*[4]int64)(s.matches), (*[4]int64)(s.totals)
		wm, wt := (*[4]int64)(w.seg.Matches), (*[4]int64)(w.seg.Totals)
		m := [4]int64{sm[0] + wm[0], sm[1] + wm[1], sm[2] + wm[2], sm[3] + wm[3]}
		t := [4]int64{st[0] + wt[0], st[1] + wt[1], st[2] + wt[2], st[3] + wt[3]}
		hypLen, refLen := s.hypLen+int64(w.seg.HypLen), s.refLen+int64(w.seg.RefLen)
		if m[0]|m[1]|m[2]|m[3]|t[0]|t[1]|t[2]|t[3]|hypLen|refLen >= 0 {
			*sm, *st = m, t
			s.hypLen, s.refLen = hypLen, refLen
			s.segments++
			s.minRefs = min(s.minRefs, len(refs))
			s.maxRefs = max(s.maxRefs, len(refs))
			return &w.seg, nil
		}
	}
	if !s.fits(1, int64(w.seg.HypLen), int64(w.seg.RefLen), w.seg.Matches, w.seg.Totals) {
		return nil, fmt.Errorf("%w: cannot add a segment to %d segments", ErrOverflow, s.segments)
	}
	s.segments++
	s.hypLen += int64(w.seg.HypLen)
	s.refLen += int64(w.seg.RefLen)
	for k := range order {
		s.matches[k] += w.seg.Matches[k]
		s.totals[k] += w.seg.Totals[k]
	}
	s.minRefs = min(s.minRefs, len(refs))
	s.maxRefs = max(s.maxRefs, len(refs))
	return &w.seg, nil
}

// Score returns the BLEU score of the statistics added so far, computed
// with the receiver's smoothing and effective-order options. It does not
// change s. With no segments added the score is 0.
//
// The score describes the statistics held: its signature names the
// tokenizer, normalizer and case of the statistics, even if the Config
// was changed since (see [Stats]). Score panics if the Config is invalid
// ([Config.Validate]): every method that adds statistics reports that as
// an error first.
func (s *Stats) Score() Score {
	s.reading()
	s.Config.check()
	matches, totals := s.matches, s.totals
	fp := s.fp
	if !s.hasStats() {
		fp = s.fingerprint()
		matches = make([]int64, fp.order)
		totals = matches
	}
	sc := s.compute(s.hypLen, s.refLen, matches, totals)
	sc.Signature = s.signature(fp, s.nrefs())
	return sc
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

// Reset discards the statistics, keeping the configuration (and the
// scratch space, so that reuse does not allocate). A copy of a used Stats
// becomes, after Reset, a Stats of its own.
func (s *Stats) Reset() {
	w := s.scratch
	if s.addr != nil && s.addr != s {
		// A copy: the scratch space is its original's.
		w = nil
	}
	if w != nil && s.matches != nil {
		clear(s.matches)
		clear(s.totals)
		w.spareMatches, w.spareTotals = s.matches, s.totals
	}
	*s = Stats{Config: s.Config, scratch: w}
	if w != nil {
		s.mutating()
	}
}

// Clone returns a copy of s with statistics of its own.
func (s *Stats) Clone() *Stats {
	s.reading()
	c := &Stats{
		Config:   s.Config,
		segments: s.segments,
		hypLen:   s.hypLen,
		refLen:   s.refLen,
		minRefs:  s.minRefs,
		maxRefs:  s.maxRefs,
		fp:       s.fp,
		opts:     s.opts,
	}
	if s.matches != nil {
		c.matches = append([]int64(nil), s.matches...)
		c.totals = append([]int64(nil), s.totals...)
	}
	return c
}

// Merge adds the statistics of other to s, as if every segment added to
// other had been added to s. It is the way to combine the work of several
// goroutines or machines. It returns the error of [Config.Validate] for
// s's Config, an error when s or other holds statistics collected under
// options other than its Config's, or when the two were collected with
// different tokenizers, normalizers, lowercasing or maximum order (custom
// tokenizers and normalizers are told apart only by name), and an error
// wrapping [ErrOverflow] when a sum would overflow; s is then unchanged.
// Merging an empty Stats changes nothing; s.Merge(s) doubles every count.
//
// An empty s whose Tokenizer, Normalizer, Lowercase and MaxOrder are all
// zero, such as a new Stats, takes those options from other, so that a
// coordinator can gather shards into a plain var total Stats without
// knowing how they were collected; every later shard must then match.
func (s *Stats) Merge(other *Stats) error {
	s.mutating()
	other.reading()
	if err := s.Config.validate(); err != nil {
		return err
	}
	if err := s.checkOptions(); err != nil {
		return err
	}
	if err := other.optionsChanged(); err != nil {
		return fmt.Errorf("bleu: cannot merge the other Stats: %s", strings.TrimPrefix(err.Error(), "bleu: "))
	}
	if other.segments == 0 {
		return nil
	}
	mine, theirs := s.fp, other.fp
	adopt := false
	if !s.hasStats() {
		mine = s.fingerprint()
		if mine != theirs && s.statsOptionsZero() {
			mine, adopt = theirs, true
		}
	}
	if mine != theirs {
		return fmt.Errorf("bleu: cannot merge statistics collected with different options (%s and %s)", mine, theirs)
	}
	if !s.fits(other.segments, other.hypLen, other.refLen, other.matches, other.totals) {
		return fmt.Errorf("%w: cannot merge %d segments into %d", ErrOverflow, other.segments, s.segments)
	}
	if adopt {
		s.Tokenizer, s.Normalizer, s.Lowercase, s.MaxOrder = other.Tokenizer, other.Normalizer, other.Lowercase, other.MaxOrder
	}
	if !s.hasStats() {
		s.matches = make([]int64, len(other.matches))
		s.totals = make([]int64, len(other.totals))
		s.fixOptions(theirs)
		s.minRefs, s.maxRefs = other.minRefs, other.maxRefs
	}
	s.segments += other.segments
	s.hypLen += other.hypLen
	s.refLen += other.refLen
	for k := range s.matches {
		s.matches[k] += other.matches[k]
		s.totals[k] += other.totals[k]
	}
	s.minRefs = min(s.minRefs, other.minRefs)
	s.maxRefs = max(s.maxRefs, other.maxRefs)
	return nil
}

// fits reports whether adding the given counts to those of s keeps every
// one of them within range. All counts are non-negative, so a sum
// overflows exactly when an addend exceeds the room left.
func (s *Stats) fits(segments int, hypLen, refLen int64, matches, totals []int64) bool {
	if segments > math.MaxInt-s.segments || hypLen > math.MaxInt64-s.hypLen || refLen > math.MaxInt64-s.refLen {
		return false
	}
	if s.matches == nil {
		return true
	}
	for k := range matches {
		if matches[k] > math.MaxInt64-s.matches[k] || totals[k] > math.MaxInt64-s.totals[k] {
			return false
		}
	}
	return true
}
