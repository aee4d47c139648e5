package bleu

import (
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/go-bleu/bleu/internal/charngram"
	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/ngram"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// White-box (package bleu): these tests compare, segment by segment, the
// char tokenizer's counter inside a Stats with the counting of its
// tokens, and check when a Stats (or each AddCorpus goroutine) switches to
// the counter: per-segment statistics and the counter's state are not
// exported.

// The char tokenizer's counting (internal/charngram) inside Stats: the
// same statistics as the tokens give, and when Stats starts using it.

// charSegment counts a segment with the char tokenizer's counter, or
// returns false when it leaves the segment to the tokens.
func charSegment(c *charngram.Counter, hyp string, refs []string, order int) (ngram.Segment, bool) {
	st := ngram.Segment{Matches: make([]int64, order), Totals: make([]int64, order)}
	ok := c.Segment(&st, hyp, refs)
	return st, ok
}

// TestCharSeveralReferences compares, segment by segment, the char
// tokenizer's counting of two references with that of the tokens (which
// conformance_test.go checks), on the conformance pairs that have two,
// as they are and lowercased (the references normalized apart), and with
// the references swapped. Both counters run in a Stats, as Add does them.
func TestCharSeveralReferences(t *testing.T) {
	conftest.ForEach(t, ".", testCharSeveralReferences)
}

func testCharSeveralReferences(t *testing.T, set conftest.Set) {
	for _, pair := range conftest.TwoRefPairs(set) {
		hyps, ref, ref2 := twoRefPair(t, set, pair)
		for _, lower := range []bool{false, true} {
			cfg := Config{Tokenizer: TokenizerChar, Lowercase: lower}
			fast := Stats{Config: cfg}
			// A tokenizer of another type is counted by its tokens.
			tokens := Stats{Config: Config{Tokenizer: TokenizerFunc(TokenizerChar.Tokenize), Lowercase: lower}}
			var c charngram.Counter
			var counted int
			for i := range hyps {
				for _, refs := range [][]string{{ref[i], ref2[i]}, {ref2[i], ref[i], ref[i]}} {
					if _, d := addByBothCounters(t, &fast, &tokens, hyps[i], refs); d != "" {
						t.Fatalf("%s segment %d, lowercase %v, %d references (-tokens +char):\n%s", pair, i, lower, len(refs), d)
					}
				}
				prep := func(text string) string {
					text, _ = fast.prepare(text)
					return text
				}
				if _, ok := charSegment(&c, prep(hyps[i]), []string{prep(ref[i]), prep(ref2[i])}, 4); ok {
					counted++
				}
			}
			if d := cmp.Diff(tokens.Score(), fast.Score(), cmpopts.IgnoreFields(Score{}, "Signature")); d != "" {
				t.Errorf("%s, lowercase %v: corpus (-tokens +char):\n%s", pair, lower, d)
			}
			if counted < len(hyps)*9/10 {
				t.Errorf("%s: %d segments of %d counted the char tokenizer's counter", pair, counted, len(hyps))
			}
		}
	}
}

// twoRefPair reads a conformance pair that has two references: a
// system's hypotheses, references A and B.
func twoRefPair(t *testing.T, set conftest.Set, pair string) (hyps, ref, ref2 []string) {
	data := filepath.Join(set.Dir, "data", pair)
	return conftest.ReadLines(t, filepath.Join(data, conftest.System(set))),
		conftest.ReadLines(t, filepath.Join(data, "ref.txt")),
		conftest.ReadLines(t, filepath.Join(data, "ref2.txt"))
}

// addByBothCounters adds the segment hyp, refs to fast, a Stats of the char
// tokenizer, and to tokens, which is counted by its tokens, and returns fast's
// statistics of the segment and how they differ from tokens' (-tokens
// +char), "" if they do not.
func addByBothCounters(t *testing.T, fast, tokens *Stats, hyp string, refs []string) (ngram.Segment, string) {
	t.Helper()
	seg, err := fast.add(hyp, refs)
	if err != nil {
		t.Fatal(err)
	}
	got := ngram.Segment{HypLen: seg.HypLen, RefLen: seg.RefLen, Matches: slices.Clone(seg.Matches), Totals: slices.Clone(seg.Totals)}
	want, err := tokens.add(hyp, refs)
	if err != nil {
		t.Fatal(err)
	}
	return got, conftest.DiffCounts(conftest.Counts(*want), conftest.Counts(got))
}

// TestCharDocuments compares, document by document, the char
// tokenizer's counting with that of the tokens, as
// TestCharSeveralReferences does, on the conformance pairs joined into
// documents of 4 and 16 segments (most of them longer than maxCharHyp
// characters), with one reference and with two. Both counters run in a Stats,
// as Add does them, which counts long hypotheses its own counter once it has
// seen charLongAfter characters of them.
func TestCharDocuments(t *testing.T) {
	conftest.ForEach(t, ".", testCharDocuments)
}

func testCharDocuments(t *testing.T, set conftest.Set) {
	for _, pair := range conftest.TwoRefPairs(set) {
		hyps, ref, ref2 := twoRefPair(t, set, pair)
		for _, k := range []int{4, 16} {
			fast := Stats{Config: Config{Tokenizer: TokenizerChar}}
			tokens := Stats{Config: Config{Tokenizer: TokenizerFunc(TokenizerChar.Tokenize)}}
			var c charngram.Counter
			c.SkipLongWarmUp()
			var long, counted int
			for i := 0; i+k <= len(hyps); i += k {
				hyp := strings.Join(hyps[i:i+k], " ")
				r1, r2 := strings.Join(ref[i:i+k], " "), strings.Join(ref2[i:i+k], " ")
				for _, refs := range [][]string{{r1}, {r1, r2}} {
					got, d := addByBothCounters(t, &fast, &tokens, hyp, refs)
					if d != "" {
						t.Fatalf("%s document %d of %d segments, %d references (-tokens +char):\n%s", pair, i/k, k, len(refs), d)
					}
					if got.HypLen > charngram.MaxShortHyp {
						long++
						if _, ok := charSegment(&c, hyp, refs, 4); ok {
							counted++
						}
					}
				}
			}
			if d := cmp.Diff(tokens.Score(), fast.Score(), cmpopts.IgnoreFields(Score{}, "Signature")); d != "" {
				t.Errorf("%s, %d segments a document: corpus (-tokens +char):\n%s", pair, k, d)
			}
			// Chinese, and the portable set's many scripts, have more
			// distinct characters and bigrams in a document than the
			// counter takes (see internal/charngram).
			if pair != "en-zh" && pair != "zh" && pair != "mul" && counted < long*9/10 {
				t.Errorf("%s, %d segments a document: %d of %d long hypotheses counted the char tokenizer's counter", pair, k, counted, long)
			}
		}
	}
}

// TestCharTablesAfter checks when a Stats starts counting the char
// tokenizer its own counter: once it has counted charngram.TablesAfter bytes,
// the segment that reaches them included; with AddCorpus, at once for a
// corpus with that much text for each goroutine, not for a smaller one.
// Either way the statistics are those of Add.
func TestCharTablesAfter(t *testing.T) {
	cfg := Config{Tokenizer: TokenizerChar}
	seg := strings.Repeat("abcdé ", 100) // 700 bytes, 1,400 with its reference
	var s Stats
	s.Config = cfg
	var added int
	for added+2*len(seg) < charngram.TablesAfter {
		if err := s.Add(seg, seg); err != nil {
			t.Fatal(err)
		}
		added += 2 * len(seg)
		if s.scratch.char.TablesMade() {
			t.Fatalf("char tables made after %d bytes, want %d", added, charngram.TablesAfter)
		}
	}
	if err := s.Add(seg, seg); err != nil {
		t.Fatal(err)
	}
	if !s.scratch.char.TablesMade() {
		t.Fatalf("no char tables after %d bytes, want them from %d", added+2*len(seg), charngram.TablesAfter)
	}

	// AddCorpus decides for its goroutines, which may not all get
	// segments (one can finish the corpus before another starts): what
	// is checked is the decision, which Add then follows.
	hyps, refs := conftest.SampleCorpus(t, ".", 700, 5)
	textOf := func(n int) int {
		bytes := 0
		for i := range n {
			bytes += len(hyps[i]) + len(refs[i])
		}
		return bytes
	}
	small := 0 // the most segments whose text is under charngram.TablesAfter
	for textOf(small+1) < charngram.TablesAfter {
		small++
	}
	// Enough text for every goroutine AddCorpus may start.
	for textOf(len(hyps)) < charngram.TablesAfter*runtime.GOMAXPROCS(0) {
		hyps, refs = append(hyps, hyps...), append(refs, refs...)
	}
	for _, n := range []int{len(hyps), small} {
		want := Stats{Config: cfg}
		for i := range n {
			if err := want.Add(hyps[i], refs[i]); err != nil {
				t.Fatal(err)
			}
		}
		got := Stats{Config: cfg}
		if err := got.AddCorpus(hyps[:n], refs[:n]); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want.Score(), got.Score()); d != "" {
			t.Errorf("%d segments: AddCorpus differs from Add (-Add +AddCorpus):\n%s", n, d)
		}
		big := n == len(hyps)
		for w, sh := range got.scratch.shards {
			ready := sh.scratch != nil && sh.scratch.char.Warm()
			if ready != big {
				t.Errorf("%d segments, goroutine %d: char tables ready %v, want %v", n, w, ready, big)
			}
			if made := sh.scratch != nil && sh.scratch.char.TablesMade(); made && !ready {
				t.Errorf("%d segments, goroutine %d: char tables made, not ready", n, w)
			}
		}
	}
}
