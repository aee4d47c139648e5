package bleu_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/py"
)

// TestValidate checks that every entry point returns Config.Validate's
// error for an invalid Config, rather than panicking later (as Score did
// after an Add with SmoothValue 0.5).
func TestValidate(t *testing.T) {
	bad := []bleu.Config{
		{Smooth: bleu.SmoothAddK, SmoothValue: 0.5},
		{Smooth: bleu.SmoothFloor, SmoothValue: -1},
		{Smooth: bleu.SmoothFloor, SmoothValue: math.NaN()},
		{Smooth: bleu.SmoothFloor, SmoothValue: 1e308}, // its precision was +Inf
		{Smooth: bleu.SmoothFloor, SmoothValue: math.Inf(1)},
		{Smooth: bleu.SmoothAddK, SmoothValue: 1<<40 + 1},
		{Smooth: bleu.SmoothAddK + 1}, // one past the last method
		{MaxOrder: -1},
		{MaxOrder: bleu.MaxMaxOrder + 1},
	}
	hyps, refs := []string{"a b c"}, []string{"a b d"}
	var good bleu.Stats
	if err := good.Add("a b", "a b"); err != nil {
		t.Fatal(err)
	}
	enc, err := good.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	js, err := good.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	for _, cfg := range bad {
		want := cfg.Validate()
		if want == nil || !strings.HasPrefix(want.Error(), "bleu: ") {
			t.Fatalf("%+v: Validate() = %v", cfg, want)
		}
		entries := map[string]func() error{
			"Stats.Add": func() error { s := bleu.Stats{Config: cfg}; return s.Add("a", "a") },
			"Stats.AddCorpus": func() error {
				s := bleu.Stats{Config: cfg}
				return s.AddCorpus(hyps, refs)
			},
			"Stats.AddReaders": func() error {
				s := bleu.Stats{Config: cfg}
				return s.AddReaders(context.Background(), strings.NewReader("a\n"), strings.NewReader("a\n"))
			},
			"Stats.Merge": func() error { s := bleu.Stats{Config: cfg}; return s.Merge(&good) },
			"Stats.UnmarshalBinary": func() error {
				s := bleu.Stats{Config: cfg}
				return s.UnmarshalBinary(enc)
			},
			"Stats.UnmarshalJSON": func() error { s := bleu.Stats{Config: cfg}; return json.Unmarshal(js, &s) },
			"Config.Sentence":     func() error { _, err := cfg.Sentence("a", "a"); return err },
			"Config.Corpus":       func() error { _, err := cfg.Corpus(hyps, refs); return err },
			"Config.Sentences":    func() error { _, err := cfg.Sentences(hyps, refs); return err },
			"Config.SentencesPercent": func() error {
				_, err := cfg.SentencesPercent(hyps, refs)
				return err
			},
			"Config.SentenceMatrix": func() error { _, err := cfg.SentenceMatrix(hyps, refs); return err },
			"Segments.Add":          func() error { s := bleu.Segments{Config: cfg}; return s.Add("a", "a") },
		}
		for name, call := range entries {
			if err := call(); err == nil || err.Error() != want.Error() {
				t.Errorf("%+v: %s returned %v, want %v", cfg, name, err, want)
			}
		}
		// Score has no error return: after an Add that failed, it panics.
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%+v: Score did not panic", cfg)
				}
			}()
			s := bleu.Stats{Config: cfg}
			_ = s.Add("a", "a")
			s.Score()
		}()
	}
}

