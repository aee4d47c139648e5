package bleu

import (
	"bytes"
	"encoding/json"
	"errors"
	"hash/crc32"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// White-box (package bleu): these tests craft statistics no sequence of
// Add calls makes (inconsistent counts for the decoder to refuse, counts
// at the int64 limit), and compare every field a Stats holds, its options'
// fingerprint included, before and after encoding, merging and decoding
// into configured receivers.

func view(s *Stats) statsView {
	v := statsView{
		Config:   s.fingerprint().String(),
		Scoring:  s.signature(s.fingerprint(), "").String(),
		Segments: s.segments, HypLen: s.hypLen, RefLen: s.refLen,
		MinRefs: s.minRefs, MaxRefs: s.maxRefs, Matches: s.matches, Totals: s.totals,
	}
	if s.fp != (fingerprint{}) {
		v.FP = s.fp.String()
	}
	return v
}

// TestEncodingRoundTrip encodes statistics of many configurations, decodes
// them into a new Stats, and checks that nothing changed: the statistics,
// the restored options, the score and the encoding itself.
func TestEncodingRoundTrip(t *testing.T) {
	big := corpusStats(t, Config{})
	// Doubled 40 times, or as often as an int counts the segments.
	for i := 0; i < 40 && big.Len() <= math.MaxInt/2; i++ {
		if err := big.Merge(big); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		s    *Stats
	}{
		{"default", corpusStats(t, Config{})},
		{"intl lowercased", corpusStats(t, Config{Tokenizer: TokenizerIntl, Lowercase: true})},
		{"char order 6", corpusStats(t, Config{Tokenizer: TokenizerChar, MaxOrder: 6})},
		{"zh-fixed order 1", corpusStats(t, Config{Tokenizer: TokenizerZhFixed, MaxOrder: 1})},
		{"none with NFC", corpusStats(t, Config{Tokenizer: TokenizerNone, Normalizer: NFC})},
		{"chain of normalizers", corpusStats(t, Config{Normalizer: Chain(NFKC, Lowercase)})},
		{"explicit 13a, order 4", corpusStats(t, Config{Tokenizer: Tokenizer13a, MaxOrder: 4})},
		{"empty", &Stats{}},
		{"empty intl order 2", &Stats{Config: Config{Tokenizer: TokenizerIntl, MaxOrder: 2}}},
		{"2^40 copies", big},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := view(tt.s)
			bin, err := tt.s.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			js, err := json.Marshal(tt.s)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(before, view(tt.s)); d != "" {
				t.Errorf("marshalling changed the Stats:\n%s", d)
			}
			var fromBin, fromJSON Stats
			if err := fromBin.UnmarshalBinary(bin); err != nil {
				t.Fatalf("UnmarshalBinary: %v", err)
			}
			if err := json.Unmarshal(js, &fromJSON); err != nil {
				t.Fatalf("UnmarshalJSON: %v", err)
			}
			for _, got := range []*Stats{&fromBin, &fromJSON} {
				if d := cmp.Diff(before, view(got)); d != "" {
					t.Errorf("decoded Stats differs (-original +decoded):\n%s", d)
				}
				if d := cmp.Diff(tt.s.Score(), got.Score()); d != "" {
					t.Errorf("decoded Stats scores differently (-original +decoded):\n%s", d)
				}
				bin2, err := got.MarshalBinary()
				if err != nil || !bytes.Equal(bin, bin2) {
					t.Errorf("binary encoding not reproduced (%v):\n%x\n%x", err, bin, bin2)
				}
				js2, err := json.Marshal(got)
				if err != nil || !bytes.Equal(js, js2) {
					t.Errorf("JSON encoding not reproduced (%v):\n%s\n%s", err, js, js2)
				}
			}
			// A receiver configured like the original decodes as well, and
			// keeps its own scoring options.
			same := Stats{Config: tt.s.Config}
			same.Smooth, same.EffectiveOrder = SmoothFloor, true
			if tt.s.statsOptionsZero() {
				same.Tokenizer = Tokenizer13a
			}
			if err := same.UnmarshalBinary(bin); err != nil {
				t.Fatalf("into a configured receiver: %v", err)
			}
			if same.Smooth != SmoothFloor || !same.EffectiveOrder || same.Len() != tt.s.Len() {
				t.Errorf("configured receiver: smooth %v, eff %v, %d segments", same.Smooth, same.EffectiveOrder, same.Len())
			}
		})
	}
}

