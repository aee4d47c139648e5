package bleu

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMergeIntoZero checks that an empty Stats with zero options takes the
// options of the first statistics merged into it, and only then.
func TestMergeIntoZero(t *testing.T) {
	custom := namedTokenizer("mytok")
	shard := func(cfg Config) *Stats {
		s := &Stats{Config: cfg}
		for _, seg := range [][2]string{{"The cat sat on the mat.", "The cat sat on a mat."}, {"It is raining today.", "It rains today."}} {
			if err := s.Add(seg[0], seg[1]); err != nil {
				t.Fatal(err)
			}
		}
		return s
	}
	tests := []struct {
		name  string
		total Config
		shard Config
		want  Config // total's options afterwards, on success
		msg   string
	}{
		{name: "zero takes intl+lc", shard: Config{Tokenizer: TokenizerIntl, Lowercase: true}, want: Config{Tokenizer: TokenizerIntl, Lowercase: true}},
		{name: "zero takes a custom tokenizer", shard: Config{Tokenizer: custom, MaxOrder: 2}, want: Config{Tokenizer: custom, MaxOrder: 2}},
		{name: "zero keeps its options for a default shard", shard: Config{Tokenizer: Tokenizer13a}, want: Config{}},
		{name: "scoring options do not count", total: Config{Smooth: SmoothFloor}, shard: Config{Normalizer: NFKC}, want: Config{Smooth: SmoothFloor, Normalizer: NFKC}},
		{name: "configured empty total", total: Config{Lowercase: true}, shard: Config{Tokenizer: TokenizerIntl},
			msg: "bleu: cannot merge statistics collected with different options (tok:13a|case:lc|order:4 and tok:intl|case:mixed|order:4)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			total := Stats{Config: tt.total}
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
			err = total.Merge(shard(Config{}))
			if wantErr := total.fingerprint() != new(Config).fingerprint(); (err != nil) != wantErr {
				t.Errorf("merging a default shard into %s: err = %v", total.fp, err)
			}
		})
	}

	// A shard whose options were changed after its statistics were
	// collected is not a template for the total.
	changed := shard(Config{Tokenizer: TokenizerIntl})
	changed.Tokenizer = TokenizerChar
	var total Stats
	if err := total.Merge(changed); err == nil || total.Len() != 0 || total.Tokenizer != nil {
		t.Errorf("merging a changed shard: err = %v, %d segments, tokenizer %v", err, total.Len(), total.Tokenizer)
	}
}
