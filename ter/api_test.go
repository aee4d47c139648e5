package ter

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestAddErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		hyp  string
		refs []string
		want error
	}{
		{"no reference", "a", nil, ErrNoReference},
		{"invalid hypothesis", "a\xff", []string{"a"}, ErrInvalidUTF8},
		{"invalid reference", "a", []string{"a", "\xc3"}, ErrInvalidUTF8},
	} {
		s := Stats{}
		if err := s.Add("x y", "x y z"); err != nil {
			t.Fatal(err)
		}
		before := s.Score()
		err := s.Add(tc.hyp, tc.refs...)
		if !errors.Is(err, tc.want) || !strings.HasPrefix(err.Error(), "ter: ") {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
		if s.Len() != 1 || s.Score() != before {
			t.Errorf("%s: statistics changed on error", tc.name)
		}
	}
}

func TestOptionsFixed(t *testing.T) {
	s := Stats{}
	if err := s.Add("a b", "a c"); err != nil {
		t.Fatal(err)
	}
	s.Normalized = true
	if err := s.Add("a", "a"); err == nil || !strings.HasPrefix(err.Error(), "ter: ") {
		t.Errorf("Add under other options: %v", err)
	}
	if got := s.Score().Signature.Norm; got != "no" {
		t.Errorf("signature norm %q, want the statistics' %q", got, "no")
	}
	s.Reset()
	if err := s.Add("a", "a"); err != nil {
		t.Errorf("after Reset: %v", err)
	}
}

func TestCorpusErrors(t *testing.T) {
	hyps := []string{"a", "b\xff", "c", "\xfe"}
	refs := []string{"a", "b", "c", "d"}
	var s Stats
	err := s.AddCorpus(hyps, refs)
	if !errors.Is(err, ErrInvalidUTF8) || err.Error() != "ter: segment 1: invalid UTF-8 in the hypothesis" {
		t.Errorf("AddCorpus: %v", err)
	}
	if s.Len() != 0 {
		t.Errorf("AddCorpus added %d segments on error", s.Len())
	}
	if _, err := Corpus(hyps[:1]); !errors.Is(err, ErrNoReference) {
		t.Errorf("no streams: %v", err)
	}
	if _, err := Corpus(hyps, refs[:2]); err == nil || !strings.HasPrefix(err.Error(), "ter: ") {
		t.Errorf("short stream: %v", err)
	}
	if _, err := Sentences(hyps, refs); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("Sentences: %v", err)
	}
}

func TestSentencesAndRows(t *testing.T) {
	hyps := []string{"a b c", "", "x y z w", "d e f g h a b c"}
	refs := [][]string{{"a b c", "a", "", "a b c d e f g h"}, {"a c b", "", "x", "h"}}
	sent, err := Sentences(hyps, refs...)
	if err != nil {
		t.Fatal(err)
	}
	pct, err := Config{}.SentencesPercent(hyps, refs...)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := Config{}.Rows(hyps, refs...)
	if err != nil {
		t.Fatal(err)
	}
	for i, h := range hyps {
		sc, err := Sentence(h, refs[0][i], refs[1][i])
		if err != nil {
			t.Fatal(err)
		}
		if sent[i] != sc.TER || pct[i] != sc.TERPercent || rows[i] != [2]float64{float64(sc.Edits), sc.RefLength} {
			t.Errorf("segment %d: %v %v %v, Sentence %+v", i, sent[i], pct[i], rows[i], sc)
		}
	}
	// TER can exceed 1: four edits against one reference word.
	if sc, _ := Sentence("x y z w", "x"); sc.TER != 3 || sc.TERPercent != 300 {
		t.Errorf("Sentence = %+v, want TER 3", sc)
	}
	if got := (Score{}).String(); got != "TER = 0.00" {
		t.Errorf("zero Score: %q", got)
	}
}

