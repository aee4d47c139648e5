package lockstep_test

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/go-bleu/bleu/internal/lockstep"
)

var errBad = errors.New("x: invalid UTF-8")

// batch is one result of Next.
type batch struct {
	first int
	hyps  []string
	refs  [][]string
	done  bool
}

// readAll reads every batch, copying them, up to the first error.
func readAll(ctx context.Context, hyp string, refs []string, o lockstep.Options) ([]batch, error) {
	rs := make([]io.Reader, len(refs))
	for k, r := range refs {
		rs[k] = strings.NewReader(r)
	}
	lr := lockstep.NewReader(ctx, strings.NewReader(hyp), rs, o)
	var out []batch
	for {
		first, hyps, refBatch, done, err := lr.Next()
		if err != nil {
			return out, err
		}
		b := batch{first: first, hyps: append([]string(nil), hyps...), done: done}
		for _, r := range refBatch {
			b.refs = append(b.refs, append([]string(nil), r...))
		}
		out = append(out, b)
		if done {
			return out, nil
		}
	}
}

func TestNext(t *testing.T) {
	o := lockstep.Options{Prefix: "x", InvalidUTF8: errBad}
	strip := o
	strip.RStrip = true
	for _, tc := range []struct {
		name      string
		hyp       string
		refs      []string
		o         lockstep.Options
		want      []batch
		wantErr   string
		wantIsBad bool
	}{
		{"empty", "", []string{""}, o, []batch{{first: 1, hyps: []string{}, refs: [][]string{{}}, done: true}}, "", false},
		{"lines", "a \r\nb", []string{"c\n\n", "e\nf"}, o,
			[]batch{{first: 1, hyps: []string{"a \r", "b"}, refs: [][]string{{"c", ""}, {"e", "f"}}, done: true}}, "", false},
		{"rstrip", "a \r\n\ufeffb\t", []string{"c \n d"}, strip,
			[]batch{{first: 1, hyps: []string{"a", "\ufeffb"}, refs: [][]string{{"c", " d"}}, done: true}}, "", false},
		{"lengths", "a\nb\nc\n", []string{"a\n", "a\nb\nc\nd\n"}, o, nil,
			"x: the inputs have different numbers of lines: hypothesis: 3, reference 1: 1, reference 2: 4", false},
		{"utf8", "a\nb\xffc\n", []string{"a\nb\n"}, o, nil,
			"x: invalid UTF-8: hypothesis line 2, byte 0xff at byte 2 of the line", true},
		{"utf8 ref", "a\n", []string{"\xc3"}, o, nil,
			"x: invalid UTF-8: reference 1 line 1, byte 0xc3 at byte 1 of the line", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readAll(context.Background(), tc.hyp, tc.refs, tc.o)
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr || errors.Is(err, errBad) != tc.wantIsBad {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("%d batches %+v, want %+v", len(got), got, tc.want)
			}
			for i := range got {
				g, w := got[i], tc.want[i]
				if g.first != w.first || g.done != w.done || strings.Join(g.hyps, "|") != strings.Join(w.hyps, "|") || len(g.refs) != len(w.refs) {
					t.Fatalf("batch %d %+v, want %+v", i, g, w)
				}
				for k := range g.refs {
					if strings.Join(g.refs[k], "|") != strings.Join(w.refs[k], "|") {
						t.Fatalf("batch %d %+v, want %+v", i, g, w)
					}
				}
			}
		})
	}
}

// TestBatches checks that batches end at MaxSegments and number their
// first lines.
func TestBatches(t *testing.T) {
	n := 2*lockstep.MaxSegments + 3
	text := strings.Repeat("a b\n", n)
	got, err := readAll(context.Background(), text, []string{text}, lockstep.Options{Prefix: "x", InvalidUTF8: errBad})
	if err != nil {
		t.Fatal(err)
	}
	wantFirst := []int{1, lockstep.MaxSegments + 1, 2*lockstep.MaxSegments + 1}
	wantLen := []int{lockstep.MaxSegments, lockstep.MaxSegments, 3}
	if len(got) != 3 {
		t.Fatalf("%d batches, want 3", len(got))
	}
	for i, b := range got {
		if b.first != wantFirst[i] || len(b.hyps) != wantLen[i] || len(b.refs[0]) != wantLen[i] || b.done != (i == 2) {
			t.Errorf("batch %d: first %d, %d segments, done %v", i, b.first, len(b.hyps), b.done)
		}
	}
}

// TestContext checks that a done context stops reading before a batch,
// and within one with CheckReads.
func TestContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	o := lockstep.Options{Prefix: "x", InvalidUTF8: errBad}
	_, err := readAll(ctx, "a\n", []string{"a\n"}, o)
	if err == nil || err.Error() != "x: reading stopped before line 1: context canceled" || !errors.Is(err, context.Canceled) {
		t.Errorf("error %v", err)
	}

	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	o.CheckReads = true
	lr := lockstep.NewReader(ctx, cancelReader{cancel}, []io.Reader{strings.NewReader("a\n")}, o)
	_, _, _, _, err = lr.Next()
	if err == nil || err.Error() != "x: reading the hypothesis, line 1: context canceled" || !errors.Is(err, context.Canceled) {
		t.Errorf("CheckReads: error %v", err)
	}
}

// cancelReader returns a line without its end, cancelling a context.
type cancelReader struct{ cancel context.CancelFunc }

func (c cancelReader) Read(p []byte) (int, error) {
	c.cancel()
	return copy(p, "abc"), nil
}
