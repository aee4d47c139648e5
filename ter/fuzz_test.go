package ter

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzTokenize checks that the tokenizer, under every option set, returns
// valid UTF-8 words separated by single spaces for any valid text.
func FuzzTokenize(f *testing.F) {
	for _, s := range []string{"", "a b", "Jim's car.", "&amp;quot; 1,000.5-2", "美众院 りの「拳」", "İSTANBUL\u2028x", "\n-a\nb"} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(15))
	}
	f.Fuzz(func(t *testing.T, text string, flags uint8) {
		if !utf8.ValidString(text) {
			return
		}
		c := configOf(flags & flagsMask)
		got := c.Tokenize(text)
		if !utf8.ValidString(got) || strings.HasPrefix(got, " ") || strings.HasSuffix(got, " ") || strings.Contains(got, "  ") {
			t.Errorf("%+v Tokenize(%q) = %q", c, text, got)
		}
	})
}

// FuzzAdd checks Add against the naive transcription of sacreBLEU's
// algorithm on short segments, and that Add leaves the statistics
// unchanged when it fails.
func FuzzAdd(f *testing.F) {
	f.Add("a b c d e", "c d e a b", "", uint8(0))
	f.Add("the cat sat", "a\xff", "x", uint8(1))
	f.Add("", "", "a", uint8(4))
	f.Fuzz(func(t *testing.T, hyp, ref1, ref2 string, flags uint8) {
		if len(hyp) > 400 || len(ref1) > 400 || len(ref2) > 400 {
			return
		}
		c := configOf(flags & flagsMask)
		refs := []string{ref1}
		if flags&16 != 0 {
			refs = append(refs, ref2)
		}
		s := Stats{Config: c}
		if err := s.Add("a", "b"); err != nil {
			t.Fatal(err)
		}
		before := s.Score()
		e, l, err := s.add(hyp, refs)
		if err != nil {
			if s.Score() != before || !strings.HasPrefix(err.Error(), "ter: ") {
				t.Fatalf("failed Add: %v, statistics %+v from %+v", err, s.Score(), before)
			}
			return
		}
		// The naive twin, on the words as the worker numbers them.
		w := s.w
		best, total := -1, 0
		for k := range refs {
			n := naiveEdits(w.hyp, w.refs[k])
			if best < 0 || n < best {
				best = n
			}
			total += len(w.refs[k])
		}
		if e != int64(best) || l != float64(total)/float64(len(refs)) {
			t.Errorf("Add(%q, %q) = %d, %v; naive %d, %v", hyp, refs, e, l, best, float64(total)/float64(len(refs)))
		}
	})
}

// FuzzUnmarshal checks that the decoders refuse what they cannot read
// without changing the receiver, and that what they accept encodes back to
// the same bytes (binary) or the same statistics (JSON).
func FuzzUnmarshal(f *testing.F) {
	var s Stats
	_ = s.Add("a b c", "a c b", "c")
	bin, _ := s.MarshalBinary()
	js, _ := s.MarshalJSON()
	f.Add(bin)
	f.Add(js)
	f.Add([]byte(`{"format":"ter-stats"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, decode := range []func(*Stats, []byte) error{(*Stats).UnmarshalBinary, (*Stats).UnmarshalJSON} {
			var d Stats
			_ = d.Add("x", "y")
			before := d.Score()
			if err := decode(&d, data); err != nil {
				if d.Score() != before || !strings.HasPrefix(err.Error(), "ter: ") {
					t.Fatalf("failed decoding: %v, statistics %+v", err, d.Score())
				}
				continue
			}
			b, err := d.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var e Stats
			if err := e.UnmarshalBinary(b); err != nil || e.Score() != d.Score() {
				t.Fatalf("re-decoding: %v", err)
			}
			if len(data) == encodingSize && data[0] == 'T' && !bytes.Equal(b, data) {
				t.Fatalf("binary %x decoded and encoded as %x", data, b)
			}
		}
	})
}