// TestCopyDetected checks that a Stats copied by value after use panics
// when the copy is used, instead of sharing counts with its original.
func TestCopyDetected(t *testing.T) {
	var a bleu.Stats
	if err := a.Add("the cat sat on the mat", "the cat sat on the mat"); err != nil {
		t.Fatal(err)
	}
	want := a.Score()
	b := copyOf(&a) // b := a, which go vet reports
	for name, use := range map[string]func(){
		"Add":           func() { _ = b.Add("a dog", "the cat sat") },
		"Score":         func() { b.Score() },
		"Merge":         func() { _ = b.Merge(&a) },
		"Merge from":    func() { _ = a.Merge(&b) },
		"AddCorpus":     func() { _ = b.AddCorpus([]string{"a"}, []string{"a"}) },
		"Clone":         func() { b.Clone() },
		"MarshalBinary": func() { _, _ = b.MarshalBinary() },
		"MarshalJSON":   func() { _, _ = b.MarshalJSON() },
	} {
		func() {
			defer func() {
				if r := recover(); r != copyPanic {
					t.Errorf("%s on a copy: recovered %v, want the copy panic", name, r)
				}
			}()
			use()
		}()
	}
	if got := a.Score(); got.BLEUPercent != want.BLEUPercent || a.Len() != 1 {
		t.Errorf("the original changed: %v, %d segments", got, a.Len())
	}
	// Reset makes the copy a Stats of its own.
	b.Reset()
	if err := b.Add("a dog", "the cat sat"); err != nil {
		t.Fatal(err)
	}
	if got := a.Score(); got.BLEUPercent != want.BLEUPercent || b.Len() != 1 {
		t.Errorf("after Reset, the copy changed the original: %v", got)
	}
	// A zero Stats may be copied.
	var z bleu.Stats
	z2 := copyOf(&z)
	if err := z2.Add("a", "a"); err != nil || z.Len() != 0 {
		t.Errorf("copy of a zero Stats: %v, original %d segments", err, z.Len())
	}
	// So may a Segments before use; after use its copies panic too.
	var g bleu.Segments
	if err := g.Add("a b", "a b"); err != nil {
		t.Fatal(err)
	}
	h := copyOf(&g)
	func() {
		defer func() {
			if r := recover(); r != copyPanic {
				t.Errorf("Segments.Add on a copy: recovered %v", r)
			}
		}()
		_ = h.Add("a", "b")
	}()
}

// TestOptionsFixed checks that options changed while a Stats holds
// statistics are an error for Add, AddCorpus, Merge and the encodings,
// and that Score and the encodings describe the statistics held.
func TestOptionsFixed(t *testing.T) {
	change := map[string]func(*bleu.Config){
		"tokenizer":  func(c *bleu.Config) { c.Tokenizer = bleu.TokenizerChar },
		"normalizer": func(c *bleu.Config) { c.Normalizer = bleu.NFKC },
		"lowercase":  func(c *bleu.Config) { c.Lowercase = true },
		"order":      func(c *bleu.Config) { c.MaxOrder = 2 },
	}
	for name, ch := range change {
		var g bleu.Stats
		if err := g.Add("ab", "ab"); err != nil {
			t.Fatal(err)
		}
		ch(&g.Config)
		for what, call := range map[string]func() error{
			"Add":       func() error { return g.Add("ab", "ab") },
			"AddCorpus": func() error { return g.AddCorpus([]string{"ab"}, []string{"ab"}) },
			"Merge":     func() error { var o bleu.Stats; _ = o.Add("ab", "ab"); return g.Merge(&o) },
			"Merge into": func() error {
				var o bleu.Stats
				return o.Merge(&g)
			},
			"MarshalBinary": func() error { _, err := g.MarshalBinary(); return err },
			"MarshalJSON":   func() error { _, err := g.MarshalJSON(); return err },
		} {
			if err := call(); err == nil || !strings.HasPrefix(err.Error(), "bleu: ") {
				t.Errorf("%s changed: %s returned %v", name, what, err)
			}
		}
		sc := g.Score()
		if sc.HypLen != 1 || sc.Signature.Tok != "13a" || sc.Signature.Case != "mixed" || sc.Signature.Norm != "" || len(sc.Counts) != 4 {
			t.Errorf("%s changed: Score %v, signature %s", name, sc, sc.Signature)
		}
		g.Reset()
		if err := g.Add("ab", "ab"); err != nil {
			t.Errorf("%s changed, after Reset: %v", name, err)
		}
	}
	// The same options spelt otherwise are the same options.
	var g bleu.Stats
	_ = g.Add("ab", "ab")
	g.Tokenizer, g.MaxOrder = bleu.Tokenizer13a, 4
	if err := g.Add("ab", "ab"); err != nil || g.Len() != 2 {
		t.Errorf("13a and order 4 given explicitly: %v", err)
	}
}

