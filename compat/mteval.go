package compat

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/libm"
)

// MTEval is NIST's mteval-v13a.pl (the version in Moses'
// scripts/generic), the script WMT used to report BLEU and NIST: its
// tokenization (sacreBLEU's 13a rules after lowercasing ASCII letters,
// unless -c), BLEU with its smoothing of zero counts (1/2^k) and the
// closest reference length, and NIST with information weights from the
// references, both up to 9-grams. Its zero value is the script's defaults
// (both metrics, case-insensitive, closest reference length, smoothing).
// Its --international-tokenization, -e, -d and --metricsMATR options are
// not reproduced.
//
// The script reads SGML or XML files; Corpus takes plain lines and
// scores what the script scores for them wrapped as mteval expects: one
// document "doc1" in a set "bleu" (languages "any"), segments numbered
// from 1, each line's &, < and > written as &amp;, &lt; and &gt;, the
// source segments empty, the hypothesis system named "hyp" and the
// references "ref1", "ref2", ... (internal/gen/compat/goldens.py writes
// these files).
//
// MTEval is a plain value, safe to copy and to use concurrently.
type MTEval struct {
	PreserveCase bool // -c: keep upper-case letters
	BLEUOnly     bool // -b: BLEU only
	NISTOnly     bool // -n: NIST only
	Shortest     bool // --brevity-penalty shortest: the shortest reference length
	NoSmoothing  bool // --no-smoothing: zero counts make the cumulative scores 0
}

// mtevalMaxN is the script's $max_Ngram.
const mtevalMaxN = 9

// MTEvalResult is what mteval-v13a.pl computes for one system; String and
// Report print it as the script does.
type MTEvalResult struct {
	opts MTEval

	// BLEU is the cumulative 4-gram BLEU and NIST the cumulative 5-gram
	// NIST score, the script's headline figures.
	BLEU, NIST float64

	// The individual and cumulative n-gram scores for n = 1..9, as in the
	// script's tables (zero for a metric not computed).
	BLEUIndividual, BLEUCumulative [mtevalMaxN]float64
	NISTIndividual, NISTCumulative [mtevalMaxN]float64

	HypLen   int // hypothesis words
	RefLen   int // reference length (closest or shortest), summed
	Segments int // segments
	Refs     int // reference sets
}

// ErrMTEvalNoSegments reports input the script refuses: a document
// without segments.
var ErrMTEvalNoSegments = errors.New("compat: mteval-v13a.pl needs at least one segment")

// Corpus scores hyps against the reference streams refs, which must all
// have len(hyps) lines. Input on which the script dies (a division by
// zero, the log of 0) is an error.
func (m MTEval) Corpus(hyps []string, refs ...[]string) (MTEvalResult, error) {
	if m.BLEUOnly && m.NISTOnly {
		return MTEvalResult{}, errors.New("compat: MTEval: BLEUOnly and NISTOnly together")
	}
	if len(hyps) == 0 {
		return MTEvalResult{}, ErrMTEvalNoSegments
	}
	if len(refs) == 0 {
		return MTEvalResult{}, errors.New("compat: mteval-v13a.pl needs a reference set")
	}
	tok := func(s string) ([]string, error) {
		if !utf8.ValidString(s) {
			return nil, errors.New("compat: mteval-v13a.pl reads UTF-8, and a line is not")
		}
		// mteval lowercases ASCII letters after decoding entities and
		// before its rules, which letters do not affect: lowercasing the
		// words is the same.
		w := words13a(sgmlEscape(s))
		if !m.PreserveCase {
			for i := range w {
				w[i] = asciiLower(w[i])
			}
		}
		return w, nil
	}
	var err error
	hw := make([][]string, len(hyps))
	for i, h := range hyps {
		if hw[i], err = tok(h); err != nil {
			return MTEvalResult{}, err
		}
	}
	rw := make([][][]string, len(refs))
	for k, r := range refs {
		if len(r) != len(hyps) {
			return MTEvalResult{}, fmt.Errorf("compat: mteval-v13a.pl needs as many segments in every reference set as hypotheses: %d and %d", len(r), len(hyps))
		}
		rw[k] = make([][]string, len(r))
		for i, s := range r {
			if rw[k][i], err = tok(s); err != nil {
				return MTEvalResult{}, err
			}
		}
	}
	info := mtevalInfo(rw)
	t := m.totals(hw, rw, info)
	res := MTEvalResult{opts: m, HypLen: t.tst[0], RefLen: t.refLength, Segments: len(hyps), Refs: len(refs)}
	if !m.BLEUOnly {
		if err := res.nist(&t, len(refs)); err != nil {
			return MTEvalResult{}, err
		}
	}
	if !m.NISTOnly {
		if err := res.bleu(&t); err != nil {
			return MTEvalResult{}, err
		}
	}
	return res, nil
}

