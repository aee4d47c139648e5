// Package chrf computes chrF and chrF++ (Popović 2015, 2017) exactly as
// sacreBLEU 2.6.0 does: the same statistics and, from them, the same
// float64 score to the last bit, with sacreBLEU's signature.
//
// # Scores
//
// [Corpus] scores a system's output against one or more reference
// streams; [Sentence] scores one segment; [Sentences] scores many
// segments each against its own references, and [SentenceMatrix] every
// hypothesis against every candidate (for minimum-Bayes-risk decoding).
// Their zero-Config forms use sacreBLEU's defaults (chrF2: character
// 6-grams, beta 2); the methods of [Config] take every option of
// sacreBLEU's CHRF, chrF++ being WordOrder 2:
//
//	sc, err := chrf.Config{WordOrder: 2}.Corpus(hyps, refs)
//	fmt.Println(sc)           // chrF2++ = 58.41
//	fmt.Println(sc.Signature) // nrefs:1|case:mixed|eff:yes|nc:6|nw:2|space:no|version:0.1.0
//
// Scores are on the 0–1 scale ([Score.ChrF]); [Score.ChrFPercent] is
// sacreBLEU's number on its 0–100 scale, the very float64 it computes.
//
// # What is counted
//
// Character n-grams are n consecutive Unicode code points of the text
// with every Python whitespace character removed (kept with
// [Config.Whitespace]). Word n-grams are n consecutive words, the text
// split at Python whitespace and a word of two characters or more
// losing one ASCII punctuation character at its end, or else at its
// start, to a word of its own ("(hi)" gives "(hi" and ")"), as sacreBLEU
// splits them. [Config.Lowercase] lowercases as Python's str.lower
// ("İ" becomes "i̇", a final capital sigma "ς"). With several references
// a segment keeps the statistics of the reference whose sentence score is
// highest, the first of equals.
//
// # Statistics
//
// A [Stats] sums each order's hypothesis, reference and matching n-grams
// over the segments added; [Stats.Merge] and the binary and JSON
// encodings ([Stats.MarshalBinary], [Stats.MarshalJSON]) combine the work
// of goroutines or machines. [Stats.AddRow], [Config.PercentOfSums] and
// [Config.PercentOfFloat32Sums] give significance tests the per-segment
// rows and sacreBLEU's formula of their sums, in the int64 arithmetic of
// its approximate randomization and the float32 of its bootstrap.
//
// # Significance tests
//
// [Segments] keeps every segment's row; [Segments.Bootstrap] is
// sacreBLEU's --confidence, [PairedBootstrap] and [PairedRandomization]
// its --paired-bs and --paired-ar, with its seeds ([bleu.Seed]) and its
// numbers to the last bit, through the resampling engine that package
// bleu's tests use too.
//
// # Cost
//
// The n-grams of a hypothesis and a reference (of up to 32,767
// characters, or words, each; several references one at a time) are
// counted by numbering the characters and the bigrams; the higher orders
// of a bigram each text has once are matched from the characters that
// follow it, and the other positions whose bigram both texts have are
// sorted by those characters, for all higher orders at once. The words are found in bit masks of the
// whitespace, 64 bytes at a time, and split and numbered in one loop by a
// hash table keyed by their first 16 bytes (a longer word by its first
// eight and a hash of the rest). On amd64 these loops are in assembly,
// and the characters are laid out 16 bytes at a time where they are of
// one and two bytes, or of three (Chinese, Japanese). The shortest
// texts are counted with bit sets, a few word operations for each
// position of each order; texts that sorting cannot take (longer, or
// sharing more than 254 distinct characters) with bit sets if they have at most
// 128 items, else with a hash-table lookup for each position of each
// order whose prefix both sides share. The hash tables are keyed by a seed drawn per
// counter, so that no text can be crafted to crowd them: time stays
// linear in a segment's length. Memory is
// proportional to a segment's length (about 60 bytes a character), reused
// from one segment to the next: once grown, adding a segment allocates
// nothing, and scratch space past 32 MB is not kept after a segment. The
// corpus entry points use every core (GOMAXPROCS goroutines) and, like
// [Config.Sentence], take their scratch space from a pool that the next
// call reuses.
//
// # Errors
//
// Text that is not valid UTF-8 ([ErrInvalidUTF8]), a segment without
// references ([ErrNoReference]), counts past 2^53 ([ErrOverflow]),
// options out of range ([Config.Validate]) and options changed while a
// Stats holds statistics are errors whose text starts with "chrf:"; the
// statistics are then unchanged.
package chrf
