package compat

import (
	"math"
	"strings"
	"testing"
)

// TestHFOrderBounded sweeps max_order: up to MaxHFOrder it computes (and
// returns a precision for every order), above it it is an error, never a
// panic or gigabytes.
func TestHFOrderBounded(t *testing.T) {
	preds, refs := []string{"the cat sat on the mat"}, [][]string{{"the cat sat on a mat"}}
	for _, tt := range []struct {
		order int
		ok    bool
	}{
		{1, true}, {4, true}, {MaxHFOrder, true},
		{MaxHFOrder + 1, false}, {1 << 30, false}, {math.MaxInt32, false}, {math.MaxInt, false},
	} {
		res, err := HF{MaxOrder: tt.order}.Compute(preds, refs)
		switch {
		case tt.ok && (err != nil || len(res.Precisions) != tt.order):
			t.Errorf("max_order %d: %v, %d precisions", tt.order, err, len(res.Precisions))
		case !tt.ok && (err == nil || !strings.HasPrefix(err.Error(), "compat: max_order")):
			t.Errorf("max_order %d: error %v", tt.order, err)
		}
	}
}

// TestNoClampAboveOne checks that the tools whose smoothing can lift a
// precision past 1 report the score past 1 as they compute it: NLTK's
// method1 with epsilon 50 gives (2/5 · 1/4 · 50/3 · 50/2)^(1/4) = 2.5407
// for a hypothesis without trigram matches.
func TestNoClampAboveOne(t *testing.T) {
	hyp, ref := SplitWords("a b c d e"), SplitWords("a b x y z")
	got, err := NLTK{Smoothing: 1, Epsilon: 50}.Corpus([][]string{hyp}, [][][]string{{ref}})
	if err != nil {
		t.Fatal(err)
	}
	if !(got > 2.5406 && got < 2.5407) {
		t.Errorf("NLTK method1 epsilon 50: %v, want 2.5407 (not clamped at 1)", got)
	}
}