func TestMerge(t *testing.T) {
	hyps := []string{"a b c", "b a", "c", "the cat sat", "", "x"}
	refs := [][]string{{"a b d", "a b", "c c", "a cat sat on", "y", ""}, {"a", "b", "c", "sat", "", "x"}}
	var whole Stats
	if err := whole.AddCorpus(hyps, refs...); err != nil {
		t.Fatal(err)
	}
	var total Stats
	for lo := 0; lo < len(hyps); lo += 2 {
		shard := Stats{}
		if err := shard.AddCorpus(hyps[lo:lo+2], refs[0][lo:lo+2], refs[1][lo:lo+2]); err != nil {
			t.Fatal(err)
		}
		if err := total.Merge(&shard); err != nil {
			t.Fatal(err)
		}
	}
	if total.Score() != whole.Score() {
		t.Errorf("merged %+v, whole %+v", total.Score(), whole.Score())
	}
	other := Stats{Config: Config{CaseSensitive: true}}
	if err := other.Add("a", "a"); err != nil {
		t.Fatal(err)
	}
	if err := total.Merge(&other); err == nil || !strings.HasPrefix(err.Error(), "ter: ") {
		t.Errorf("Merge of other options: %v", err)
	}
	before := total.Score()
	if err := total.Merge(&total); err != nil {
		t.Fatal(err)
	}
	if got := total.Score(); got.Edits != 2*before.Edits || got.RefLength != 2*before.RefLength {
		t.Errorf("s.Merge(s): %+v from %+v", got, before)
	}
}

func TestCopyDetected(t *testing.T) {
	var s Stats
	if err := s.Add("a", "b"); err != nil {
		t.Fatal(err)
	}
	// A copy by assignment, made with reflection, which go vet does not
	// report.
	var d Stats
	reflect.ValueOf(&d).Elem().Set(reflect.ValueOf(&s).Elem())
	defer func() {
		if recover() == nil {
			t.Error("using a copy of a used Stats did not panic")
		}
	}()
	_ = d.Add("a", "b")
}

