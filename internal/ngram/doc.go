// Package ngram counts and clips the n-grams of one segment, the hot path
// of BLEU: given the words of a hypothesis and of its references, it fills
// a [Segment] with the hypothesis and closest reference lengths and, per
// order, the hypothesis n-grams and their matches clipped to the largest
// count in any one reference.
//
// # Contract
//
// A [Counter] counts one segment at a time: [Counter.Begin] with the
// hypothesis words, [Counter.AddRef] with each reference's, then
// [Counter.Finish]; or, for words that come a piece of text at a time,
// [Counter.BeginLong], [Counter.AddHypWords] and [Counter.EndHyp], then
// [Counter.BeginRef], [Counter.AddRefWords] and [Counter.EndRef] for each
// long reference. Words are compared by their bytes; the text passed with
// them is the string they are substrings of, where they are, which lets
// the counter read their bytes faster. The statistics are exactly those
// of counting every n-gram in a map and clipping (sacreBLEU's
// extract_all_word_ngrams and its clipping), whatever regime counts them:
// the tests compare every regime with that naive count.
//
// # Invariants
//
// A Counter is not safe for concurrent use. Every kernel in assembly
// (kernels_amd64.s) has a Go twin, run under the purego build tag and on
// other architectures, and every go test compares the two.
//
// # How n-grams are counted
//
// Nothing outlives a segment but reusable buffers: there is no vocabulary
// growing with the corpus. Within one segment, the hypothesis words go
// into a small hash table (which stays in the cache, unlike a corpus-wide
// map), keyed by their own bytes (see keysOf), and every reference word
// is looked up in it. What the table holds depends on the length of the
// hypothesis:
//
//   - Up to 64 words (nearly every segment of word-tokenized text), each
//     hypothesis word has the set of its positions as the bits of a
//     uint64, and n-grams are matched and clipped by bit operations on
//     those sets, with no n-gram ever hashed: see "Short hypotheses".
//   - Up to 64*maxWidth words (256; typical of the char tokenizer), the
//     same with sets of several words of bits, found by each word's dense
//     id (numbered as below).
//   - Beyond, every distinct hypothesis word gets a dense id. Where the
//     references' words occur in the hypothesis only a few times each
//     (documents of natural text up to 16,384 words), n-grams are matched
//     by filtering lists of hypothesis positions: see "Positions instead
//     of n-gram tables". Otherwise an n-gram of order k > 1 is
//     identified by the pair (id of its first k-1 words, id of its last
//     word), which an open-addressing table numbers in turn; counts live
//     in slices indexed by the ids. Its cost grows with the words, not
//     with their product, however long or repetitive the segment (see
//     "Memory of long segments").
//
// The buffers are reused from segment to segment, so a segment whose words
// were seen before allocates nothing. The hypothesis totals need no
// counting: a text of n words has n-k+1 n-grams of order k.
//
// With tables, the orders are counted one after the other, for the
// hypothesis and the references together, and only where a match is
// still possible: an n-gram of order k occurs in a text only if both of
// its (k-1)-grams do. So the n-gram of order k at a hypothesis position is
// counted only when the (k-1)-grams at that position and the next occur in
// some reference, and one at a reference position is looked up only when
// the (k-1)-grams there occur in the hypothesis.
package ngram
