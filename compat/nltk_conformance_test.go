package compat

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"

	"github.com/go-bleu/bleu/internal/conftest"
)

// The NLTK 3.8 goldens of the shared conformance set (nltk/nltk.json and
// its README): corpus_bleu and sentence_bleu on 500 segments of two WMT22
// pairs, NLTK's docstring and unit-test vectors, and experiments on its
// quirks. Every entry is checked.

func conformanceDir(t *testing.T) string {
	t.Helper()
	dir := conftest.WMTDir("..")
	if _, err := os.Stat(filepath.Join(dir, "nltk", "nltk.json")); dir == "" || err != nil {
		t.Skip("no NLTK goldens (set BLEU_CONFORMANCE_DIR to the WMT conformance set)")
	}
	return dir
}

type nltkGolden struct {
	Pairs   []nltkPair  `json:"pairs"`
	Vectors []nltkGroup `json:"vectors"`
	Quirks  []nltkGroup `json:"quirks"`
}

type nltkPair struct {
	Pair       string            `json:"pair"`
	DataDir    string            `json:"data_dir"`
	FirstN     int               `json:"first_n_segments"`
	References []string          `json:"references"`
	Systems    map[string]string `json:"systems"`
	Tokens     map[string]struct {
		SHA256  string `json:"sha256"`
		NTokens []int  `json:"n_tokens"`
	} `json:"tokens"`
	CorpusStats []struct {
		Refs    []string                    `json:"refs"`
		Results map[string]nltkGoldenCounts `json:"results"`
	} `json:"corpus_stats"`
	Corpus []struct {
		ID          string                 `json:"id"`
		Weights     []float64              `json:"weights"`
		Smoothing   *string                `json:"smoothing"`
		AutoReweigh bool                   `json:"auto_reweigh"`
		Refs        []string               `json:"refs"`
		Results     map[string]json.Number `json:"results"`
		Errors      map[string]string      `json:"errors"`
		Warnings    map[string][]int       `json:"warnings"`
	} `json:"corpus"`
	CorpusWeightsList []struct {
		ID          string                   `json:"id"`
		WeightsList [][]float64              `json:"weights_list"`
		Smoothing   *string                  `json:"smoothing"`
		AutoReweigh bool                     `json:"auto_reweigh"`
		Refs        []string                 `json:"refs"`
		Results     map[string][]json.Number `json:"results"`
		Errors      map[string]string        `json:"errors"`
		Warnings    map[string][]int         `json:"warnings"`
	} `json:"corpus_weights_list"`
	Sentence struct {
		System string `json:"system"`
		Stats  []struct {
			Refs     []string           `json:"refs"`
			Segments []nltkGoldenCounts `json:"segments"`
		} `json:"stats"`
		Entries []struct {
			ID          string            `json:"id"`
			Smoothing   *string           `json:"smoothing"`
			AutoReweigh bool              `json:"auto_reweigh"`
			Refs        []string          `json:"refs"`
			Scores      []json.Number     `json:"scores"`
			Errors      map[string]string `json:"errors"`
			Warnings    [][]int           `json:"warnings"`
		} `json:"entries"`
	} `json:"sentence"`
}

type nltkGoldenCounts struct {
	HypLen       int64             `json:"hyp_len"`
	RefLen       int64             `json:"ref_len"`
	Numerators   []int64           `json:"numerators"`
	Denominators []int64           `json:"denominators"`
	HypNgrams    []int64           `json:"hyp_ngrams"`
	BP           json.Number       `json:"bp"`           // corpus_stats only
	LastSegment  *nltkGoldenCounts `json:"last_segment"` // corpus_stats only
}

