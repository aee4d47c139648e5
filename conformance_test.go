package bleu_test

// The conformance test: every golden file of the sacreBLEU 2.6.0
// conformance sets that this package can check, walked from the directory
// rather than listed, so that any set laid out the same way runs as well.
// Two sets: the portable one in testdata/portable, always, and the WMT
// one when it is present (testdata/README.md).

//go:generate go run ./internal/gen/conformance

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// conformanceSet is a conformance set: the portable one, always, or the
// WMT one when it is present (internal/conftest).
type conformanceSet = conftest.Set

// forEachConformanceSet runs f in a subtest per conformance set, named by
// the set.
func forEachConformanceSet(t *testing.T, f func(t *testing.T, set conformanceSet)) {
	t.Helper()
	conftest.ForEach(t, ".", f)
}

// conformanceDirOrEmpty returns the WMT conformance set's directory, or ""
// if it is absent. Tests that check goldens take both sets
// (forEachConformanceSet); some others add its text to their own when it
// is there, and benchmarks measure on it.
func conformanceDirOrEmpty() string { return conftest.WMTDir(".") }

// goldenConfig is the conformance set's config object.
type goldenConfig struct {
	Tokenize       string   `json:"tokenize"`
	Lowercase      bool     `json:"lowercase"`
	SmoothMethod   string   `json:"smooth_method"`
	SmoothValue    *float64 `json:"smooth_value"`
	EffectiveOrder bool     `json:"effective_order"`
	MaxNgramOrder  int      `json:"max_ngram_order"`
	Refs           []string `json:"refs"`
}

func (g goldenConfig) config(t testing.TB) bleu.Config {
	t.Helper()
	tok, err := bleu.TokenizerByName(g.Tokenize)
	if err != nil {
		t.Fatal(err)
	}
	sm, err := bleu.SmoothMethodByName(g.SmoothMethod)
	if err != nil {
		t.Fatal(err)
	}
	c := bleu.Config{Tokenizer: tok, Lowercase: g.Lowercase, MaxOrder: g.MaxNgramOrder, Smooth: sm, EffectiveOrder: g.EffectiveOrder}
	if g.SmoothValue != nil {
		c.SmoothValue = *g.SmoothValue
	}
	return c
}

// goldenScore is the conformance set's score object; ours are converted to
// it for comparison.
type goldenScore struct {
	Score      float64   `json:"score"`
	Precisions []float64 `json:"precisions"`
	BP         float64   `json:"bp"`
	SysLen     int64     `json:"sys_len"`
	RefLen     int64     `json:"ref_len"`
	Counts     []int64   `json:"counts"`
	Totals     []int64   `json:"totals"`
	Ratio      float64   `json:"ratio"`
	Verbose    string    `json:"verbose"`
	Formatted  string    `json:"formatted,omitempty"`
}

// asGolden expresses s as sacreBLEU reports it, but for the precisions,
// left on the 0–1 scale (see checks.score); formatted is filled when
// signature is not empty.
func asGolden(s bleu.Score, signature string) goldenScore {
	g := goldenScore{
		Score:   s.Percent(),
		BP:      s.BP,
		SysLen:  s.HypLen,
		RefLen:  s.RefLen,
		Counts:  s.Counts,
		Totals:  s.Totals,
		Ratio:   s.Ratio,
		Verbose: s.Verbose(),
	}
	g.Precisions = append(g.Precisions, s.Precisions...)
	if signature != "" {
		g.Formatted = s.Text(2, signature)
	}
	return g
}

// ourVersion replaces sacreBLEU's version in a signature with ours.
func ourVersion(sig string) string {
	return strings.ReplaceAll(strings.ReplaceAll(sig, "version:2.6.0", "version:"+bleu.Version), "v:2.6.0", "v:"+bleu.Version)
}

// checks counts the comparisons the conformance test makes. It is safe
// for concurrent use by parallel subtests.
type checks struct{ n atomic.Int64 }

// score compares our score with sacreBLEU's to the last bit: every float
// as sacreBLEU computes it, the score on the 0–100 scale
// (Score.BLEUPercent), the precisions on our 0–1 scale (sacreBLEU's
// divided by 100, as Score divides its own).
func (c *checks) score(t *testing.T, what string, want goldenScore, got bleu.Score, signature string) {
	t.Helper()
	g := asGolden(got, signature)
	want.Precisions = slices.Clone(want.Precisions)
	for i := range want.Precisions {
		want.Precisions[i] /= 100
	}
	c.diff(t, what, want, g)
}