func sgmlEscape(s string) string {
	if !strings.ContainsAny(s, "&<>") {
		return s
	}
	s = strings.ReplaceAll(s, "&", "&amp;")
	s = strings.ReplaceAll(s, "<", "&lt;")
	return strings.ReplaceAll(s, ">", "&gt;")
}

// mtevalNgrams counts the n-grams of words for n = 1..9, keyed by their
// words joined with spaces (the script's Words2Ngrams), and returns the
// keys in the order of their first occurrence.
func mtevalNgrams(words []string, counts map[string]int, order []string) []string {
	for i := range words {
		for n := 1; n <= mtevalMaxN && i+n <= len(words); n++ {
			k := strings.Join(words[i:i+n], " ")
			if counts[k] == 0 {
				order = append(order, k)
			}
			counts[k]++
		}
	}
	return order
}

// mtevalInfo is compute_ngram_info: the information weight of every
// reference n-gram, -log2(count(n-gram) / count(its first n-1 words)),
// with the number of reference words for unigrams, and for an n-gram
// whose first words are "0" (Perl's false).
func mtevalInfo(refs [][][]string) map[string]float64 {
	counts := map[string]int{}
	total := 0
	for _, r := range refs {
		for _, words := range r {
			total += len(words)
			mtevalNgrams(words, counts, nil)
		}
	}
	info := make(map[string]float64, len(counts))
	ln2 := libm.Log(2)
	for k, c := range counts {
		den := total
		if i := strings.LastIndexByte(k, ' '); i >= 0 && k[:i] != "0" {
			den = counts[k[:i]]
		}
		info[k] = -libm.Log(float64(c)/float64(den)) / ln2
	}
	return info
}

// mtevalTotals are the sums of score_segment's statistics over the
// segments, orders 1..9 at indices 0..8.
type mtevalTotals struct {
	refLength       int
	match, tst, ref [mtevalMaxN]int
	tstInfo         [mtevalMaxN]float64

	// noRefWords is the first segment (from 1) whose references are all
	// empty, 0 if none: the script's NIST of that segment divides by 0.
	noRefWords int
}

func (m MTEval) totals(hyps [][]string, refs [][][]string, info map[string]float64) mtevalTotals {
	var t mtevalTotals
	tstCounts, refCounts, refMax := map[string]int{}, map[string]int{}, map[string]int{}
	var order []string
	for i, words := range hyps {
		clear(tstCounts)
		clear(refMax)
		order = mtevalNgrams(words, tstCounts, order[:0])
		for j := range mtevalMaxN {
			t.tst[j] += max(0, len(words)-j)
		}
		refLen, refWords := -1, 0
		for _, r := range refs {
			rw := r[i]
			clear(refCounts)
			mtevalNgrams(rw, refCounts, nil)
			for k, c := range refCounts {
				refMax[k] = max(refMax[k], c)
			}
			for j := range mtevalMaxN {
				t.ref[j] += max(0, len(rw)-j)
			}
			refLen = m.refLength(refLen, len(rw), len(words))
			refWords += len(rw)
		}
		t.refLength += refLen
		if refWords == 0 && t.noRefWords == 0 {
			t.noRefWords = i + 1
		}
		// The script adds up the information in Perl's hash order, which
		// varies from run to run; this is the order of first occurrence.
		for _, k := range order {
			rm, ok := refMax[k]
			if !ok {
				continue
			}
			n := strings.Count(k, " ")
			c := min(tstCounts[k], rm)
			t.tstInfo[n] += float64(info[k] * float64(c)) // rounded, as Perl does: never fused
			t.match[n] += c
		}
	}
	return t
}

// refLength is brevity_penalty_closest or brevity_penalty_shortest
// folding in a reference of l words (cur < 0: the first reference).
func (m MTEval) refLength(cur, l, hypLen int) int {
	switch {
	case cur < 0:
		return l
	case m.Shortest:
		return min(cur, l)
	}
	d, dc := abs(hypLen-l), abs(hypLen-cur)
	if d < dc || d == dc && l < cur {
		return l
	}
	return cur
}