type nltkGroup struct {
	Group     string              `json:"group"`
	Sentences map[string][]string `json:"sentences"`
	BleuCalls []struct {
		ID               string        `json:"id"`
		Function         string        `json:"function"`
		ListOfReferences [][]string    `json:"list_of_references"`
		Hypotheses       []string      `json:"hypotheses"`
		WeightsContainer string        `json:"weights_container"`
		Weights          []float64     `json:"weights"`
		WeightsList      [][]float64   `json:"weights_list"`
		Smoothing        *string       `json:"smoothing"`
		AutoReweigh      bool          `json:"auto_reweigh"`
		Result           *json.Number  `json:"result"`
		Results          []json.Number `json:"results"`
		Error            *string       `json:"error"`
		Warnings         []int         `json:"warnings"`
	} `json:"bleu_calls"`
	ModifiedPrecisionCalls []struct {
		ID          string   `json:"id"`
		References  []string `json:"references"`
		Hypothesis  string   `json:"hypothesis"`
		N           int      `json:"n"`
		Numerator   int      `json:"numerator"`
		Denominator int      `json:"denominator"`
	} `json:"modified_precision_calls"`
	BrevityPenaltyCalls []struct {
		ID            string      `json:"id"`
		RefLengths    []int       `json:"ref_lengths"`
		HypLen        int         `json:"hyp_len"`
		ClosestRefLen int         `json:"closest_ref_len"`
		BP            json.Number `json:"bp"`
	} `json:"brevity_penalty_calls"`
}