func (c *checks) diff(t *testing.T, what string, want, got any, opts ...cmp.Option) {
	t.Helper()
	c.n.Add(1)
	if d := cmp.Diff(want, got, opts...); d != "" {
		t.Errorf("%s mismatch (-sacreBLEU +ours):\n%s", what, d)
	}
}

// logChecks logs how many checks ran on a set, and fails the test if
// none did.
func (c *checks) logChecks(t *testing.T, set conformanceSet, what string) {
	t.Helper()
	conftest.LogChecks(t, set, c.n.Load(), what)
}

// TestConformance checks the corpus, sentence and edge-case goldens of
// every conformance set.
func TestConformance(t *testing.T) {
	forEachConformanceSet(t, func(t *testing.T, set conformanceSet) {
		files, err := filepath.Glob(filepath.Join(set.Dir, "goldens", "*.json"))
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(files)
		var c checks
		for _, f := range files {
			var head struct {
				DataDir *string         `json:"data_dir"`
				Corpus  json.RawMessage `json:"corpus"`
				Cases   json.RawMessage `json:"cases"`
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &head); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			name := filepath.Base(f)
			switch {
			case head.DataDir != nil && head.Corpus != nil:
				t.Run(name, func(t *testing.T) { checkPairGolden(t, &c, set.Dir, b) })
			case head.Cases != nil:
				t.Run(name, func(t *testing.T) { checkEdgeGolden(t, &c, set.Dir, b) })
			default:
				t.Logf("%s: no corpus or edge entries; its tests belong elsewhere", name)
			}
		}
		c.logChecks(t, set, "corpus, sentence and edge-case")
	})
}