// TestUnmarshalBinaryErrors feeds the decoder foreign, truncated,
// corrupted and inconsistent data: each must give its error and leave the
// receiver unchanged.
func TestUnmarshalBinaryErrors(t *testing.T) {
	good := craft(t, corpusStats(t, Config{}))
	fp := new(Config).fingerprint()
	stats := func(segments int, hypLen, refLen int64, minRefs, maxRefs int, matches, totals []int64) *Stats {
		return &Stats{segments: segments, hypLen: hypLen, refLen: refLen, minRefs: minRefs, maxRefs: maxRefs, matches: matches, totals: totals, fp: fp}
	}
	i := func(xs ...int64) []int64 { return xs }
	withByte := func(at int, v byte) []byte {
		b := append([]byte(nil), good...)
		b[at] = v
		return reseal(b)
	}
	tests := []struct {
		name string
		data []byte
		msg  string
	}{
		{"nil", nil, "bleu: not encoded BLEU statistics (no BLEU header)"},
		{"JSON", []byte(`{"format":"bleu-stats"}`), "bleu: not encoded BLEU statistics (no BLEU header)"},
		{"magic only", []byte("BLEU"), "bleu: not encoded BLEU statistics (no BLEU header)"},
		{"version 2", withByte(4, 2), "bleu: encoded BLEU statistics of version 2; this library reads version 1"},
		{"version 0", withByte(4, 0), "bleu: encoded BLEU statistics of version 0; this library reads version 1"},
		{"no checksum", []byte("BLEU\x01\x00"), "bleu: encoded BLEU statistics truncated"},
		{"truncated by one byte", good[:len(good)-1], "bleu: encoded BLEU statistics corrupted or truncated (checksum mismatch)"},
		{"one byte more", append(append([]byte(nil), good...), 0), "bleu: encoded BLEU statistics corrupted or truncated (checksum mismatch)"},
		{"a count changed", func() []byte { b := append([]byte(nil), good...); b[30]++; return b }(), "bleu: encoded BLEU statistics corrupted or truncated (checksum mismatch)"},
		{"resealed extra byte", reseal(append(append([]byte(nil), good...), 0)), "bleu: invalid encoded BLEU statistics: 1 bytes after the counts"},
		{"resealed truncation", reseal(good[:len(good)-8]), "bleu: invalid encoded BLEU statistics: truncated"},
		{"unknown flag", withByte(5, 2), "bleu: invalid encoded BLEU statistics: unknown flags 0x2"},
		{"invalid UTF-8 name", withByte(8, 0xff), "bleu: invalid encoded BLEU statistics: name is not valid UTF-8 of at most 1024 bytes"},
		{"name longer than data", withByte(6, 0xff), "bleu: invalid encoded BLEU statistics: truncated"},
		{"order 0", withByte(16, 0), "bleu: invalid encoded BLEU statistics: order 0"},
		{"order too large for data", withByte(13, 1), "bleu: invalid encoded BLEU statistics: order 16777220"},
		{"count above MaxInt64", withByte(17, 0x80), "bleu: invalid encoded BLEU statistics: count out of range"},
		{"counts without segments", craft(t, stats(0, 1, 1, 0, 0, i(1, 0, 0, 0), i(1, 0, 0, 0))), "bleu: invalid encoded BLEU statistics: counts without segments"},
		{"no references", craft(t, stats(1, 1, 1, 0, 0, i(1, 0, 0, 0), i(1, 0, 0, 0))), "bleu: invalid encoded BLEU statistics: references per segment from 0 to 0"},
		{"fewest above most", craft(t, stats(1, 1, 1, 3, 2, i(1, 0, 0, 0), i(1, 0, 0, 0))), "bleu: invalid encoded BLEU statistics: references per segment from 3 to 2"},
		{"unigrams not hyp_len", craft(t, stats(1, 2, 1, 1, 1, i(1, 0, 0, 0), i(1, 0, 0, 0))), "bleu: invalid encoded BLEU statistics: 1 unigrams in hypotheses of 2 words"},
		{"more matches than n-grams", craft(t, stats(1, 2, 2, 1, 1, i(2, 2, 0, 0), i(2, 1, 0, 0))), "bleu: invalid encoded BLEU statistics: 2 matches of order 2 among 1 n-grams"},
		{"bigram without unigram match", craft(t, stats(1, 2, 2, 1, 1, i(0, 1, 0, 0), i(2, 1, 0, 0))), "bleu: invalid encoded BLEU statistics: matches of order 2 without matches of order 1"},
		{"more bigrams than unigrams", craft(t, stats(1, 2, 2, 1, 1, i(0, 0, 0, 0), i(2, 3, 0, 0))), "bleu: invalid encoded BLEU statistics: 2 n-grams of order 1 and 3 of order 2 in 1 segments"},
		{"a segment losing two n-grams an order", craft(t, stats(1, 5, 5, 1, 1, i(0, 0, 0, 0), i(5, 3, 2, 1))), "bleu: invalid encoded BLEU statistics: 5 n-grams of order 1 and 3 of order 2 in 1 segments"},
		{"differences growing", craft(t, stats(2, 5, 5, 1, 1, i(0, 0, 0, 0), i(5, 4, 2, 0))), "bleu: invalid encoded BLEU statistics: 4 n-grams of order 2 and 2 of order 3 in 2 segments"},
		{"trigrams without bigram-long segments", craft(t, stats(2, 4, 5, 1, 1, i(0, 0, 0, 0), i(4, 2, 2, 2))), "bleu: invalid encoded BLEU statistics: 2 n-grams of order 2 and 2 of order 3 in 2 segments"},
		{"negative reference length", craft(t, stats(1, 1, -1, 1, 1, i(1, 0, 0, 0), i(1, 0, 0, 0))), "bleu: invalid encoded BLEU statistics: count out of range"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := corpusStats(t, Config{Tokenizer: TokenizerChar})
			before := view(s)
			err := s.UnmarshalBinary(tt.data)
			if err == nil || err.Error() != tt.msg {
				t.Errorf("err = %v, want %q", err, tt.msg)
			}
			if d := cmp.Diff(before, view(s)); d != "" {
				t.Errorf("a failed UnmarshalBinary changed the Stats:\n%s", d)
			}
		})
	}

	// Every truncation and every single-bit change of a valid encoding is
	// an error.
	for n := range len(good) {
		var s Stats
		if err := s.UnmarshalBinary(good[:n]); err == nil {
			t.Errorf("truncation to %d bytes accepted", n)
		}
	}
	for i := range len(good) * 8 {
		b := append([]byte(nil), good...)
		b[i/8] ^= 1 << (i % 8)
		var s Stats
		if err := s.UnmarshalBinary(b); err == nil {
			t.Errorf("bit %d flipped: accepted", i)
		}
	}
}

