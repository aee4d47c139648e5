// Package ter computes TER, the translation edit rate with shifts of
// Snover et al. (2006), exactly as sacreBLEU 2.6.0 computes it
// (sacrebleu -m ter, sacrebleu.metrics.TER): the same words, the same
// beam-limited edit distance, the same search for shifts with every one of
// its tie-breaks and limits, the same sums, to the last bit of every float.
//
// TER is the number of edits (insertions, deletions and substitutions of
// words, and shifts of sequences of words) that turn a hypothesis into
// its closest reference, divided by the mean length of the references,
// summed over a corpus. Lower is better; 0 is a perfect match, and a
// hypothesis much longer than its references scores above 1. Scores are on
// the 0–1 scale ([Score.TER]); [Score.TERPercent] is sacreBLEU's number.
//
// # Quick start
//
//	score, err := ter.Corpus(hyps, refs)    // refs[k][i]: k-th reference of hyps[i]
//	fmt.Println(score)                      // TER = 51.76
//	fmt.Println(score.Signature)            // nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:…
//
// [Config] holds sacreBLEU's four options (--ter-normalized,
// --ter-no-punct, --ter-asian-support, --ter-case-sensitive); its zero value
// is sacreBLEU's default. [Stats] accumulates a corpus segment by segment,
// merges shards ([Stats.Merge]) and travels as 50 bytes or a JSON object
// ([Stats.MarshalBinary], [Stats.MarshalJSON]); [Stats.AddReaders] reads
// files line by line. [Config.Sentence] and [Config.Sentences] score
// segments one by one, and [Config.Rows] returns the per-segment
// statistics that significance tests resample, with the formulas
// [PercentFromFloat32Sums] and [PercentFromSums]. [Segments] keeps every
// segment's row for significance tests: [Segments.Bootstrap] is
// sacreBLEU's --confidence, [PairedBootstrap] and [PairedRandomization]
// its --paired-bs and --paired-ar, with its seeds ([bleu.Seed]) and its
// numbers to the last bit.
//
// # What sacreBLEU does, and so this package
//
// Texts are stripped of trailing whitespace and tokenized by the tercom
// tokenizer ([Config.Tokenize]): lowercased unless CaseSensitive, then
// rewritten as Normalized, AsianSupport and NoPunct say, then split on
// whitespace; references are tokenized twice, as sacreBLEU tokenizes
// them, which changes them only when Normalized. The edit distance is a Levenshtein distance computed only in
// a band of 2×25 cells around the diagonal of each row (wider when the
// lengths differ by more than a factor of 50); the trace of its cheapest
// path, preferring a match or substitution, then a deletion, then an
// insertion, aligns the words. Shifts of 1 to 10 words, by at most 50
// positions, are tried in sacreBLEU's order; the shift that lowers the
// distance most (then the longest, then the earliest, then to the earliest
// place) is made, and the search repeats until no shift helps. After
// 1,000 candidate shifts in a segment the search stops, and the best shift
// of the round that reached the limit is not made. With several
// references a segment's edits are its fewest against any reference, and
// its length the mean of the references' lengths. An empty reference costs
// one edit a hypothesis word; empty hypotheses and references together
// score 0, and edits against references of no words at all score 1.
//
// # Cost
//
// Memory is proportional to the beam, not to the square of the length:
// about 650 bytes a hypothesis word (13 bytes for each of the 50 cells of
// a row: the forward band's costs and operations, the backward band's
// costs, a candidate's costs), whatever the length of the reference.
//
// Time: a round of the shift search costs about 100 cell updates a
// hypothesis word (a nanosecond or two each) for the forward and backward
// bands of the hypothesis; then each candidate shift costs about 50 cell
// updates a word between the shift's source and its target (at most about
// 60 words), fewer when it moves the same words as the candidate before
// it: a candidate restarts from the hypothesis's rows before the shift and
// meets its backward rows after it, where sacreBLEU recomputes the matrix
// from the first changed word to the end. Rounds end when no shift helps
// or after 1,000 candidates. A WMT system of 2,037 segments scores in
// about 17 ms of CPU time (70 ms with Asian support, whose words are
// characters), where sacreBLEU takes 2.6 to 2.9 s (30 s); a pair of
// 10,000-word segments in under 10 ms. Corpora are shared out among
// GOMAXPROCS goroutines. See BENCHMARKS.md, section "TER".
//
// # Errors
//
// Data problems are errors whose text starts with "ter:": a segment
// without reference ([ErrNoReference]), text that is not valid UTF-8
// ([ErrInvalidUTF8]), sums past the range of int64 ([ErrOverflow]),
// streams of different lengths, statistics of different options. On error
// the statistics are unchanged.
package ter
