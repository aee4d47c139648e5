package bleu_test

// Native fuzz targets. Each checks properties of its function on every
// input, not only that it does not panic. Without -fuzz, go test runs
// them on the seeds below and in testdata/fuzz/<FuzzName>/; .ci/run
// fuzzes each for a few seconds.

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/py"
)

// FuzzLower checks properties of lowercasing that hold for Python's
// str.lower: only U+0130 becomes two code points (i + U+0307), whitespace
// is untouched, ASCII lowercases as ASCII, and lowercasing twice changes
// nothing more.
func FuzzLower(f *testing.F) {
	conftest.AddTextSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			t.Skip("Add rejects invalid UTF-8 before lowercasing")
		}
		got := py.Lower(text)
		if !utf8.ValidString(got) {
			t.Fatalf("py.Lower(%q) = %q: invalid UTF-8", text, got)
		}
		if again := py.Lower(got); again != got {
			t.Fatalf("py.Lower not idempotent on %q: %q then %q", text, got, again)
		}
		if n := bleu.Lowercase.Normalize(text); n != got {
			t.Fatalf("Lowercase.Normalize(%q) = %q, py.Lower %q", text, n, got)
		}
		grow := utf8.RuneCountInString(got) - utf8.RuneCountInString(text)
		if grow < 0 || grow > strings.Count(text, "\u0130") {
			t.Fatalf("py.Lower(%q) = %q: %d code points more", text, got, grow)
		}
		spaces := func(s string) []rune {
			var sp []rune
			for _, r := range s {
				if conftest.IsPyWhitespace(r) {
					sp = append(sp, r)
				}
			}
			return sp
		}
		if d := conftest.DiffStrings(spaces(text), spaces(got)); d != "" || len(conftest.PySplit(text)) != len(conftest.PySplit(got)) {
			t.Fatalf("py.Lower(%q) = %q changed the whitespace (-before +after):\n%s", text, got, d)
		}
		isASCII := true
		for i := range len(text) {
			isASCII = isASCII && text[i] < utf8.RuneSelf
		}
		if isASCII {
			b := []byte(text)
			for i, c := range b {
				if 'A' <= c && c <= 'Z' {
					b[i] = c + 'a' - 'A'
				}
			}
			if got != string(b) {
				t.Fatalf("py.Lower(%q) = %q, want %q", text, got, b)
			}
		}
	})
}

// fuzzConfig makes the statistics options from two fuzzed bytes.
func fuzzConfig(opts uint8) bleu.Config {
	norms := []bleu.Normalizer{nil, bleu.NFC, bleu.NFKC, bleu.Chain(bleu.NFKC, bleu.Lowercase)}
	return bleu.Config{
		Tokenizer:  bleu.StandardTokenizer(opts % uint8(len(standardTokenizers))),
		Lowercase:  opts&0x08 != 0,
		Normalizer: norms[(opts>>4)%4],
		MaxOrder:   1 + int(opts>>6)*2, // 1, 3, 5, 7
	}
}

// scoringConfigs (never written to) are the scoring options every fuzzed
// Stats is scored with.
var scoringConfigs = []bleu.Config{
	{}, {Smooth: bleu.SmoothNone}, {Smooth: bleu.SmoothFloor}, {Smooth: bleu.SmoothFloor, SmoothValue: 1}, {Smooth: bleu.SmoothFloor, SmoothValue: 50},
	{Smooth: bleu.SmoothAddK}, {Smooth: bleu.SmoothAddK, SmoothValue: 1 << 40}, {EffectiveOrder: true},
	{Smooth: bleu.SmoothNone, EffectiveOrder: true},
}

// checkScores checks that s scores within range with every scoring option,
// and that its counts are consistent.
func checkScores(t *testing.T, s *bleu.Stats, what string) {
	t.Helper()
	c := s.Clone()
	for _, sc := range scoringConfigs {
		c.Smooth, c.SmoothValue, c.EffectiveOrder = sc.Smooth, sc.SmoothValue, sc.EffectiveOrder
		score := c.Score()
		checkRange(t, score, what)
		if math.IsNaN(score.Ratio) || math.IsInf(score.Ratio, 0) || score.Ratio < 0 {
			t.Fatalf("%s: ratio %v", what, score.Ratio)
		}
		if score.BLEU > 0 && (score.Counts[0] == 0 || score.BP == 0) {
			t.Fatalf("%s: BLEU %v without unigram matches or with BP 0: %+v", what, score.BLEU, score)
		}
	}
	var decoded bleu.Stats
	b, err := s.MarshalBinary()
	if err == nil {
		err = decoded.UnmarshalBinary(b)
	}
	if err != nil {
		t.Fatalf("%s: statistics fail the decoder's checks: %v", what, err)
	}
}