// TestPanicReachesCaller checks that a panic of a custom tokenizer on any
// goroutine of the package reaches the caller, where recover sees it with
// the original value and the stack of the panic.
func TestPanicReachesCaller(t *testing.T) {
	type boom struct{ segment string }
	tok := bleu.TokenizerFunc(func(dst []string, text string) []string {
		if text == "boom" {
			panic(boom{text})
		}
		return py.AppendFields(dst, text)
	})
	cfg := bleu.Config{Tokenizer: tok}
	// Enough segments for every goroutine; the panic in the last one, on
	// whichever goroutine takes it.
	hyps := make([]string, 2000)
	for i := range hyps {
		hyps[i] = fmt.Sprintf("segment %d", i)
	}
	hyps[len(hyps)-1] = "boom"
	for name, call := range map[string]func(){
		"Config.Corpus":    func() { _, _ = cfg.Corpus(hyps, hyps) },
		"Stats.AddCorpus":  func() { s := bleu.Stats{Config: cfg}; _ = s.AddCorpus(hyps, hyps) },
		"Config.Sentences": func() { _, _ = cfg.Sentences(hyps, hyps) },
		"Stats.AddReaders": func() {
			s := bleu.Stats{Config: cfg}
			text := strings.Join(hyps, "\n")
			_ = s.AddReaders(context.Background(), strings.NewReader(text), strings.NewReader(text))
		},
	} {
		func() {
			defer func() {
				r := recover()
				p, ok := r.(*bleu.PanicError)
				if !ok || p.Value != (boom{"boom"}) || !strings.Contains(string(p.Stack), "TestPanicReachesCaller") ||
					!strings.Contains(p.Error(), "{boom}") {
					t.Errorf("%s: recovered %v", name, r)
				}
			}()
			call()
		}()
	}
	// On the calling goroutine alone, the panic is let through as it is.
	func() {
		defer func() {
			if r := recover(); r != (boom{"boom"}) {
				t.Errorf("Stats.Add: recovered %v", r)
			}
		}()
		var s bleu.Stats
		s.Tokenizer = tok
		_ = s.Add("boom", "a")
	}()
}

// TestNormalizerInvalidUTF8 checks that a Normalizer returning invalid
// UTF-8 is an error, as invalid input is.
func TestNormalizerInvalidUTF8(t *testing.T) {
	bad := bleu.NormalizerFunc(func(s string) string {
		if strings.HasPrefix(s, "x") {
			return "\xff" + s
		}
		return s
	})
	long := strings.Repeat("a longer text ", 2000) // past charngram.TablesAfter
	for _, tok := range []bleu.Tokenizer{nil, bleu.TokenizerChar} {
		cfg := bleu.Config{Tokenizer: tok, Normalizer: bad}
		for _, tt := range []struct{ hyp, ref string }{{"x", "a"}, {"a", "x"}, {long, "x" + long}} {
			var s bleu.Stats
			s.Config = cfg
			_ = s.Add(long, long)
			if err := s.Add(tt.hyp, tt.ref); !errors.Is(err, bleu.ErrInvalidUTF8) || s.Len() != 1 {
				t.Errorf("%v: Add(%.10q, %.10q) = %v, %d segments", tok, tt.hyp, tt.ref, err, s.Len())
			}
			if _, err := cfg.SentenceMatrix([]string{tt.hyp}, []string{tt.ref}); !errors.Is(err, bleu.ErrInvalidUTF8) {
				t.Errorf("%v: SentenceMatrix = %v", tok, err)
			}
		}
	}
}

// TestExactPercent checks the score sacreBLEU prints for a perfect match,
// at every width, and the top-level Corpus.
func TestExactPercent(t *testing.T) {
	sc, err := bleu.Corpus([]string{"the cat sat on the mat"}, []string{"the cat sat on the mat"})
	if err != nil {
		t.Fatal(err)
	}
	if sc.BLEU != 1.0000000000000004 || sc.BLEUPercent != 100.00000000000004 || sc.Percent() != sc.BLEUPercent {
		t.Errorf("perfect match: BLEU %v, BLEUPercent %v, Percent() %v", sc.BLEU, sc.BLEUPercent, sc.Percent())
	}
	if got, want := sc.Text(16, ""), "BLEU = 100.0000000000000426 100.0/100.0/100.0/100.0 (BP = 1.000 ratio = 1.000 hyp_len = 6 ref_len = 6)"; got != want {
		t.Errorf("Text(16) = %q, want %q", got, want)
	}
	pct, err := bleu.Config{EffectiveOrder: true}.SentencesPercent([]string{"the cat sat on the mat", "a b"}, []string{"the cat sat on the mat", "a c"})
	if err != nil || pct[0] != 100.00000000000004 {
		t.Errorf("SentencesPercent = %v, %v", pct, err)
	}
	if s, _ := bleu.Sentence("a b", "a c"); pct[1] != s.BLEUPercent {
		t.Errorf("SentencesPercent %v, Sentence %v", pct[1], s.BLEUPercent)
	}
}

// copyOf returns a copy of *p, as an assignment would make it (go vet's
// copylocks check reports those of a Stats or Segments).
// copyPanic is the panic of a Stats (or Segments) copied by value after use
// and the copy then used.
const copyPanic = "bleu: a Stats (or a Segments) was copied by value after use and the copy then used; copy one with Clone"