// TestDecodedStatsAtLimit decodes statistics at the top of int64, which
// the decoder accepts, and checks that they score finitely with every
// smoothing method and refuse to grow.
func TestDecodedStatsAtLimit(t *testing.T) {
	const max = math.MaxInt64
	b := craft(t, &Stats{
		segments: 1, hypLen: max, refLen: max, minRefs: 1, maxRefs: 1,
		matches: []int64{max - 3, 5, 1, 0}, totals: []int64{max, max - 1, max - 2, max - 3},
		fp: new(Config).fingerprint(),
	})
	var s Stats
	if err := s.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	for _, cfg := range []Config{{}, {Smooth: SmoothNone}, {Smooth: SmoothFloor}, {Smooth: SmoothAddK, SmoothValue: 1 << 40}, {EffectiveOrder: true}} {
		s.Smooth, s.SmoothValue, s.EffectiveOrder = cfg.Smooth, cfg.SmoothValue, cfg.EffectiveOrder
		checkRange(t, s.Score(), s.Smooth.String())
	}
	if err := s.Add("a", "a"); !errors.Is(err, ErrOverflow) {
		t.Errorf("Add at the limit: err = %v, want ErrOverflow", err)
	}
}

// TestAddOverflowEachCount puts each count of order-4 statistics in turn
// at the limit: Add must refuse a segment that would overflow it, and
// change nothing, and take one that just fits.
func TestAddOverflowEachCount(t *testing.T) {
	const hyp, ref = "a b c d e", "a b c d e" // adds 5 to every length, 5 4 3 2 to matches and totals
	adds := [10]int64{5, 4, 3, 2, 5, 4, 3, 2, 5, 5}
	for f := range 10 {
		for _, room := range []int64{0, adds[f] - 1, adds[f]} {
			s := &Stats{segments: 1, hypLen: 10, refLen: 10, minRefs: 1, maxRefs: 1,
				matches: []int64{1, 1, 1, 1}, totals: []int64{10, 9, 8, 7}}
			s.fp = s.fingerprint()
			fields := [10]*int64{&s.matches[0], &s.matches[1], &s.matches[2], &s.matches[3],
				&s.totals[0], &s.totals[1], &s.totals[2], &s.totals[3], &s.hypLen, &s.refLen}
			*fields[f] = math.MaxInt64 - room
			var before [10]int64
			for i, p := range fields {
				before[i] = *p
			}
			err := s.Add(hyp, ref)
			var after [10]int64
			for i, p := range fields {
				after[i] = *p
			}
			if room < adds[f] {
				if !errors.Is(err, ErrOverflow) || after != before || s.Len() != 1 {
					t.Errorf("count %d with %d to spare: err = %v, counts %v, want ErrOverflow and %v", f, room, err, after, before)
				}
				continue
			}
			want := before
			for i := range want {
				want[i] += adds[i]
			}
			if err != nil || after != want || s.Len() != 2 {
				t.Errorf("count %d with %d to spare: err = %v, counts %v, want %v", f, room, err, after, want)
			}
		}
	}
}

