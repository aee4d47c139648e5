package bleu

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Config holds the options of a BLEU computation. Its zero value is
// sacreBLEU 2.6.0's BLEU() default: the 13a tokenizer, mixed case, n-grams
// up to order 4, exp smoothing, no effective order. Every field's zero
// value is its sacreBLEU default.
//
// Tokenizer, Normalizer, Lowercase and MaxOrder decide the statistics that
// [Stats.Add] collects and must not change once a Stats has statistics;
// Smooth, SmoothValue and EffectiveOrder only affect how [Stats.Score]
// turns them into a score and may change at any time.
type Config struct {
	// Tokenizer splits segments into words; nil means [Tokenizer13a].
	Tokenizer Tokenizer
	// Normalizer, if not nil, rewrites every segment first (for example
	// [NFKC]). sacreBLEU has no such option; the signature shows it.
	Normalizer Normalizer
	// Lowercase lowercases every segment, after Normalizer, as Python's
	// str.lower does (sacreBLEU's lowercase=True, -lc).
	Lowercase bool
	// MaxOrder is the largest n-gram order; 0 means 4. It must not be
	// negative.
	MaxOrder int
	// Smooth is the smoothing method; the zero value is [SmoothExp].
	Smooth SmoothMethod
	// SmoothValue is the value of [SmoothFloor] (0 means 0.1) and
	// [SmoothAddK] (0 means 1; it must be a whole number). Other methods
	// ignore it. It must not be negative nor above 2^40, which keeps every
	// number of a Score finite.
	SmoothValue float64
	// EffectiveOrder averages the log precisions only over the orders up to
	// the last one that has n-grams in the hypotheses, so that a sentence
	// shorter than MaxOrder words can score above 0. sacreBLEU turns it on
	// for sentence BLEU.
	EffectiveOrder bool
}

// order returns the effective MaxOrder.
func (c *Config) order() int {
	switch {
	case c.MaxOrder == 0:
		return 4
	case c.MaxOrder < 0:
		panic(fmt.Sprintf("bleu: negative MaxOrder %d", c.MaxOrder))
	}
	return c.MaxOrder
}

// smoothValue returns SmoothValue or the method's default for 0.
func (c *Config) smoothValue() float64 {
	if c.SmoothValue == 0 {
		return c.Smooth.defaultValue()
	}
	return c.SmoothValue
}

// check panics when the scoring options are invalid: that is a programming
// error, not a data problem.
func (c *Config) check() {
	if c.Smooth >= numSmoothMethods {
		panic(fmt.Sprintf("bleu: invalid SmoothMethod %d", uint8(c.Smooth)))
	}
	v := c.SmoothValue
	if v < 0 || math.IsNaN(v) || v > 1<<40 {
		// Above 2^40 (or at +Inf) a floor precision can overflow to +Inf.
		panic(fmt.Sprintf("bleu: invalid SmoothValue %v", v))
	}
	if c.Smooth == SmoothAddK && v != math.Trunc(v) {
		panic(fmt.Sprintf("bleu: add-k smoothing needs a whole-number SmoothValue, not %v", v))
	}
}

// fingerprint identifies the options that shape the statistics: two
// Stats can be merged only when their fingerprints are equal. It is a
// struct rather than a formatted string so that names containing the
// separators of its String form cannot make two configurations collide.
// The zero fingerprint (order 0) belongs to no configuration.
type fingerprint struct {
	tok       string // tokenizer name, as in the signature
	norm      string // normalizer name, "" for none
	lowercase bool
	order     int
}

// String formats f for messages, for example "tok:13a|norm:nfc|case:lc|order:4".
func (f fingerprint) String() string {
	var b strings.Builder
	b.WriteString("tok:")
	b.WriteString(f.tok)
	if f.norm != "" {
		b.WriteString("|norm:")
		b.WriteString(f.norm)
	}
	if f.lowercase {
		b.WriteString("|case:lc")
	} else {
		b.WriteString("|case:mixed")
	}
	b.WriteString("|order:")
	b.WriteString(strconv.Itoa(f.order))
	return b.String()
}