// nist is nist_score at the system level. The script computes it for
// every segment first, and dies on a segment without reference words.
func (r *MTEvalResult) nist(t *mtevalTotals, nsys int) error {
	if t.noRefWords > 0 {
		return fmt.Errorf("compat: the references of segment %d have no words (mteval-v13a.pl's NIST dies: Illegal division by zero)", t.noRefWords)
	}
	lp := nistLengthPenalty(float64(t.tst[0]) / (float64(t.ref[0]) / float64(nsys)))
	score := 0.0
	for n := range mtevalMaxN {
		i := t.tstInfo[n] / float64(max(t.tst[n], 1))
		score += i
		r.NISTCumulative[n] = score * lp
		r.NISTIndividual[n] = i * lp
	}
	r.NIST = r.NISTCumulative[4]
	return nil
}

func nistLengthPenalty(ratio float64) float64 {
	if ratio >= 1 {
		return 1
	}
	if ratio <= 0 {
		return 0
	}
	l15 := libm.Log(1.5)
	beta := -libm.Log(0.5) / l15 / l15
	l := libm.Log(ratio)
	return libm.Exp(-beta * l * l)
}

// bleu is bleu_score (or bleu_score_nosmoothing) at the system level.
func (r *MTEvalResult) bleu(t *mtevalTotals) error {
	ref, tst1 := float64(t.refLength), float64(t.tst[0])
	if r.opts.NoSmoothing {
		score := 0.0
		for j := range mtevalMaxN {
			if t.match[j] == 0 {
				continue
			}
			lenScore := min(0, 1-ref/tst1)
			score += libm.Log(float64(t.match[j]) / float64(t.tst[j]))
			r.BLEUCumulative[j] = libm.Exp(score/float64(j+1) + lenScore)
			r.BLEUIndividual[j] = libm.Exp(libm.Log(float64(t.match[j]) / float64(t.tst[j])))
		}
		r.BLEU = r.BLEUCumulative[3]
		return nil
	}
	expLen := 0.0
	if t.tst[0] > 0 {
		expLen = libm.Exp(min(0, 1-ref/tst1))
	}
	// The script prints the length ratio and log(expLen) here.
	if t.refLength == 0 {
		return errors.New("compat: the references have no words (mteval-v13a.pl dies: Illegal division by zero)")
	}
	if expLen == 0 {
		return errors.New("compat: the hypotheses have no words or are far too short (mteval-v13a.pl dies: Can't take log of 0)")
	}
	score, smooth := 0.0, 1.0
	for j := range mtevalMaxN {
		var i float64
		switch {
		case t.tst[j] == 0:
		case t.match[j] == 0:
			smooth *= 2
			i = libm.Log(1 / (smooth * float64(t.tst[j])))
		default:
			i = libm.Log(float64(t.match[j]) / float64(t.tst[j]))
		}
		r.BLEUIndividual[j] = libm.Exp(i)
		score += i
		r.BLEUCumulative[j] = libm.Exp(score/float64(j+1)) * expLen
	}
	r.BLEU = r.BLEUCumulative[3]
	return nil
}

// lengthRatioLine is the line bleu_score prints for the system.
func (r MTEvalResult) lengthRatioLine() string {
	ratio := perlNum(float64(r.HypLen) / float64(r.RefLen))
	expLen := libm.Exp(min(0, 1-float64(r.RefLen)/float64(r.HypLen)))
	return fmt.Sprintf("length ratio: %s (%d/%d), penalty (log): %s\n", ratio, r.HypLen, r.RefLen, perlNum(libm.Log(expLen)))
}

// perlNum is how Perl turns a number into a string: %.15g.
func perlNum(x float64) string {
	if x == 0 {
		x = math.Abs(x)
	}
	return strconv.FormatFloat(x, 'g', 15, 64)
}

// ParseMTEvalArgs returns the MTEval for the script's options: -c, -b,
// -n, --no-smoothing and --brevity-penalty closest|shortest (the value
// also as --brevity-penalty=shortest). Other options are an error, among
// them the file options -r, -s and -t.
func ParseMTEvalArgs(args []string) (MTEval, error) {
	var m MTEval
	for i := 0; i < len(args); i++ {
		a, bp := args[i], ""
		switch a {
		case "-c":
			m.PreserveCase = true
			continue
		case "-b":
			m.BLEUOnly = true
			continue
		case "-n":
			m.NISTOnly = true
			continue
		case "--no-smoothing":
			m.NoSmoothing = true
			continue
		case "--brevity-penalty":
			if i+1 < len(args) {
				i++
				bp = args[i]
			}
		default:
			bp, _ = strings.CutPrefix(a, "--brevity-penalty=")
		}
		if bp != "closest" && bp != "shortest" {
			return MTEval{}, fmt.Errorf("compat: %q is not an mteval-v13a.pl option reproduced here", a)
		}
		m.Shortest = bp == "shortest"
	}
	if m.BLEUOnly && m.NISTOnly {
		return MTEval{}, errors.New("compat: mteval-v13a.pl's -b and -n exclude each other here")
	}
	return m, nil
}