// readBatch is the number of segments AddReaders reads at a time (its
// readBatchSegments), so that 3*readBatch lines take several batches.
const readBatch = 4096

func copyOf[T any](p *T) T { return *p }

// TestAddReaders checks AddReaders against AddCorpus on the same lines,
// its line rules and its errors.
func TestAddReaders(t *testing.T) {
	ctx := context.Background()
	// Lines as sacreBLEU reads a file: "\r\n" leaves a "\r", stripped;
	// a lone "\r" does not end a line; the last line needs no "\n".
	hypText := "the cat sat\r\non the mat\rtoday\n\ufeffa dog\n\nlast"
	refText := "the cat sat\non the mat today\n\ufeffa dog\n \nlast line\n"
	hyps := []string{"the cat sat\r", "on the mat\rtoday", "\ufeffa dog", "", "last"}
	refs := []string{"the cat sat", "on the mat today", "\ufeffa dog", " ", "last line"}
	var want, got bleu.Stats
	if err := want.AddCorpus(hyps, refs); err != nil {
		t.Fatal(err)
	}
	if err := got.AddReaders(ctx, strings.NewReader(hypText), strings.NewReader(refText)); err != nil {
		t.Fatal(err)
	}
	if w, g := want.Score(), got.Score(); g.BLEUPercent != w.BLEUPercent || got.Len() != 5 || g.HypLen != w.HypLen {
		t.Errorf("AddReaders %v (%d segments), AddCorpus %v", g, got.Len(), w)
	}
	// A corpus of several batches.
	var big strings.Builder
	for i := range 3 * readBatch {
		fmt.Fprintf(&big, "segment %d of the corpus\n", i)
	}
	var s bleu.Stats
	if err := s.AddReaders(ctx, strings.NewReader(big.String()), strings.NewReader(big.String()), strings.NewReader(big.String())); err != nil || s.Len() != 3*readBatch || s.Score().BLEU < 1 {
		t.Errorf("three batches: %v, %d segments", err, s.Len())
	}

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	for _, tt := range []struct {
		name      string
		ctx       context.Context
		hyp, refs []string
		want      string
		is        error
	}{
		{"invalid UTF-8", ctx, []string{"a\nb\xffc\n"}, []string{"a\nb\n"}, "bleu: invalid UTF-8: hypothesis line 2, byte 0xff at byte 2 of the line", bleu.ErrInvalidUTF8},
		{"invalid reference", ctx, []string{"a\nb\n"}, []string{"a\nb\n", "a\n\xe2\x82\n"}, "bleu: invalid UTF-8: reference 2 line 2, byte 0xe2 at byte 1 of the line", bleu.ErrInvalidUTF8},
		{"short reference", ctx, []string{"a\nb\nc\n"}, []string{"a\nb"}, "bleu: the inputs have different numbers of lines: hypothesis: 3, reference 1: 2", nil},
		{"long reference", ctx, []string{"a\n"}, []string{"a\nb\nc\n"}, "bleu: the inputs have different numbers of lines: hypothesis: 1, reference 1: 3", nil},
		{"no reference", ctx, []string{"a\n"}, nil, bleu.ErrNoReference.Error(), bleu.ErrNoReference},
		{"cancelled", cancelled, []string{"a\n"}, []string{"a\n"}, "bleu: reading stopped before line 1: context canceled", context.Canceled},
	} {
		var s bleu.Stats
		var readers []io.Reader
		for _, r := range tt.refs {
			readers = append(readers, strings.NewReader(r))
		}
		err := s.AddReaders(tt.ctx, strings.NewReader(tt.hyp[0]), readers...)
		if err == nil || err.Error() != tt.want || (tt.is != nil && !errors.Is(err, tt.is)) || s.Len() != 0 {
			t.Errorf("%s: %v (%d segments), want %s", tt.name, err, s.Len(), tt.want)
		}
	}
	// An error of Add names the line.
	s = bleu.Stats{Config: bleu.Config{Normalizer: bleu.NormalizerFunc(func(x string) string { return strings.ReplaceAll(x, "!", "\xff") })}}
	err := s.AddReaders(ctx, strings.NewReader("a\nb\nc!\n"), strings.NewReader("a\nb\nc\n"))
	if !errors.Is(err, bleu.ErrInvalidUTF8) || !strings.HasPrefix(err.Error(), "bleu: line 3: ") {
		t.Errorf("normalizer error: %v", err)
	}
}