// checkPairGolden checks the corpus and sentence entries of a
// goldens/<pair>.json.
func checkPairGolden(t *testing.T, c *checks, dir string, b []byte) {
	var g struct {
		DataDir string            `json:"data_dir"`
		Systems map[string]string `json:"systems"`
		Corpus  []struct {
			ID             string                 `json:"id"`
			Config         goldenConfig           `json:"config"`
			Results        map[string]goldenScore `json:"results"`
			Signature      string                 `json:"signature"`
			SignatureShort string                 `json:"signature_short"`
		} `json:"corpus"`
		Sentence []struct {
			ID        string                       `json:"id"`
			Config    goldenConfig                 `json:"config"`
			FirstN    int                          `json:"first_n_segments"`
			FullStats bool                         `json:"full_stats"`
			Results   map[string][]json.RawMessage `json:"results"`
			Signature string                       `json:"signature"`
		} `json:"sentence"`
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(dir, g.DataDir)
	files := map[string][]string{}
	var mu sync.Mutex // the subtests run in parallel
	read := func(t testing.TB, name string) []string {
		mu.Lock()
		defer mu.Unlock()
		if files[name] == nil {
			files[name] = conftest.ReadLines(t, filepath.Join(data, name))
		}
		return files[name]
	}
	refsOf := func(t testing.TB, gc goldenConfig, i int) []string {
		var refs []string
		for _, r := range gc.Refs {
			refs = append(refs, read(t, r)[i])
		}
		return refs
	}
	for _, e := range g.Corpus {
		t.Run(e.ID, func(t *testing.T) {
			t.Parallel()
			cfg := e.Config.config(t)
			for sys, want := range e.Results {
				hyps := read(t, g.Systems[sys])
				for _, s := range statsEachCounter(cfg) {
					for i, h := range hyps {
						if err := s.Add(h, refsOf(t, e.Config, i)...); err != nil {
							t.Fatalf("%s segment %d: %v", sys, i, err)
						}
					}
					got := s.Score()
					want.Formatted = ourVersion(want.Formatted)
					c.score(t, sys+" corpus score", want, got, got.Signature.String())
					c.diff(t, sys+" signature", ourVersion(e.Signature), got.Signature.String())
					c.diff(t, sys+" short signature", ourVersion(e.SignatureShort), got.Signature.Short())
				}
			}
		})
	}
	for n, e := range g.Sentence {
		if testing.Short() && n > 0 {
			break // the full run checks every sentence entry
		}
		t.Run(e.ID, func(t *testing.T) {
			t.Parallel()
			cfg := e.Config.config(t)
			for sys, items := range e.Results {
				hyps := read(t, g.Systems[sys])
				var sentenceBLEU []float64
				for i, raw := range items {
					sc, err := cfg.Sentence(hyps[i], refsOf(t, e.Config, i)...)
					if err != nil {
						t.Fatalf("%s segment %d: %v", sys, i, err)
					}
					var w goldenScore
					if e.FullStats {
						if err := json.Unmarshal(raw, &w); err != nil {
							t.Fatal(err)
						}
						c.score(t, fmt.Sprintf("%s segment %d", sys, i), w, sc, "")
					} else {
						if err := json.Unmarshal(raw, &w.Score); err != nil {
							t.Fatal(err)
						}
						c.n.Add(1)
						if got := sc.Percent(); got != w.Score {
							t.Errorf("%s segment %d: score %v, sacreBLEU's %v", sys, i, got, w.Score)
						}
					}
					sentenceBLEU = append(sentenceBLEU, sc.BLEU)
					if i == len(items)-1 {
						// sacreBLEU's signature describes the BLEU object after its last call.
						c.diff(t, sys+" sentence signature", ourVersion(e.Signature), sc.Signature.String())
					}
				}

				// Sentences, all segments at once on every core.
				var streams [][]string
				for i := range items {
					refs := refsOf(t, e.Config, i)
					if streams == nil {
						streams = make([][]string, len(refs))
					}
					for k, r := range refs {
						streams[k] = append(streams[k], r)
					}
				}
				scores, err := cfg.Sentences(hyps[:len(items)], streams...)
				if err != nil {
					t.Fatalf("%s: Sentences: %v", sys, err)
				}
				// Sentences gives Sentence's BLEU, checked above, exactly.
				c.diff(t, sys+" Sentences scores", sentenceBLEU, scores)
			}
		})
	}
}

// edgeCase is one case of goldens/edge.json.
type edgeCase struct {
	Name      string      `json:"name"`
	Files     *edgeFiles  `json:"files"`
	NSegments int         `json:"n_segments"`
	Hyps      []string    `json:"hyps"`
	Refs      [][]*string `json:"refs"`
	Tokenized map[string]struct {
		RawHyps []json.RawMessage   `json:"raw_hyps"`
		RawRefs [][]json.RawMessage `json:"raw_refs"`
		PreHyps []json.RawMessage   `json:"pre_hyps"`
		PreRefs [][]json.RawMessage `json:"pre_refs"`
	} `json:"tokenized"`
	Corpus []struct {
		ID        string       `json:"id"`
		Config    goldenConfig `json:"config"`
		Signature string       `json:"signature"`
		Result    *goldenScore `json:"result"`
		Error     *string      `json:"error"`
	} `json:"corpus"`
	Sentence []struct {
		ID        string            `json:"id"`
		Config    goldenConfig      `json:"config"`
		Signature string            `json:"signature"`
		Results   []json.RawMessage `json:"results"`
	} `json:"sentence"`
}

type edgeFiles struct {
	Hyp  string `json:"hyp"`
	Ref  string `json:"ref"`
	Ref2 string `json:"ref2"`
}

// segments returns the case's hypotheses and reference streams (nil for a
// missing reference), reading the files when the JSON omits them.
func (e *edgeCase) segments(t *testing.T, dir string) (hyps []string, refs [][]*string) {
	if e.Hyps != nil {
		return e.Hyps, e.Refs
	}
	hyps = conftest.ReadLines(t, filepath.Join(dir, e.Files.Hyp))
	for _, f := range []string{e.Files.Ref, e.Files.Ref2} {
		if f == "" {
			continue
		}
		var stream []*string
		for _, s := range conftest.ReadLines(t, filepath.Join(dir, f)) {
			stream = append(stream, &s)
		}
		refs = append(refs, stream)
	}
	return hyps, refs
}

// segmentRefs returns the references of segment i, skipping missing ones.
func segmentRefs(refs [][]*string, i int) []string {
	var out []string
	for _, stream := range refs {
		if r := stream[i]; r != nil {
			out = append(out, *r)
		}
	}
	return out
}

func checkEdgeGolden(t *testing.T, c *checks, dir string, b []byte) {
	var g struct {
		Cases []edgeCase `json:"cases"`
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	for _, e := range g.Cases {
		t.Run(e.Name, func(t *testing.T) {
			hyps, refs := e.segments(t, dir)
			if len(hyps) != e.NSegments {
				t.Fatalf("read %d segments, want %d", len(hyps), e.NSegments)
			}
			checkEdgeTokenized(t, c, &e, hyps, refs)
			for _, ce := range e.Corpus {
				t.Run(ce.ID, func(t *testing.T) {
					for _, s := range statsEachCounter(ce.Config.config(t)) {
						var err error
						for i, h := range hyps {
							if err = s.Add(h, segmentRefs(refs, i)...); err != nil {
								break
							}
						}
						if ce.Error != nil {
							c.n.Add(1)
							if err == nil {
								t.Errorf("sacreBLEU failed (%s), we did not", *ce.Error)
							}
							continue
						}
						if err != nil {
							t.Fatal(err)
						}
						got := s.Score()
						want := *ce.Result
						want.Formatted = ourVersion(want.Formatted)
						c.score(t, "corpus score", want, got, got.Signature.String())
						c.diff(t, "signature", ourVersion(ce.Signature), got.Signature.String())
					}
				})
			}
			for _, se := range e.Sentence {
				t.Run(se.ID, func(t *testing.T) {
					cfg := se.Config.config(t)
					for i, raw := range se.Results {
						var w struct {
							goldenScore
							Error *string `json:"error"`
						}
						if err := json.Unmarshal(raw, &w); err != nil {
							t.Fatal(err)
						}
						sc, err := cfg.Sentence(hyps[i], segmentRefs(refs, i)...)
						if w.Error != nil {
							c.n.Add(1)
							if err == nil {
								t.Errorf("segment %d: sacreBLEU failed (%s), we did not", i, *w.Error)
							}
							continue
						}
						if err != nil {
							t.Fatalf("segment %d: %v", i, err)
						}
						c.score(t, fmt.Sprintf("segment %d score", i), w.goldenScore, sc, "")
						if i == len(se.Results)-1 {
							// sacreBLEU's signature describes the BLEU object after its last call.
							c.diff(t, "sentence signature", ourVersion(se.Signature), sc.Signature.String())
						}
					}
				})
			}
		})
	}
}

// checkEdgeTokenized compares every tokenizer's output for the case's
// segments: raw (the segment as it is) and pre (what BLEU tokenizes).
func checkEdgeTokenized(t *testing.T, c *checks, e *edgeCase, hyps []string, refs [][]*string) {
	for key, tk := range e.Tokenized {
		name, lower := strings.CutSuffix(key, "+lc")
		tok, err := bleu.TokenizerByName(name)
		if err != nil {
			t.Fatalf("tokenized[%q]: %v", key, err)
		}
		check := func(what string, text string, raw json.RawMessage, pre bool) {
			if pre {
				if lower {
					text = py.Lower(text)
				}
				text = py.RStrip(text)
			}
			got := tok.Tokenize(nil, text)
			var want string
			if err := json.Unmarshal(raw, &want); err == nil {
				c.diff(t, key+" "+what, py.AppendFields(nil, want), got, cmpopts.EquateEmpty())
				return
			}
			// Long lines: token count and the SHA-256 of the tokenizer's
			// output string.
			var h struct {
				NTokens int    `json:"n_tokens"`
				SHA256  string `json:"sha256"`
			}
			if err := json.Unmarshal(raw, &h); err != nil {
				t.Fatalf("%s %s: %v", key, what, err)
			}
			out := strings.Join(got, " ")
			switch tok {
			case bleu.TokenizerChar:
				out = spaceJoinRunes(text)
			case bleu.TokenizerNone:
				out = text
			}
			sum := sha256.Sum256([]byte(out))
			c.diff(t, key+" "+what, h, struct {
				NTokens int    `json:"n_tokens"`
				SHA256  string `json:"sha256"`
			}{len(got), hex.EncodeToString(sum[:])})
		}
		for i, h := range hyps {
			if !lower {
				check("raw hyp", h, tk.RawHyps[i], false)
			}
			check("pre hyp", h, tk.PreHyps[i], true)
		}
		for k, stream := range refs {
			for i, r := range stream {
				if r == nil {
					continue
				}
				if !lower {
					check("raw ref", *r, tk.RawRefs[k][i], false)
				}
				check("pre ref", *r, tk.PreRefs[k][i], true)
			}
		}
	}
}

// statsEachCounter returns a new Stats of c, and for the char tokenizer a
// second one that counts with the char tokenizer's counter (internal/charngram) from the first
// segment, long hypotheses included, where a new Stats takes the token
// way for its first charngram.TablesAfter bytes, and for its first
// characters of hypotheses longer than charngram.MaxShortHyp.
func statsEachCounter(c bleu.Config) []*bleu.Stats {
	stats := []*bleu.Stats{{Config: c}}
	if t, _ := c.Tokenizer.(bleu.StandardTokenizer); t == bleu.TokenizerChar {
		stats = append(stats, bleu.CharCounterStats(c))
	}
	return stats
}

// spaceJoinRunes is Python's " ".join(s): sacreBLEU's char tokenizer.
func spaceJoinRunes(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}
