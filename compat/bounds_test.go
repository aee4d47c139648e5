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
