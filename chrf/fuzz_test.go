package chrf

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/py"
)

// naiveRow computes a segment's statistics the way sacreBLEU's code reads,
// with maps of strings: the oracle of FuzzAdd.
func naiveRow(p params, hyp string, refs []string) []int64 {
	if p.lowercase {
		hyp = py.Lower(hyp)
	}
	type counts = map[string]int64
	extract := func(t string) []counts {
		var out []counts
		line := t
		if !p.whitespace {
			line = strings.Join(strings.FieldsFunc(t, py.IsSpace), "")
		}
		r := []rune(line)
		for n := 1; n <= p.nc; n++ {
			m := counts{}
			for i := 0; i+n <= len(r); i++ {
				m[string(r[i:i+n])]++
			}
			out = append(out, m)
		}
		var words []string
		for _, w := range strings.FieldsFunc(t, py.IsSpace) {
			switch {
			case utf8.RuneCountInString(w) == 1:
				words = append(words, w)
			case strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", rune(w[len(w)-1])):
				words = append(words, w[:len(w)-1], w[len(w)-1:])
			case strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", rune(w[0])):
				words = append(words, w[:1], w[1:])
			default:
				words = append(words, w)
			}
		}
		for n := 1; n <= p.nw; n++ {
			m := counts{}
			for i := 0; i+n <= len(words); i++ {
				m[strings.Join(words[i:i+n], " ")]++
			}
			out = append(out, m)
		}
		return out
	}
	h := extract(hyp)
	var best []int64
	bestF := -1.0
	for _, ref := range refs {
		if p.lowercase {
			ref = py.Lower(ref)
		}
		r := extract(ref)
		var st []int64
		for o := range h {
			var hc, rc, mc int64
			for g, c := range h[o] {
				hc += c
				mc += min(c, r[o][g])
			}
			for _, c := range r[o] {
				rc += c
			}
			if len(r[o]) == 0 {
				hc = 0
			}
			st = append(st, hc, rc, mc)
		}
		if f := p.percent(st); f > bestF {
			best, bestF = st, f
		}
	}
	return best
}

func FuzzAdd(f *testing.F) {
	f.Add("The cat (sat) on the mat.", "the cat sat, on a mat!", "", uint8(0))
	f.Add("İ ΣΑΣ Σ", "i̇ σας", "ΟΔΟΣ", uint8(0x17))
	f.Add(" \t\u3000a", "a\u2028b", "\xff", uint8(0x42))
	f.Add("", "", "", uint8(0xff))
	f.Fuzz(func(t *testing.T, hyp, ref1, ref2 string, opts uint8) {
		c := Config{
			CharOrder:    []int{0, NoCharNGrams, 1, 3}[opts&3],
			WordOrder:    int(opts>>2) & 3,
			Lowercase:    opts&16 != 0,
			Whitespace:   opts&32 != 0,
			EpsSmoothing: opts&64 != 0,
		}
		if opts&128 != 0 {
			c.Beta = BetaZero
		}
		refs := []string{ref1}
		if len(ref2) > 0 {
			refs = append(refs, ref2)
		}
		var s Stats
		s.Config = c
		row, err := s.AddRow(nil, hyp, refs...)
		valid := utf8.ValidString(hyp) && utf8.ValidString(ref1) && utf8.ValidString(ref2)
		if c.Validate() != nil || !valid {
			if err == nil {
				t.Fatalf("%+v: no error", c)
			}
			if s.Len() != 0 {
				t.Fatal("statistics changed on error")
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		want := naiveRow(c.params(), hyp, refs)
		if !slices.Equal(row, want) {
			t.Fatalf("%+v: row %v, want %v", c, row, want)
		}
		// The texts are mostly short, for the bit sets: count them by
		// sorting, or the table, too.
		sorting := &counter{p: c.params(), noBits: true}
		sorting.segment(row, hyp, refs)
		if !slices.Equal(row, want) {
			t.Fatalf("%+v: without bit sets, row %v, want %v", c, row, want)
		}
		sc := s.Score()
		if math.IsNaN(sc.ChrF) || math.IsInf(sc.ChrF, 0) || sc.ChrF < 0 || sc.ChrF > 1 {
			t.Fatalf("score %v", sc.ChrF)
		}
		m, err := c.SentenceMatrix([]string{hyp}, refs[:1])
		if err != nil {
			t.Fatal(err)
		}
		one, _ := c.Sentence(hyp, refs[0])
		if !same(m[0][0], one.ChrF) {
			t.Fatalf("matrix %v, Sentence %v", m[0][0], one.ChrF)
		}
	})
}

func FuzzUnmarshal(f *testing.F) {
	var s Stats
	_ = s.Add("a b c", "a b d")
	b, _ := s.MarshalBinary()
	j, _ := s.MarshalJSON()
	f.Add(b)
	f.Add(j)
	var e Stats
	b, _ = e.MarshalBinary()
	f.Add(b)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, binary := range []bool{true, false} {
			var d Stats
			var err error
			if binary {
				err = d.UnmarshalBinary(data)
			} else {
				err = d.UnmarshalJSON(data)
			}
			if err != nil {
				if !strings.HasPrefix(err.Error(), "chrf: ") {
					t.Fatalf("error %q", err)
				}
				continue
			}
			sc := d.Score()
			if math.IsNaN(sc.ChrF) || math.IsInf(sc.ChrF, 0) {
				t.Fatalf("score %v", sc.ChrF)
			}
			if binary {
				again, err := d.MarshalBinary()
				if err != nil || !bytes.Equal(again, data) {
					t.Fatalf("decoded and encoded again: %x, %v", again, err)
				}
			} else {
				again, err := json.Marshal(&d)
				if err != nil {
					t.Fatal(err)
				}
				var d2 Stats
				if err := d2.UnmarshalJSON(again); err != nil || !slices.Equal(d2.Statistics(), d.Statistics()) {
					t.Fatalf("re-decoding: %v", err)
				}
			}
		}
	})
}
