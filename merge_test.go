package bleu_test

import (
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/google/go-cmp/cmp"
)

// TestMergeFingerprintNames checks that a custom tokenizer whose name
// contains the separators of the fingerprint's text form is not mistaken
// for another configuration: "13a|norm:nfc" without a normalizer once
// formatted exactly like 13a with NFC.
func TestMergeFingerprintNames(t *testing.T) {
	a := bleu.Stats{Config: bleu.Config{Tokenizer: namedTokenizer("13a|norm:nfc")}}
	b := bleu.Stats{Config: bleu.Config{Normalizer: bleu.NFC}}
	for _, s := range []*bleu.Stats{&a, &b} {
		if err := s.Add("a b c", "a b c"); err != nil {
			t.Fatal(err)
		}
	}
	err := a.Merge(&b)
	if err == nil || !strings.HasPrefix(err.Error(), "bleu: cannot merge") {
		t.Errorf("Merge of %v with 13a+nfc: err = %v, want a bleu: cannot merge error", a.Tokenizer, err)
	}
	if a.Len() != 1 {
		t.Errorf("a failed Merge changed the statistics: %d segments", a.Len())
	}
}

// TestMergeIntoZero checks that an empty Stats with zero options takes the
// options of the first statistics merged into it, and only then.
func TestMergeIntoZero(t *testing.T) {
	custom := namedTokenizer("mytok")
	shard := func(cfg bleu.Config) *bleu.Stats {
		s := &bleu.Stats{Config: cfg}
		for _, seg := range [][2]string{{"The cat sat on the mat.", "The cat sat on a mat."}, {"It is raining today.", "It rains today."}} {
			if err := s.Add(seg[0], seg[1]); err != nil {
				t.Fatal(err)
			}
		}
		return s
	}
	tests := []struct {
		name  string
		total bleu.Config
		shard bleu.Config
		want  bleu.Config // total's options afterwards, on success
		msg   string
		// Whether total's statistics options are then the zero Config's,
		// so that it takes default shards (scoring options do not count).
		defaults bool
	}{
		{name: "zero takes intl+lc", shard: bleu.Config{Tokenizer: bleu.TokenizerIntl, Lowercase: true}, want: bleu.Config{Tokenizer: bleu.TokenizerIntl, Lowercase: true}, defaults: false},
		{name: "zero takes a custom tokenizer", shard: bleu.Config{Tokenizer: custom, MaxOrder: 2}, want: bleu.Config{Tokenizer: custom, MaxOrder: 2}, defaults: false},
		{name: "zero keeps its options for a default shard", shard: bleu.Config{Tokenizer: bleu.Tokenizer13a}, want: bleu.Config{}, defaults: true},
		{name: "scoring options do not count", total: bleu.Config{Smooth: bleu.SmoothFloor}, shard: bleu.Config{Normalizer: bleu.NFKC}, want: bleu.Config{Smooth: bleu.SmoothFloor, Normalizer: bleu.NFKC}, defaults: false},
		{name: "configured empty total", total: bleu.Config{Lowercase: true}, shard: bleu.Config{Tokenizer: bleu.TokenizerIntl},
			msg: "bleu: cannot merge statistics collected with different options (tok:13a|case:lc|order:4 and tok:intl|case:mixed|order:4)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			total := bleu.Stats{Config: tt.total}
			err := total.Merge(shard(tt.shard))
			if tt.msg != "" {
				if err == nil || err.Error() != tt.msg || total.Config != tt.total || total.Len() != 0 {
					t.Errorf("err = %v, want %q; total %+v with %d segments", err, tt.msg, total.Config, total.Len())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tt.want, total.Config); d != "" {
				t.Errorf("total's options (-want +got):\n%s", d)
			}
			// Merging another shard of the same options works, and total now
			// refuses shards of the zero options unless those are its own.
			if err := total.Merge(shard(tt.shard)); err != nil {
				t.Errorf("second shard: %v", err)
			}
			err = total.Merge(shard(bleu.Config{}))
			if wantErr := !tt.defaults; (err != nil) != wantErr {
				t.Errorf("merging a default shard into %+v: err = %v", total.Config, err)
			}
		})
	}

	// A shard whose options were changed after its statistics were
	// collected is not a template for the total.
	changed := shard(bleu.Config{Tokenizer: bleu.TokenizerIntl})
	changed.Tokenizer = bleu.TokenizerChar
	var total bleu.Stats
	if err := total.Merge(changed); err == nil || total.Len() != 0 || total.Tokenizer != nil {
		t.Errorf("merging a changed shard: err = %v, %d segments, tokenizer %v", err, total.Len(), total.Tokenizer)
	}
}