// CommandLine returns the arguments the script would have been given for
// m, after "mteval-v13a.pl", with files named as the package doc says.
func (m MTEval) CommandLine() string {
	s := "-r ref.sgm -s src.sgm -t tst.sgm"
	if m.BLEUOnly {
		s += " -b"
	}
	if m.NISTOnly {
		s += " -n"
	}
	if m.NoSmoothing {
		s += " --no-smoothing"
	}
	if m.Shortest {
		s += " --brevity-penalty shortest"
	}
	if m.PreserveCase {
		s += " -c"
	}
	return s
}

// String is Report with the current time and m.CommandLine().
func (r MTEvalResult) String() string {
	now := time.Now()
	return r.Report(now, now, r.opts.CommandLine())
}

// Report returns what the script prints: the times it began and ended
// (local time, to the second) and its command line's arguments after
// "mteval-v13a.pl" go where it prints them.
func (r MTEvalResult) Report(began, ended time.Time, args string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "MT evaluation scorer began on %s\n", mtevalStamp(began))
	fmt.Fprintf(&b, "command line:  mteval-v13a.pl %s\n", args)
	b.WriteString("  Evaluation of any-to-any translation using:\n")
	fmt.Fprintf(&b, "    src set \"bleu\" (1 docs, %d segs)\n", r.Segments)
	fmt.Fprintf(&b, "    ref set \"bleu\" (%d refs)\n", r.Refs)
	b.WriteString("    tst set \"bleu\" (1 systems)\n\n")
	both := !r.opts.BLEUOnly && !r.opts.NISTOnly
	if !r.opts.NISTOnly && !r.opts.NoSmoothing {
		b.WriteString(r.lengthRatioLine())
	}
	switch {
	case both:
		fmt.Fprintf(&b, "NIST score = %2.4f  BLEU score = %.4f for system \"hyp\"\n", r.NIST, r.BLEU)
	case r.opts.NISTOnly:
		fmt.Fprintf(&b, "NIST score = %2.4f  for system \"hyp\"\n", r.NIST)
	default:
		fmt.Fprintf(&b, "\nBLEU score = %.4f for system \"hyp\"\n", r.BLEU)
	}
	const rule = "# ------------------------------------------------------------------------\n"
	const head = "        1-gram   2-gram   3-gram   4-gram   5-gram   6-gram   7-gram   8-gram   9-gram\n" +
		"        ------   ------   ------   ------   ------   ------   ------   ------   ------\n"
	b.WriteString("\n" + rule + "\nIndividual N-gram scoring\n" + head)
	if !r.opts.BLEUOnly {
		mtevalRow(&b, "NIST", &r.NISTIndividual)
		b.WriteString("\n")
	}
	if !r.opts.NISTOnly {
		mtevalRow(&b, "BLEU", &r.BLEUIndividual)
	}
	b.WriteString("\n" + rule + "Cumulative N-gram scoring\n" + head)
	if !r.opts.BLEUOnly {
		mtevalRow(&b, "NIST", &r.NISTCumulative)
	}
	b.WriteString("\n")
	if !r.opts.NISTOnly {
		mtevalRow(&b, "BLEU", &r.BLEUCumulative)
	}
	fmt.Fprintf(&b, "MT evaluation scorer ended on %s\n", mtevalStamp(ended))
	return b.String()
}

func mtevalRow(b *strings.Builder, name string, v *[mtevalMaxN]float64) {
	b.WriteString(" " + name + ":")
	for _, x := range v {
		fmt.Fprintf(b, "  %2.4f ", x)
	}
	b.WriteString(" \"hyp\"\n")
}

// mtevalStamp is date_time_stamp: "2026 Dec 4 at 07:31:17".
func mtevalStamp(t time.Time) string {
	return fmt.Sprintf("%d %s %d at %02d:%02d:%02d", t.Year(), t.Month().String()[:3], t.Day(), t.Hour(), t.Minute(), t.Second())
}
