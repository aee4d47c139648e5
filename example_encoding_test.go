package bleu_test

import (
	"encoding/json"
	"fmt"

	"github.com/go-bleu/bleu"
)

// Scoring a corpus in shards on several machines: each worker adds its
// segments to a Stats of its own and sends the encoded statistics; the
// coordinator decodes them, merges them and scores the whole. Decoding
// into a new Stats restores the standard options the workers used (here
// the intl tokenizer with lowercasing), a new total takes them from the
// first shard merged, and Merge refuses statistics collected with other
// options. The score is sacreBLEU's for the whole corpus.
func ExampleStats_UnmarshalBinary() {
	hyps := []string{"The cat sat on the mat.", "It is raining today.", "Prices rose 3.5% in May.", "Hello, world!"}
	refs := []string{"The cat sat on the mat.", "It rains today.", "Prices rose by 3.5% in May.", "Hello world!"}
	cfg := bleu.Config{Tokenizer: bleu.TokenizerIntl, Lowercase: true}

	// worker runs on a machine of its own and returns what it sends.
	worker := func(first, last int) []byte {
		s := bleu.Stats{Config: cfg}
		for i := first; i < last; i++ {
			if err := s.Add(hyps[i], refs[i]); err != nil {
				panic(err) // a real worker would report it
			}
		}
		b, err := s.MarshalBinary()
		if err != nil {
			panic(err)
		}
		return b
	}
	messages := [][]byte{worker(0, 2), worker(2, 3), worker(3, 4)}

	// The coordinator.
	var total bleu.Stats
	for _, m := range messages {
		var shard bleu.Stats
		if err := shard.UnmarshalBinary(m); err != nil {
			fmt.Println(err)
			return
		}
		if err := total.Merge(&shard); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(total.Len(), "segments from", len(messages), "machines, each message", len(messages[0]), "bytes")
	fmt.Println(total.Score())
	fmt.Println(total.Score().Signature)

	// The same corpus scored in one piece.
	whole := bleu.Stats{Config: cfg}
	for i := range hyps {
		_ = whole.Add(hyps[i], refs[i])
	}
	fmt.Println(whole.Score().BLEU == total.Score().BLEU)

	// A damaged message is an error, never a wrong score.
	messages[1][20] ^= 1
	var shard bleu.Stats
	fmt.Println(shard.UnmarshalBinary(messages[1]))
	// Output:
	// 4 segments from 3 machines, each message 126 bytes
	// BLEU = 64.50 87.0/68.4/53.3/54.5 (BP = 1.000 ratio = 1.045 hyp_len = 23 ref_len = 22)
	// nrefs:1|case:lc|eff:no|tok:intl|smooth:exp|version:0.1.0
	// true
	// bleu: encoded BLEU statistics corrupted or truncated (checksum mismatch)
}

// The JSON encoding holds the same statistics in a readable form, for
// logs and for tools outside Go.
func ExampleStats_MarshalJSON() {
	var s bleu.Stats
	_ = s.Add("The cat sat on the mat.", "The cat sat on the mat.")
	_ = s.Add("It is raining today.", "It rains today.")
	b, err := json.Marshal(&s)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(b))

	var back bleu.Stats
	if err := json.Unmarshal(b, &back); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(back.Score())

	// A receiver configured otherwise refuses the statistics.
	lc := bleu.Stats{Config: bleu.Config{Lowercase: true}}
	fmt.Println(json.Unmarshal(b, &lc))
	// Output:
	// {"format":"bleu-stats","version":1,"tokenizer":"13a","normalizer":"","lowercase":false,"order":4,"segments":2,"hyp_len":12,"ref_len":11,"min_refs":1,"max_refs":1,"matches":[10,7,5,4],"totals":[12,10,8,6]}
	// BLEU = 70.21 83.3/70.0/62.5/66.7 (BP = 1.000 ratio = 1.091 hyp_len = 12 ref_len = 11)
	// bleu: encoded statistics were collected with tok:13a|case:mixed|order:4; the receiver is configured for tok:13a|case:lc|order:4
}