func loadNLTKGolden(t *testing.T) (string, *nltkGolden) {
	dir := conformanceDir(t)
	f, err := os.Open(filepath.Join(dir, "nltk", "nltk.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := json.NewDecoder(f)
	dec.UseNumber()
	var g nltkGolden
	if err := dec.Decode(&g); err != nil {
		t.Fatal(err)
	}
	return dir, &g
}

// scoreChecker compares scores with NLTK's bit for bit; NLTK's integer 0
// must be EarlyZero.
type scoreChecker struct {
	t      *testing.T
	n, bad int
}

func (c *scoreChecker) check(name string, got float64, early bool, want json.Number) {
	c.t.Helper()
	c.n++
	s := want.String()
	if s == "0" { // Python's int 0
		if !early || got != 0 {
			c.fail(name, "got %v (early zero %v), want NLTK's int 0", got, early)
		}
		return
	}
	w, err := strconv.ParseFloat(s, 64)
	if err != nil {
		c.t.Fatalf("%s: %v", name, err)
	}
	if early {
		c.fail(name, "got the early int 0, want %s", s)
		return
	}
	if got != w {
		c.fail(name, "got %v, want %s (%d ulp)", got, s, int64(math.Float64bits(got))-int64(math.Float64bits(w)))
	}
}

func (c *scoreChecker) fail(name, format string, args ...any) {
	c.t.Helper()
	c.bad++
	if c.bad <= 20 {
		c.t.Errorf(name+": "+format, args...)
	}
}

func (c *scoreChecker) done() {
	c.t.Logf("%d scores, %d differ from NLTK's", c.n, c.bad)
}

func smoothingOf(t *testing.T, s *string) NLTKSmoothing {
	if s == nil {
		return NLTKMethod0
	}
	k, err := strconv.Atoi(strings.TrimPrefix(*s, "method"))
	if err != nil {
		t.Fatalf("smoothing %q", *s)
	}
	return NLTKSmoothing(k)
}

// checkErr checks a *PythonError against NLTK's "<Type>: <message>".
func checkErr(t *testing.T, name string, err error, want string) {
	t.Helper()
	var pe *PythonError
	switch {
	case want == "" && err != nil:
		t.Errorf("%s: unexpected error %v", name, err)
	case want != "" && err == nil:
		t.Errorf("%s: no error, want %s", name, want)
	case want != "" && !asPythonError(err, &pe):
		t.Errorf("%s: error %v is not a *PythonError", name, err)
	case want != "" && pe.Exception+": "+pe.Message != want:
		t.Errorf("%s: error %q, want %q", name, pe.Exception+": "+pe.Message, want)
	}
}

func asPythonError(err error, pe **PythonError) bool {
	p, ok := err.(*PythonError)
	*pe = p
	return ok
}

// readTokens reads the first n segments of a data file and tokenizes them
// as the goldens were: sacreBLEU's 13a, then Python's str.split().
func readTokens(t *testing.T, path string, n int) [][]string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	out := make([][]string, n)
	for i := range out {
		out[i] = bleu.Tokenizer13a.Tokenize(nil, lines[i])
	}
	return out
}

func tokensSHA256(segs [][]string) string {
	h := sha256.New()
	for _, s := range segs {
		h.Write([]byte(strings.Join(s, " ") + "\n"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

func (c nltkCounts) upTo(order int) nltkCounts {
	return nltkCounts{num: c.num[:order], den: c.den[:order], hypLen: c.hypLen, refLen: c.refLen}
}

func checkCounts(t *testing.T, name string, got nltkCounts, want nltkGoldenCounts) {
	t.Helper()
	if got.hypLen != want.HypLen || got.refLen != want.RefLen || !slices.Equal(got.num, want.Numerators) || !slices.Equal(got.den, want.Denominators) {
		t.Errorf("%s: counts %+v, want %+v", name, got, want)
	}
}

func TestNLTKConformancePairs(t *testing.T) {
	dir, g := loadNLTKGolden(t)
	c := scoreChecker{t: t}
	for _, p := range g.Pairs {
		toks := map[string][][]string{}
		for file, want := range p.Tokens {
			segs := readTokens(t, filepath.Join(dir, p.DataDir, file), p.FirstN)
			if got := tokensSHA256(segs); got != want.SHA256 {
				t.Fatalf("%s/%s: tokens differ from the goldens' (sha256 %s, want %s)", p.Pair, file, got, want.SHA256)
			}
			toks[file] = segs
		}
		refSets := map[string][][][]string{}
		refsOf := func(files []string) [][][]string {
			key := strings.Join(files, ",")
			if r, ok := refSets[key]; ok {
				return r
			}
			r := make([][][]string, p.FirstN)
			for i := range r {
				for _, f := range files {
					r[i] = append(r[i], toks[f][i])
				}
			}
			refSets[key] = r
			return r
		}
		// The corpus sums, counted once per reference set and system up
		// to order 5, checked against NLTK's own sums.
		totals := map[string]nltkCounts{}
		for _, cs := range p.CorpusStats {
			refs := refsOf(cs.Refs)
			for sys, file := range p.Systems {
				tt, err := nltkTotals(toks[file], refs, 5)
				if err != nil {
					t.Fatal(err)
				}
				name := p.Pair + " " + sys + " " + strings.Join(cs.Refs, ",")
				want := cs.Results[sys]
				checkCounts(t, name, tt, want)
				checkHypNgrams(t, name, toks[file], want.HypNgrams)
				if want.BP.String() == "1" { // NLTK's int 1: longer hypotheses
					if tt.hypLen <= tt.refLen {
						t.Errorf("%s: bp is the int 1, but the hypotheses are not longer", name)
					}
				} else {
					c.check(name+" bp", nltkBrevityPenalty(tt.refLen, tt.hypLen), false, want.BP)
				}
				last, err := nltkTotals(toks[file][p.FirstN-1:], refs[p.FirstN-1:], 5)
				if err != nil || want.LastSegment == nil {
					t.Fatalf("%s: last segment: %v", name, err)
				}
				checkCounts(t, name+" last segment", last, *want.LastSegment)
				totals[strings.Join(cs.Refs, ",")+"|"+sys] = tt
			}
		}
		publicChecked := map[string]bool{}
		for _, e := range p.Corpus {
			refs := refsOf(e.Refs)
			n := NLTK{Weights: e.Weights, Smoothing: smoothingOf(t, e.Smoothing), AutoReweigh: e.AutoReweigh}
			w := e.Weights
			if w == nil {
				w = nltkDefaultWeights
			}
			for sys, file := range p.Systems {
				name := p.Pair + " " + e.ID + " " + sys
				tt := totals[strings.Join(e.Refs, ",")+"|"+sys].upTo(len(w))
				hyps := toks[file]
				res, err := n.score(&tt, [][]float64{w}, hyps[len(hyps)-1], refs[len(refs)-1])
				checkErr(t, name, err, e.Errors[sys])
				if err != nil {
					continue
				}
				c.check(name, res.Scores[0], res.EarlyZero, e.Results[sys])
				if !slices.Equal(res.Warnings, e.Warnings[sys]) && len(res.Warnings)+len(e.Warnings[sys]) > 0 {
					t.Errorf("%s: warnings %v, want %v", name, res.Warnings, e.Warnings[sys])
				}
				// The public path, counting from the tokens, once per
				// smoothing method and weights.
				key := n.Smoothing.String() + strconv.Itoa(len(w))
				if !publicChecked[key] && sys == "JDExploreAcademy" {
					publicChecked[key] = true
					got, err := n.Corpus(hyps, refs)
					if err != nil || got != res.Scores[0] {
						t.Errorf("%s: Corpus = %v, %v; want %v", name, got, err, res.Scores[0])
					}
				}
			}
		}
		for _, e := range p.CorpusWeightsList {
			refs := refsOf(e.Refs)
			n := NLTK{Smoothing: smoothingOf(t, e.Smoothing), AutoReweigh: e.AutoReweigh}
			order := 0
			for _, w := range e.WeightsList {
				order = max(order, len(w))
			}
			for sys, file := range p.Systems {
				name := p.Pair + " " + e.ID + " " + sys
				tt := totals[strings.Join(e.Refs, ",")+"|"+sys].upTo(order)
				hyps := toks[file]
				res, err := n.score(&tt, e.WeightsList, hyps[len(hyps)-1], refs[len(refs)-1])
				checkErr(t, name, err, e.Errors[sys])
				if err != nil {
					continue
				}
				for j, want := range e.Results[sys] {
					c.check(name+" "+strconv.Itoa(j), res.Scores[j], res.EarlyZero, want)
				}
				if !slices.Equal(res.Warnings, e.Warnings[sys]) && len(res.Warnings)+len(e.Warnings[sys]) > 0 {
					t.Errorf("%s: warnings %v, want %v", name, res.Warnings, e.Warnings[sys])
				}
			}
		}
		checkNLTKSentences(t, &c, p, toks, refsOf)
	}
	c.done()
}

// checkHypNgrams checks the real numbers of hypothesis n-grams, orders
// 1..5, which NLTK's max(1, n) denominators exceed for short segments.
func checkHypNgrams(t *testing.T, name string, hyps [][]string, want []int64) {
	t.Helper()
	got := make([]int64, 5)
	var c counter
	var sc segmentCounts
	for _, h := range hyps {
		c.count(&sc, h, nil, 5)
		for k := range got {
			got[k] += int64(sc.ngrams[k])
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s: hypothesis n-grams %v, want %v", name, got, want)
	}
}

func checkNLTKSentences(t *testing.T, c *scoreChecker, p nltkPair, toks map[string][][]string, refsOf func([]string) [][][]string) {
	s := p.Sentence
	hyps := toks[p.Systems[s.System]]
	segTotals := map[string][]nltkCounts{}
	for _, st := range s.Stats {
		refs := refsOf(st.Refs)
		tt := make([]nltkCounts, len(hyps))
		for i := range hyps {
			var err error
			tt[i], err = nltkTotals(hyps[i:i+1], refs[i:i+1], 5)
			if err != nil {
				t.Fatal(err)
			}
			checkCounts(t, p.Pair+" sentence "+strconv.Itoa(i), tt[i], st.Segments[i])
			checkHypNgrams(t, p.Pair+" sentence "+strconv.Itoa(i), hyps[i:i+1], st.Segments[i].HypNgrams)
		}
		segTotals[strings.Join(st.Refs, ",")] = tt
	}
	for _, e := range s.Entries {
		refs := refsOf(e.Refs)
		n := NLTK{Smoothing: smoothingOf(t, e.Smoothing), AutoReweigh: e.AutoReweigh}
		tt := segTotals[strings.Join(e.Refs, ",")]
		for i := range hyps {
			name := p.Pair + " " + e.ID + " segment " + strconv.Itoa(i)
			ti := tt[i].upTo(4)
			res, err := n.score(&ti, [][]float64{nltkDefaultWeights}, hyps[i], refs[i])
			checkErr(t, name, err, e.Errors[strconv.Itoa(i)])
			if err != nil {
				continue
			}
			c.check(name, res.Scores[0], res.EarlyZero, e.Scores[i])
			if !slices.Equal(res.Warnings, e.Warnings[i]) && len(res.Warnings)+len(e.Warnings[i]) > 0 {
				t.Errorf("%s: warnings %v, want %v", name, res.Warnings, e.Warnings[i])
			}
			if i%50 == 0 { // the public path now and then
				got, err := n.Sentence(hyps[i], refs[i]...)
				if err != nil || got != res.Scores[0] {
					t.Errorf("%s: Sentence = %v, %v; want %v", name, got, err, res.Scores[0])
				}
			}
		}
	}
}

func TestNLTKConformanceVectors(t *testing.T) {
	_, g := loadNLTKGolden(t)
	c := scoreChecker{t: t}
	for _, grp := range append(g.Vectors, g.Quirks...) {
		sent := func(name string) []string {
			s, ok := grp.Sentences[name]
			if !ok {
				t.Fatalf("%s: no sentence %q", grp.Group, name)
			}
			return s
		}
		for _, call := range grp.BleuCalls {
			name := grp.Group + " " + call.ID
			var hyps [][]string
			var refs [][][]string
			for i, h := range call.Hypotheses {
				hyps = append(hyps, sent(h))
				var r [][]string
				for _, rn := range call.ListOfReferences[i] {
					r = append(r, sent(rn))
				}
				refs = append(refs, r)
			}
			n := NLTK{Smoothing: smoothingOf(t, call.Smoothing), AutoReweigh: call.AutoReweigh}
			var weights [][]float64
			switch call.WeightsContainer {
			case "omitted":
			case "tuple":
				n.Weights = call.Weights
			case "list":
				// NLTK never reweighs a list (see NLTK.AutoReweigh).
				n.Weights, n.AutoReweigh = call.Weights, false
			case "list_of_tuples":
				weights = call.WeightsList
			default:
				t.Fatalf("%s: weights container %q", name, call.WeightsContainer)
			}
			res, err := n.Result(hyps, refs, weights...)
			want := ""
			if call.Error != nil {
				want = *call.Error
			}
			checkErr(t, name, err, want)
			if err != nil {
				continue
			}
			if call.Result != nil {
				c.check(name, res.Scores[0], res.EarlyZero, *call.Result)
			}
			for j, w := range call.Results {
				c.check(name+" "+strconv.Itoa(j), res.Scores[j], res.EarlyZero, w)
			}
			if !slices.Equal(res.Warnings, call.Warnings) && len(res.Warnings)+len(call.Warnings) > 0 {
				t.Errorf("%s: warnings %v, want %v", name, res.Warnings, call.Warnings)
			}
		}
		for _, mp := range grp.ModifiedPrecisionCalls {
			var refs [][]string
			for _, rn := range mp.References {
				refs = append(refs, sent(rn))
			}
			var cnt counter
			var sc segmentCounts
			cnt.count(&sc, sent(mp.Hypothesis), refs, mp.N)
			if num, den := sc.matches[mp.N-1], max(1, sc.ngrams[mp.N-1]); num != mp.Numerator || den != mp.Denominator {
				t.Errorf("%s %s: modified precision %d/%d, want %d/%d", grp.Group, mp.ID, num, den, mp.Numerator, mp.Denominator)
			}
		}
		for _, bc := range grp.BrevityPenaltyCalls {
			var refs [][]string
			for _, l := range bc.RefLengths {
				refs = append(refs, make([]string, l))
			}
			r := closestRefLen(bc.HypLen, refs)
			if r != bc.ClosestRefLen {
				t.Errorf("%s %s: closest reference length %d, want %d", grp.Group, bc.ID, r, bc.ClosestRefLen)
			}
			switch {
			case bc.HypLen > r:
				if bc.BP.String() != "1" {
					t.Errorf("%s %s: bp 1, want %s", grp.Group, bc.ID, bc.BP)
				}
			case bc.HypLen == 0:
				if bc.BP.String() != "0" {
					t.Errorf("%s %s: bp 0, want %s", grp.Group, bc.ID, bc.BP)
				}
			default:
				c.check(grp.Group+" "+bc.ID, nltkBrevityPenalty(int64(r), int64(bc.HypLen)), false, bc.BP)
			}
		}
	}
	c.done()
}