// fingerprint returns the fingerprint of the options that shape the
// statistics, for [Stats.Merge] and the encoding.
func (c *Config) fingerprint() fingerprint {
	return fingerprint{
		tok:       tokenizerName(c.Tokenizer),
		norm:      normalizerName(c.Normalizer),
		lowercase: c.Lowercase,
		order:     c.order(),
	}
}

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
// A Stats is not safe for concurrent use: give each goroutine its own and
// combine them with [Stats.Merge]. Copy one with [Stats.Clone], not by
// assignment, which would share its counts.
type Stats struct {
	Config

	segments int
	hypLen   int64
	refLen   int64
	matches  []int64 // by order, index 0 = unigrams; nil before the first Add
	totals   []int64
	minRefs  int // fewest and most references of a segment
	maxRefs  int
	fp       fingerprint // Config.fingerprint() at the first Add

	w *worker // scratch space, created by the first Add
}

// worker is the scratch space of Add: it makes a steady-state Add free of
// allocations.
type worker struct {
	// The hypothesis words must outlive the tokenization of the references,
	// so each side has buffers of its own.
	hyp, ref tokBuffer
	counter  ngramCounter
	char     charCounter // the char tokenizer's counting
	seg      segmentStats
	// shards are the Stats of AddCorpus's goroutines, kept warm.
	shards []*Stats
	// charText is the text, in bytes, counted with the char tokenizer,
	// up to charTablesAfter, from which its tables are used (charReady).
	charText int
	// Reset keeps the count slices here, zeroed, for the next Add.
	spareMatches, spareTotals []int64
}

// keepTokens is the most tokens a worker's scratch space keeps room for
// after a segment.
const keepTokens = 1 << 20

// tokBuffer is the scratch space of one tokenization.
type tokBuffer struct {
	sc   tokScratch
	toks []string
	// text is the text last tokenized, after preprocessing: the tokens
	// are usually substrings of it, which lets the counter read their
	// bytes faster.
	text string
}

// Add adds one segment: a hypothesis and its references, one or more. It
// returns an error wrapping [ErrNoReference] when refs is empty,
// [ErrInvalidUTF8] when a text is not valid UTF-8 and [ErrOverflow] when a
// count would overflow; the statistics are then unchanged. An empty string is a valid hypothesis or reference, of length
// zero.
//
// Each text is normalized (Normalizer, then Lowercase), stripped of
// trailing whitespace (as Python's str.rstrip), tokenized, and its n-grams
// counted; hypothesis n-gram counts are clipped to the largest count of the
// n-gram in any one reference, and the reference length is that of the
// reference closest in length to the hypothesis (the shorter on a tie).
func (s *Stats) Add(hyp string, refs ...string) error {
	_, err := s.add(hyp, refs)
	return err
}