func TestEncodings(t *testing.T) {
	s := Stats{Config: Config{Normalized: true, AsianSupport: true}}
	if err := s.AddCorpus([]string{"a b c", "中文 字"}, []string{"a c", "中 文"}, []string{"b", "字"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Add("x", "x y z"); err != nil {
		t.Fatal(err)
	}
	bin, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(&s)
	if err != nil {
		t.Fatal(err)
	}
	for name, decode := range map[string]func(*Stats) error{
		"binary": func(d *Stats) error { return d.UnmarshalBinary(bin) },
		"json":   func(d *Stats) error { return json.Unmarshal(js, d) },
	} {
		var d Stats
		if err := decode(&d); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if d.Score() != s.Score() || d.Config != s.Config {
			t.Errorf("%s: decoded %+v, want %+v", name, d.Score(), s.Score())
		}
		other := Stats{Config: Config{NoPunct: true}}
		if err := decode(&other); err == nil {
			t.Errorf("%s: decoded into a Stats of other options", name)
		}
	}
	// Every single-byte change of the binary encoding is refused, and
	// leaves the receiver unchanged.
	var d Stats
	if err := d.Add("q", "q r"); err != nil {
		t.Fatal(err)
	}
	before := d.Score()
	for i := range bin {
		b := bytes.Clone(bin)
		b[i] ^= 0x10
		if err := d.UnmarshalBinary(b); err == nil || !strings.HasPrefix(err.Error(), "ter: ") {
			t.Errorf("byte %d changed: %v", i, err)
		}
	}
	if d.Score() != before {
		t.Error("a failed decoding changed the statistics")
	}
	for _, bad := range []string{
		`{}`, `[]`, `null`,
		strings.Replace(string(js), `"edits":`, `"edits":-`, 1),
		strings.Replace(string(js), `"format"`, `"Format"`, 1),
		strings.Replace(string(js), `}`, `,"edits":1}`, 1),
		strings.Replace(string(js), `"max_refs":2`, `"max_refs":0`, 1),
		strings.Replace(string(js), `"version":1`, `"version":2`, 1),
	} {
		if err := d.UnmarshalJSON([]byte(bad)); err == nil || !strings.HasPrefix(err.Error(), "ter: ") {
			t.Errorf("UnmarshalJSON(%s): %v", bad, err)
		}
	}
}

func TestAddReaders(t *testing.T) {
	hyp := "a b c\nthe cat\r\n\nx y z"
	ref := "a c b\nthe cat sat\n\nx"
	var s Stats
	if err := s.AddReaders(context.Background(), strings.NewReader(hyp), strings.NewReader(ref)); err != nil {
		t.Fatal(err)
	}
	want, err := Corpus([]string{"a b c", "the cat\r", "", "x y z"}, []string{"a c b", "the cat sat", "", "x"})
	if err != nil {
		t.Fatal(err)
	}
	if s.Score() != want {
		t.Errorf("AddReaders %+v, Corpus %+v", s.Score(), want)
	}
	for name, tc := range map[string]struct {
		hyp, ref string
		want     string
	}{
		"lengths": {"a\nb\n", "a\n", "ter: the inputs have different numbers of lines: hypothesis: 2, reference 1: 1"},
		"utf8":    {"a\nb\xff\n", "a\nb\n", "ter: invalid UTF-8: hypothesis line 2, byte 0xff at byte 2 of the line"},
	} {
		var s Stats
		err := s.AddReaders(context.Background(), strings.NewReader(tc.hyp), strings.NewReader(tc.ref))
		if err == nil || err.Error() != tc.want || s.Len() != 0 {
			t.Errorf("%s: %v, want %s", name, err, tc.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.AddReaders(ctx, strings.NewReader(hyp), strings.NewReader(ref)); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v", err)
	}
}

func TestOverflow(t *testing.T) {
	var s Stats
	if err := s.Add("a b", "c"); err != nil {
		t.Fatal(err)
	}
	s.edits = math.MaxInt64 - 1
	before := s.Score()
	if err := s.Add("a b", "c"); !errors.Is(err, ErrOverflow) {
		t.Errorf("Add past MaxInt64 edits: %v", err)
	}
	if err := s.AddCorpus([]string{"a b"}, []string{"c"}); !errors.Is(err, ErrOverflow) {
		t.Errorf("AddCorpus past MaxInt64 edits: %v", err)
	}
	if s.Score() != before {
		t.Error("statistics changed on overflow")
	}
}

// TestThreeReferencesInOrder checks that AddCorpus and AddReaders, over
// several batches and goroutines, sum the mean reference lengths of three
// references (not exact in binary) in the order of the segments, as Add
// does one segment at a time.
func TestThreeReferencesInOrder(t *testing.T) {
	const n = readBatchSegments + 904
	hyps := make([]string, n)
	refs := make([][]string, 3)
	var texts [3]strings.Builder
	var hypText strings.Builder
	words := strings.Fields("a b c d e f g h i j k l m")
	for i := range hyps {
		hyps[i] = strings.Join(words[:1+i%7], " ")
		hypText.WriteString(hyps[i] + "\n")
		for k := range refs {
			r := strings.Join(words[(i+k)%3:2+(i*k+k)%11], " ")
			refs[k] = append(refs[k], r)
			texts[k].WriteString(r + "\n")
		}
	}
	var one Stats
	for i := range hyps {
		if err := one.Add(hyps[i], refs[0][i], refs[1][i], refs[2][i]); err != nil {
			t.Fatal(err)
		}
	}
	var corpus, readers Stats
	if err := corpus.AddCorpus(hyps, refs...); err != nil {
		t.Fatal(err)
	}
	if err := readers.AddReaders(context.Background(), strings.NewReader(hypText.String()),
		strings.NewReader(texts[0].String()), strings.NewReader(texts[1].String()), strings.NewReader(texts[2].String())); err != nil {
		t.Fatal(err)
	}
	want := one.Score()
	if corpus.Score() != want || readers.Score() != want {
		t.Errorf("AddCorpus %+v, AddReaders %+v, Add %+v", corpus.Score(), readers.Score(), want)
	}
}

// TestAddCorpusRows checks that AddCorpusRows adds what AddCorpus adds and
// appends what Rows returns, and leaves both unchanged on error.
func TestAddCorpusRows(t *testing.T) {
	hyps := []string{"a b c", "", "x y z w", "d e f g h a b c"}
	refs := [][]string{{"a b c", "a", "", "a b c d e f g h"}, {"a c b", "", "x", "h"}}
	want, err := Config{}.Rows(hyps, refs...)
	if err != nil {
		t.Fatal(err)
	}
	var plain, withRows Stats
	if err := plain.AddCorpus(hyps, refs...); err != nil {
		t.Fatal(err)
	}
	prefix := [][2]float64{{7, 8}}
	got, err := withRows.AddCorpusRows(prefix, hyps, refs...)
	if err != nil {
		t.Fatal(err)
	}
	if w := append([][2]float64{{7, 8}}, want...); !reflect.DeepEqual(got, w) {
		t.Errorf("rows %v, want %v", got, w)
	}
	if a, b := plain.Score(), withRows.Score(); a != b {
		t.Errorf("Score %+v, AddCorpus gives %+v", b, a)
	}
	bad := []string{"a", "caf\xe9"}
	got, err = withRows.AddCorpusRows(prefix, bad, []string{"a", "b"})
	if !errors.Is(err, ErrInvalidUTF8) || len(got) != 1 {
		t.Errorf("invalid UTF-8: %v, %d rows", err, len(got))
	}
	if a, b := plain.Score(), withRows.Score(); a != b {
		t.Errorf("after an error: Score %+v, want %+v", b, a)
	}
	if _, err := withRows.AddCorpusRows(nil, hyps, refs[0][:1]); err == nil {
		t.Error("streams of different lengths: no error")
	}
}
