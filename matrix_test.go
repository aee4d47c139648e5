package bleu_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/google/go-cmp/cmp"
)

func TestSentenceMatrix(t *testing.T) {
	hyps := conftest.ReadLines(t, filepath.Join("testdata", "sample.hyp.txt"))
	refs := conftest.ReadLines(t, filepath.Join("testdata", "sample.ref.txt"))
	r := rand.New(rand.NewPCG(5, 6))
	for range 10 {
		hyps = append(hyps, conftest.RandomText(r, 10))
		refs = append(refs, conftest.RandomText(r, 10))
	}
	hyps = append(hyps, "")
	for _, cfg := range []bleu.Config{
		{EffectiveOrder: true}, {}, {Smooth: bleu.SmoothAddK}, {Smooth: bleu.SmoothFloor, MaxOrder: 2},
		{Tokenizer: bleu.TokenizerChar, MaxOrder: 6, Lowercase: true}, {Smooth: bleu.SmoothNone, EffectiveOrder: true},
	} {
		got, err := cfg.SentenceMatrix(hyps, refs)
		if err != nil {
			t.Fatal(err)
		}
		want := make([][]float64, len(hyps))
		for i, h := range hyps {
			for _, ref := range refs {
				sc, err := cfg.Sentence(h, ref)
				if err != nil {
					t.Fatal(err)
				}
				want[i] = append(want[i], sc.BLEU)
			}
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%+v: matrix differs from Sentence (-Sentence +matrix):\n%s", cfg, d)
		}
	}

	if m, err := bleu.SentenceMatrix(nil, refs); err != nil || len(m) != 0 {
		t.Errorf("no hypotheses: %v, %v", m, err)
	}
	if _, err := bleu.SentenceMatrix(hyps, nil); err == nil {
		t.Error("no references: no error")
	}
	if _, err := bleu.SentenceMatrix([]string{"a", "\xff"}, refs); err == nil || err.Error() != "bleu: invalid UTF-8 in hypothesis 1" {
		t.Errorf("invalid UTF-8: err = %v", err)
	}
}

// TestSentenceMatrixConformance checks a matrix of real sentences, large
// enough for the matrix's memories of logarithms and exponentials to fill
// and reuse their slots, against Sentence, pair by pair.
func TestSentenceMatrixConformance(t *testing.T) {
	forEachConformanceSet(t, testSentenceMatrixConformance)
}

func testSentenceMatrixConformance(t *testing.T, set conformanceSet) {
	data := filepath.Join(set.Dir, "data", conftest.TwoRefPairs(set)[0])
	hyps := conftest.ReadLines(t, filepath.Join(data, conftest.System(set)))[:240]
	refs := conftest.ReadLines(t, filepath.Join(data, "ref.txt"))[120:240]
	if testing.Short() || conftest.RaceEnabled {
		// Enough for the race detector, which makes the full size take
		// half a minute.
		hyps, refs = hyps[:60], refs[:40]
	}
	// Some pairs that match well.
	refs = append(refs, hyps[:20]...)
	for _, cfg := range []bleu.Config{{EffectiveOrder: true}, {Smooth: bleu.SmoothFloor, SmoothValue: 0.1}, {Tokenizer: bleu.TokenizerChar, Smooth: bleu.SmoothAddK}} {
		got, err := cfg.SentenceMatrix(hyps, refs)
		if err != nil {
			t.Fatal(err)
		}
		for i, h := range hyps {
			for j, r := range refs {
				sc, err := cfg.Sentence(h, r)
				if err != nil {
					t.Fatal(err)
				}
				if got[i][j] != sc.BLEU {
					t.Fatalf("%+v: m[%d][%d] = %v, Sentence gives %v", cfg, i, j, got[i][j], sc.BLEU)
				}
			}
		}
	}
}

// BenchmarkSentenceMatrix scores 2,000 × 2,000 sentence pairs of the de-en
// conformance set (hypotheses of one system against the references).
func BenchmarkSentenceMatrix(b *testing.B) {
	dir := conformanceDirOrEmpty()
	if dir == "" {
		b.Skip("no conformance set")
	}
	hyps := conftest.ReadLines(b, filepath.Join(dir, "data", "en-de", "sys-JDExploreAcademy.txt"))[:2000]
	refs := conftest.ReadLines(b, filepath.Join(dir, "data", "en-de", "ref.txt"))[:2000]
	b.Run(fmt.Sprintf("%dx%d", len(hyps), len(refs)), func(b *testing.B) {
		for b.Loop() {
			if _, err := bleu.SentenceMatrix(hyps, refs); err != nil {
				b.Fatal(err)
			}
		}
	})
}