// add is Add, returning also the statistics of the segment itself, valid
// until the next call (for per-segment work such as significance tests).
func (s *Stats) add(hyp string, refs []string) (*segmentStats, error) {
	if len(refs) == 0 {
		return nil, ErrNoReference
	}
	order := s.order()
	if s.matches != nil && len(s.matches) != order {
		panic("bleu: Stats.MaxOrder changed after Add")
	}
	if s.w == nil {
		s.w = &worker{}
	}
	w := s.w
	if len(w.seg.matches) != order {
		w.seg.matches = make([]int64, order)
		w.seg.totals = make([]int64, order)
	}
	// The char tokenizer's own way (charngram.go), where it applies. A
	// type assertion, not s.Tokenizer != TokenizerChar: comparing
	// interfaces calls the runtime. That way reads every character of its
	// texts and refuses invalid UTF-8, so when they are the inputs
	// themselves they are checked only if it refuses them.
	t, _ := s.Tokenizer.(StandardTokenizer)
	char := t == TokenizerChar && w.charReady(hyp, refs)
	counted := char && s.Normalizer == nil && !s.Lowercase && s.addChars(w, hyp, refs)
	if !counted {
		if !validUTF8(hyp) {
			return nil, fmt.Errorf("%w in the hypothesis", ErrInvalidUTF8)
		}
		for i, r := range refs {
			if !validUTF8(r) {
				return nil, fmt.Errorf("%w in reference %d", ErrInvalidUTF8, i+1)
			}
		}
		counted = char && (s.Normalizer != nil || s.Lowercase) && s.addChars(w, hyp, refs)
	}
	if !counted {
		c := &w.counter
		hw := s.words(&w.hyp, hyp)
		c.begin(&w.seg, hw, w.hyp.text)
		for _, r := range refs {
			rw := s.words(&w.ref, r)
			c.addRef(&w.seg, rw, w.ref.text, len(refs) == 1)
		}
		c.finish(&w.seg)
		if cap(w.hyp.toks)+cap(w.ref.toks) > keepTokens {
			// A huge segment's scratch space (some 30 bytes a token) is
			// not kept for the segments to come.
			w.hyp, w.ref, w.counter = tokBuffer{}, tokBuffer{}, ngramCounter{}
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
		s.fp = s.fingerprint()
		s.minRefs, s.maxRefs = len(refs), len(refs)
	}

	if order == 4 && s.segments < math.MaxInt {
		// The default order, unrolled. Every count is at least 0, so a
		// sum overflows exactly when it wraps around below 0.
		sm, st := (*[4]int64)(s.matches), (*[4]int64)(s.totals)
		wm, wt := (*[4]int64)(w.seg.matches), (*[4]int64)(w.seg.totals)
		m := [4]int64{sm[0] + wm[0], sm[1] + wm[1], sm[2] + wm[2], sm[3] + wm[3]}
		t := [4]int64{st[0] + wt[0], st[1] + wt[1], st[2] + wt[2], st[3] + wt[3]}
		hypLen, refLen := s.hypLen+int64(w.seg.hypLen), s.refLen+int64(w.seg.refLen)
		if m[0]|m[1]|m[2]|m[3]|t[0]|t[1]|t[2]|t[3]|hypLen|refLen >= 0 {
			*sm, *st = m, t
			s.hypLen, s.refLen = hypLen, refLen
			s.segments++
			s.minRefs = min(s.minRefs, len(refs))
			s.maxRefs = max(s.maxRefs, len(refs))
			return &w.seg, nil
		}
	}
	if !s.fits(1, int64(w.seg.hypLen), int64(w.seg.refLen), w.seg.matches, w.seg.totals) {
		return nil, fmt.Errorf("%w: cannot add a segment to %d segments", ErrOverflow, s.segments)
	}
	s.segments++
	s.hypLen += int64(w.seg.hypLen)
	s.refLen += int64(w.seg.refLen)
	for k := range order {
		s.matches[k] += w.seg.matches[k]
		s.totals[k] += w.seg.totals[k]
	}
	s.minRefs = min(s.minRefs, len(refs))
	s.maxRefs = max(s.maxRefs, len(refs))
	return &w.seg, nil
}

// charTablesAfter is how much text, in bytes, a Stats counts with the
// char tokenizer before it uses its own way (charngram.go): its tables
// (1.8 MB) take as long to set up (80–600 µs, with the collector's work)
// as 3 to 20 KB of text take the token way, which is 5 times as slow
// after. So a Stats that scores a sentence or a few never makes them, and
// one that scores a corpus makes them early; AddCorpus and Sentences,
// which see all their text at once, use them from the start when each
// goroutine has this much to count.
const charTablesAfter = 16 << 10

// charReady reports whether the char tokenizer's own way is to count a
// segment of texts hyp and refs: whether the text counted so far, the
// segment's included, has reached charTablesAfter.
func (w *worker) charReady(hyp string, refs []string) bool {
	if w.charText >= charTablesAfter {
		return true
	}
	n := len(hyp)
	for _, r := range refs {
		n += len(r)
	}
	w.charText += min(n, charTablesAfter)
	return w.charText >= charTablesAfter
}

// addChars counts a segment of the char tokenizer into w.seg without
// tokens (see charngram.go), and reports whether it could; if not, the
// token way normalizes the texts again.
func (s *Stats) addChars(w *worker, hyp string, refs []string) bool {
	// Trailing whitespace is no token: no need to strip it.
	if s.Normalizer == nil && !s.Lowercase {
		return w.char.segment(&w.seg, hyp, refs)
	}
	hyp = s.prepare(hyp)
	prepared := w.char.prepared[:0]
	for _, r := range refs {
		prepared = append(prepared, s.prepare(r))
	}
	ok := w.char.segment(&w.seg, hyp, prepared)
	// Not kept: they are as long as the texts.
	clear(prepared)
	w.char.prepared = prepared
	return ok
}

// prepare normalizes text as the Normalizer and Lowercase say.
func (s *Stats) prepare(text string) string {
	if s.Normalizer != nil {
		text = s.Normalizer.Normalize(text)
	}
	if s.Lowercase {
		text = pyLower(text)
	}
	return text
}

// words preprocesses and tokenizes one text as sacreBLEU's
// _preprocess_segment does. The words are valid until b is used again.
func (s *Stats) words(b *tokBuffer, text string) []string {
	text = pyRStrip(s.prepare(text))
	b.text = text
	switch t := s.Tokenizer.(type) {
	case nil:
		b.toks = Tokenizer13a.tokenize(&b.sc, b.toks[:0], text)
	case StandardTokenizer:
		b.toks = t.tokenize(&b.sc, b.toks[:0], text)
	default:
		b.toks = t.Tokenize(b.toks[:0], text)
	}
	return b.toks
}

// Score returns the BLEU score of the statistics added so far, computed
// with the receiver's smoothing and effective-order options. It does not
// change s. With no segments added the score is 0.
//
// Score panics if Smooth or SmoothValue is invalid (see [Config]).
func (s *Stats) Score() Score {
	matches, totals := s.matches, s.totals
	if matches == nil {
		matches = make([]int64, s.order())
		totals = matches
	}
	sc := s.compute(s.hypLen, s.refLen, matches, totals)
	sc.Signature = s.signature(s.nrefs())
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
// scratch space, so that reuse does not allocate).
func (s *Stats) Reset() {
	w := s.w
	if w != nil && s.matches != nil {
		clear(s.matches)
		clear(s.totals)
		w.spareMatches, w.spareTotals = s.matches, s.totals
	}
	*s = Stats{Config: s.Config, w: w}
}

// Clone returns a copy of s with statistics of its own.
func (s *Stats) Clone() *Stats {
	c := &Stats{
		Config:   s.Config,
		segments: s.segments,
		hypLen:   s.hypLen,
		refLen:   s.refLen,
		minRefs:  s.minRefs,
		maxRefs:  s.maxRefs,
		fp:       s.fp,
	}
	if s.matches != nil {
		c.matches = append([]int64(nil), s.matches...)
		c.totals = append([]int64(nil), s.totals...)
	}
	return c
}

// Merge adds the statistics of other to s, as if every segment added to
// other had been added to s. It is the way to combine the work of several
// goroutines or machines. It returns an error, and leaves s unchanged,
// when the two were collected with different tokenizers, normalizers,
// lowercasing or maximum order (custom tokenizers and normalizers are told
// apart only by name), and an error wrapping [ErrOverflow] when a sum would
// overflow. Merging an empty Stats changes nothing; s.Merge(s) doubles
// every count.
//
// An empty s whose Tokenizer, Normalizer, Lowercase and MaxOrder are all
// zero, such as a new Stats, takes those options from other, so that a
// coordinator can gather shards into a plain var total Stats without
// knowing how they were collected; every later shard must then match.
func (s *Stats) Merge(other *Stats) error {
	if other.segments == 0 {
		return nil
	}
	mine, theirs := s.fp, other.fp
	adopt := false
	if s.segments == 0 {
		mine = s.fingerprint()
		// other.fingerprint() == theirs: other's options are still those
		// its statistics were collected with.
		if mine != theirs && s.statsOptionsZero() && other.fingerprint() == theirs {
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
	if s.matches == nil {
		s.matches = make([]int64, len(other.matches))
		s.totals = make([]int64, len(other.totals))
		s.fp = theirs
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

// statsOptionsZero reports whether every option that shapes the statistics
// is zero: a Stats so configured takes the options of the statistics that
// Merge or decoding give it.
func (c *Config) statsOptionsZero() bool {
	return c.Tokenizer == nil && c.Normalizer == nil && !c.Lowercase && c.MaxOrder == 0
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