// statsView is everything a Stats holds but its scratch space, for cmp.
type statsView struct {
	Config           string // the fingerprint of the options, and the scoring options
	Scoring          string
	Segments         int
	HypLen, RefLen   int64
	MinRefs, MaxRefs int
	Matches, Totals  []int64
	FP               string
}

// corpusStats returns a Stats of cfg holding the sample corpus, with a
// second reference for every third segment (so that nrefs is "var").
func corpusStats(t *testing.T, cfg Config) *Stats {
	t.Helper()
	hyps := []string{"The cat sat on the mat.", "It is raining today.", "Ünïcödé  Straße, 3.5% of $1,000!", "a", ""}
	refs := []string{"The cat sat on the mat.", "It rains today.", "unicode strasse, 3.5 % of $ 1,000 !", "a b c d e", "x"}
	s := &Stats{Config: cfg}
	for i := range hyps {
		rs := []string{refs[i]}
		if i%3 == 2 {
			rs = append(rs, strings.ToUpper(refs[i]))
		}
		if err := s.Add(hyps[i], rs...); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// craft encodes s, whatever its counts, with a valid checksum: for testing
// the decoder's checks of the counts.
func craft(t *testing.T, s *Stats) []byte {
	t.Helper()
	b, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// reseal recomputes the checksum of an encoding.
func reseal(b []byte) []byte {
	b = append([]byte(nil), b...)
	n := len(b) - 4
	sum := crc32.ChecksumIEEE(b[:n])
	b[n], b[n+1], b[n+2], b[n+3] = byte(sum>>24), byte(sum>>16), byte(sum>>8), byte(sum)
	return b
}

// TestUnmarshalConfig checks what decoding does with the receiver's
// options: a zero receiver takes the encoded standard options, a
// configured one must match them.
func TestUnmarshalConfig(t *testing.T) {
	custom := namedTokenizer("mytok")
	tests := []struct {
		name     string
		written  Config
		receiver Config
		want     Config // the receiver's options afterwards, on success
		msg      string
	}{
		{name: "zero takes intl+lc", written: Config{Tokenizer: TokenizerIntl, Lowercase: true}, want: Config{Tokenizer: TokenizerIntl, Lowercase: true}},
		{name: "zero takes order 2", written: Config{MaxOrder: 2}, want: Config{MaxOrder: 2}},
		{name: "zero takes a normalizer", written: Config{Normalizer: NFKC}, want: Config{Normalizer: NFKC}},
		{name: "zero takes a chain", written: Config{Normalizer: Chain(NFC, Lowercase)}, want: Config{Normalizer: Chain(NFC, Lowercase)}},
		{name: "zero takes 13a as nil", written: Config{Tokenizer: Tokenizer13a, MaxOrder: 4}, want: Config{}},
		{name: "zero keeps its scoring options", written: Config{Tokenizer: TokenizerZh}, receiver: Config{Smooth: SmoothAddK, SmoothValue: 3, EffectiveOrder: true},
			want: Config{Tokenizer: TokenizerZh, Smooth: SmoothAddK, SmoothValue: 3, EffectiveOrder: true}},
		{name: "matching receiver", written: Config{Tokenizer: TokenizerIntl}, receiver: Config{Tokenizer: TokenizerIntl, Smooth: SmoothNone}, want: Config{Tokenizer: TokenizerIntl, Smooth: SmoothNone}},
		{name: "custom tokenizer, configured", written: Config{Tokenizer: custom}, receiver: Config{Tokenizer: custom}, want: Config{Tokenizer: custom}},
		{name: "custom tokenizer, zero receiver", written: Config{Tokenizer: custom},
			msg: `bleu: cannot restore tokenizer "mytok" of encoded statistics: set the receiver's Config.Tokenizer first`},
		{name: "custom normalizer, zero receiver", written: Config{Normalizer: Chain(NFC, NormalizerFunc(strings.TrimSpace))},
			msg: `bleu: cannot restore normalizer "nfc+custom" of encoded statistics: set the receiver's Config.Normalizer first`},
		{name: "other tokenizer", written: Config{Tokenizer: TokenizerIntl}, receiver: Config{Tokenizer: TokenizerChar},
			msg: "bleu: encoded statistics were collected with tok:intl|case:mixed|order:4; the receiver is configured for tok:char|case:mixed|order:4"},
		{name: "receiver lowercases", written: Config{}, receiver: Config{Lowercase: true},
			msg: "bleu: encoded statistics were collected with tok:13a|case:mixed|order:4; the receiver is configured for tok:13a|case:lc|order:4"},
		{name: "receiver of another order", written: Config{MaxOrder: 3}, receiver: Config{MaxOrder: 4},
			msg: "bleu: encoded statistics were collected with tok:13a|case:mixed|order:3; the receiver is configured for tok:13a|case:mixed|order:4"},
		{name: "receiver without the normalizer", written: Config{Normalizer: NFC, Tokenizer: TokenizerIntl}, receiver: Config{Tokenizer: TokenizerIntl},
			msg: "bleu: encoded statistics were collected with tok:intl|norm:nfc|case:mixed|order:4; the receiver is configured for tok:intl|case:mixed|order:4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			orig := corpusStats(t, tt.written)
			bin := craft(t, orig)
			js, err := json.Marshal(orig)
			if err != nil {
				t.Fatal(err)
			}
			for _, dec := range []struct {
				name string
				f    func(*Stats) error
			}{
				{"binary", func(s *Stats) error { return s.UnmarshalBinary(bin) }},
				{"JSON", func(s *Stats) error { return s.UnmarshalJSON(js) }},
			} {
				s := Stats{Config: tt.receiver}
				err := dec.f(&s)
				if tt.msg != "" {
					if err == nil || err.Error() != tt.msg {
						t.Errorf("%s: err = %v, want %q", dec.name, err, tt.msg)
					}
					if s.Config != tt.receiver || s.Len() != 0 {
						t.Errorf("%s: a failed decoding changed the receiver: %+v, %d segments", dec.name, s.Config, s.Len())
					}
					continue
				}
				if err != nil {
					t.Fatalf("%s: %v", dec.name, err)
				}
				if d := cmp.Diff(tt.want, s.Config, cmp.Comparer(func(a, b Normalizer) bool { return normalizerName(a) == normalizerName(b) })); d != "" {
					t.Errorf("%s: receiver's options (-want +got):\n%s", dec.name, d)
				}
				want := orig.Clone()
				want.Config = tt.want
				if d := cmp.Diff(want.Score(), s.Score()); d != "" {
					t.Errorf("%s: score (-want +got):\n%s", dec.name, d)
				}
				// More segments added to the decoded Stats count as they
				// would have in the original.
				_ = want.Add("one more segment", "one more")
				_ = s.Add("one more segment", "one more")
				if d := cmp.Diff(view(want), view(&s)); d != "" {
					t.Errorf("%s: after another Add (-want +got):\n%s", dec.name, d)
				}
			}
		})
	}
}

// namedTokenizer is a custom tokenizer whose signature name is chosen by
// the test.
type namedTokenizer string

func (n namedTokenizer) Tokenize(dst []string, text string) []string {
	return Tokenizer13a.Tokenize(dst, text)
}

func (n namedTokenizer) String() string { return string(n) }