// FuzzAdd adds three segments built from the fuzzed texts (each text is
// once the hypothesis, the others its references) and checks: errors only
// for invalid UTF-8, leaving the statistics unchanged; scores in range
// with every smoothing; merging one-segment shards in every order, and
// splits of the corpus, equals adding every segment to one Stats; the
// encodings round-trip exactly.
func FuzzAdd(f *testing.F) {
	f.Add(uint8(0), uint8(2), "the cat sat on the mat", "the cat is on the mat", "a cat sat")
	f.Add(uint8(0x4b), uint8(1), "İSTANBUL, Σ!", "istanbul , σ !", "")
	f.Add(uint8(0xf3), uint8(3), "日本語の文", "日本語 の 文", "\ufeff文")
	f.Add(uint8(0x02), uint8(0), "a a a a a a", "a a", "a a a a a a a a")
	f.Add(uint8(0x14), uint8(2), "bad \xff", "x", "y")
	f.Fuzz(func(t *testing.T, opts, nrefs uint8, a, b, c string) {
		cfg := fuzzConfig(opts)
		texts := [3]string{a, b, c}
		nr := 1 + int(nrefs%2) // one or two references
		type segment struct {
			hyp  string
			refs []string
		}
		var segs []segment
		for i := range texts {
			refs := []string{texts[(i+1)%3], texts[(i+2)%3]}[:nr]
			segs = append(segs, segment{texts[i], refs})
		}
		// With char, whole and the shards count with the char tokenizer's
		// counter from the first segment, long hypotheses too (a new Stats
		// would count texts this small by their tokens), and Sentence by
		// tokens: comparing them compares the two counters.
		charCounted := func() *bleu.Stats { return bleu.CharCounterStats(cfg) }
		whole := charCounted()
		shards := make([]*bleu.Stats, len(segs)) // nil for a segment with invalid UTF-8
		for i, sg := range segs {
			valid := utf8.ValidString(sg.hyp)
			for _, r := range sg.refs {
				valid = valid && utf8.ValidString(r)
			}
			before := view(whole)
			err := whole.Add(sg.hyp, sg.refs...)
			if !valid {
				if !errors.Is(err, bleu.ErrInvalidUTF8) {
					t.Fatalf("Add(%q, %q) with invalid UTF-8: err = %v", sg.hyp, sg.refs, err)
				}
				if d := conftest.DiffValues(before, view(whole)); d != "" {
					t.Fatalf("a failed Add changed the statistics:\n%s", d)
				}
				continue
			}
			if err != nil {
				t.Fatalf("Add(%q, %q): %v", sg.hyp, sg.refs, err)
			}
			shards[i] = charCounted()
			if err := shards[i].Add(sg.hyp, sg.refs...); err != nil {
				t.Fatal(err)
			}
			checkScores(t, shards[i], "segment")
			sc, err := cfg.Sentence(sg.hyp, sg.refs...)
			if err != nil || !reflect.DeepEqual(sc, shards[i].Score()) {
				t.Fatalf("Sentence differs from a one-segment Stats: %v\n%v\n%v", err, sc, shards[i].Score())
			}
		}
		checkScores(t, whole, "corpus")
		want := view(whole)
		merge := func(into *bleu.Stats, order ...int) {
			t.Helper()
			for _, i := range order {
				if shards[i] == nil {
					continue
				}
				if err := into.Merge(shards[i]); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, perm := range [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
			var total bleu.Stats // takes the options of the first shard
			merge(&total, perm[:]...)
			if total.Len() == 0 {
				total.Config = cfg // nothing to take the options from
			}
			if d := conftest.DiffValues(want, view(&total)); d != "" {
				t.Fatalf("merging shards in order %v differs from the whole (-whole +merged):\n%s", perm, d)
			}
		}
		// A split into a two-segment part and a one-segment part, merged
		// the other way round.
		pair, first := &bleu.Stats{Config: cfg}, &bleu.Stats{Config: cfg}
		merge(pair, 1, 2)
		merge(first, 0)
		if err := pair.Merge(first); err != nil {
			t.Fatal(err)
		}
		if d := conftest.DiffValues(want, view(pair)); d != "" {
			t.Fatalf("merging a split differs from the whole (-whole +merged):\n%s", d)
		}
		if d := conftest.DiffValues(whole.Score(), pair.Score()); d != "" {
			t.Fatalf("merged split scores differently (-whole +merged):\n%s", d)
		}

		// Encodings round-trip exactly.
		bin, err := whole.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		js, err := json.Marshal(whole)
		if err != nil {
			t.Fatal(err)
		}
		for _, dec := range []func(*bleu.Stats) error{
			func(s *bleu.Stats) error { return s.UnmarshalBinary(bin) },
			func(s *bleu.Stats) error { return json.Unmarshal(js, s) },
		} {
			got := &bleu.Stats{Config: cfg}
			if err := dec(got); err != nil {
				t.Fatal(err)
			}
			if d := conftest.DiffValues(want, view(got)); d != "" {
				t.Fatalf("decoded statistics differ (-original +decoded):\n%s", d)
			}
			bin2, _ := got.MarshalBinary()
			js2, _ := json.Marshal(got)
			if !bytes.Equal(bin, bin2) || !bytes.Equal(js, js2) {
				t.Fatalf("marshal, unmarshal, marshal is not identical")
			}
		}
	})
}

// FuzzSentence checks Sentence: errors only for invalid UTF-8 or missing
// references, scores in range, a hypothesis scoring 1 against itself
// exactly when it has a word, and more references never losing matches.
func FuzzSentence(f *testing.F) {
	f.Add("The cat sat on a mat.", "The cat sat on the mat.", "A cat sat on the mat.")
	f.Add("", "", "")
	f.Add(" \u3000 ", "x", "\ufeff")
	f.Add("a\x00b", "a\x00b", "a b")
	f.Add("\xed\xa0\x80", "x", "y")
	f.Fuzz(func(t *testing.T, hyp, ref1, ref2 string) {
		one, err := bleu.Sentence(hyp, ref1)
		if !utf8.ValidString(hyp) || !utf8.ValidString(ref1) {
			if !errors.Is(err, bleu.ErrInvalidUTF8) {
				t.Fatalf("Sentence(%q, %q): err = %v, want ErrInvalidUTF8", hyp, ref1, err)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		checkRange(t, one, "sentence")
		if _, err := bleu.Sentence(hyp); !errors.Is(err, bleu.ErrNoReference) {
			t.Fatalf("Sentence without references: err = %v", err)
		}
		self, err := bleu.Sentence(hyp, hyp)
		if err != nil {
			t.Fatal(err)
		}
		if words := len(bleu.Tokenizer13a.Tokenize(nil, py.RStrip(hyp))); (self.BLEU >= 1) != (words > 0) || (words == 0 && self.BLEU != 0) {
			t.Fatalf("Sentence(%q, itself) = %v with %d words", hyp, self.BLEU, words)
		}
		if !utf8.ValidString(ref2) {
			return
		}
		two, err := bleu.Sentence(hyp, ref1, ref2)
		if err != nil {
			t.Fatal(err)
		}
		checkRange(t, two, "sentence with two references")
		for k := range one.Counts {
			if two.Counts[k] < one.Counts[k] {
				t.Fatalf("a second reference lost matches: %v, then %v", one.Counts, two.Counts)
			}
		}
		// The hypothesis itself as another reference makes a perfect match.
		if self2, _ := bleu.Sentence(hyp, ref1, hyp); self2.BLEU != self.BLEU {
			t.Fatalf("Sentence(%q, %q, itself) = %v, want %v", hyp, ref1, self2.BLEU, self.BLEU)
		}
	})
}

// fuzzEncodings returns encodings of assorted statistics, for seeds.
func fuzzEncodings(f *testing.F) (bins, jsons [][]byte) {
	for _, cfg := range []bleu.Config{{}, {Tokenizer: bleu.TokenizerIntl, Lowercase: true}, {Tokenizer: bleu.TokenizerChar, MaxOrder: 6, Normalizer: bleu.Chain(bleu.NFKC, bleu.Lowercase)}} {
		s := bleu.Stats{Config: cfg}
		for _, seg := range [][]string{{"The cat sat on the mat.", "The cat sat on a mat."}, {"x", "y", "x y"}, {"", "a b"}} {
			if err := s.Add(seg[0], seg[1:]...); err != nil {
				f.Fatal(err)
			}
		}
		for _, st := range []*bleu.Stats{{Config: cfg}, &s} {
			b, err := st.MarshalBinary()
			if err != nil {
				f.Fatal(err)
			}
			j, err := json.Marshal(st)
			if err != nil {
				f.Fatal(err)
			}
			bins, jsons = append(bins, b), append(jsons, j)
		}
	}
	return bins, jsons
}

// checkDecoded checks a successfully decoded Stats.
func checkDecoded(t *testing.T, s *bleu.Stats) {
	t.Helper()
	checkScores(t, s, "decoded")
	bin, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	fromBin, fromJSON := bleu.Stats{Config: s.Config}, bleu.Stats{Config: s.Config}
	if err := fromBin.UnmarshalBinary(bin); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(js, &fromJSON); err != nil {
		t.Fatal(err)
	}
	for _, got := range []*bleu.Stats{&fromBin, &fromJSON} {
		if d := conftest.DiffValues(view(s), view(got)); d != "" {
			t.Fatalf("re-encoding changed the statistics (-first +second):\n%s", d)
		}
	}
	if js2, _ := json.Marshal(&fromJSON); !bytes.Equal(js, js2) {
		t.Fatalf("JSON marshal, unmarshal, marshal not identical:\n%s\n%s", js, js2)
	}
}

// FuzzUnmarshalBinary feeds arbitrary bytes to UnmarshalBinary: it must
// never panic, leave the receiver unchanged on error, and accept only the
// exact encoding of statistics that score within range.
func FuzzUnmarshalBinary(f *testing.F) {
	bins, _ := fuzzEncodings(f)
	for _, b := range bins {
		f.Add(b)
	}
	f.Add([]byte("BLEU\x01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		// A configured receiver with statistics, and a new one.
		s := &bleu.Stats{Config: bleu.Config{Tokenizer: bleu.TokenizerIntl, Lowercase: true}}
		_ = s.Add("a b", "a c")
		before := view(s)
		var fresh bleu.Stats
		for _, r := range []*bleu.Stats{s, &fresh} {
			err := r.UnmarshalBinary(data)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "bleu: ") {
					t.Fatalf("error without the bleu: prefix: %v", err)
				}
				if r == s {
					if d := conftest.DiffValues(before, view(s)); d != "" {
						t.Fatalf("a failed UnmarshalBinary changed the receiver:\n%s", d)
					}
				}
				continue
			}
			again, err := r.MarshalBinary()
			if err != nil || !bytes.Equal(again, data) {
				t.Fatalf("accepted bytes are not the encoding of what they decode to (%v):\n%x\n%x", err, data, again)
			}
			checkDecoded(t, r)
		}
	})
}

// FuzzUnmarshalJSON feeds arbitrary bytes to UnmarshalJSON: it must never
// panic, leave the receiver unchanged on error, and accept only documents
// that re-encode to the same statistics.
func FuzzUnmarshalJSON(f *testing.F) {
	_, jsons := fuzzEncodings(f)
	for _, j := range jsons {
		f.Add(j)
	}
	f.Add([]byte(`{"format":"bleu-stats","version":1}`))
	f.Add([]byte(`{"format":"bleu-stats","version":1,"tokenizer":"13a","normalizer":"","lowercase":false,"order":1,` +
		`"segments":1,"hyp_len":9223372036854775807,"ref_len":0,"min_refs":1,"max_refs":1,"matches":[9223372036854775807],"totals":[9223372036854775807]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s := &bleu.Stats{Config: bleu.Config{Tokenizer: bleu.TokenizerChar}}
		_ = s.Add("a b", "a c")
		before := view(s)
		var fresh bleu.Stats
		if err := fresh.UnmarshalJSON(data); err == nil {
			checkDecoded(t, &fresh)
		} else if !strings.HasPrefix(err.Error(), "bleu: ") {
			t.Fatalf("error without the bleu: prefix: %v", err)
		}
		if err := s.UnmarshalJSON(data); err != nil {
			if d := conftest.DiffValues(before, view(s)); d != "" {
				t.Fatalf("a failed UnmarshalJSON changed the receiver:\n%s", d)
			}
		} else {
			checkDecoded(t, s)
		}
	})
}
