// Package charngram counts the n-grams of sacreBLEU's char tokenizer, whose
// tokens are the characters of a text that are not whitespace, without
// making the tokens: a [Counter] fills an internal/ngram [ngram.Segment]
// from the texts of a segment directly.
//
// # Contract
//
// [Counter.Segment] counts a segment whose texts are normalized, exactly
// as internal/ngram's Counter counts the tokens that the char tokenizer
// makes of them, or returns false, having changed nothing, for a segment
// it leaves to be counted by tokens (an order above 4, texts that are not
// valid UTF-8, or too long or too varied for its tables; see below). Its
// tables take some 1.8 MB, so a caller first asks [Counter.Ready], which
// says no until [TablesAfter] bytes of text have been seen.
//
// # Invariants
//
// A Counter is not safe for concurrent use. Every kernel in assembly
// (kernels_amd64.s) has a Go twin, run under the purego build tag and on
// other architectures, and every go test compares the two.
//
// # How the characters are counted
//
// The char tokenizer makes every character that is not whitespace a token
// of its own, so a hypothesis has as many tokens as characters, five times
// as many as with 13a, and the regimes of internal/ngram (a string and a hashed
// word key per token, sets of positions several words wide) spend most of
// their time on them. But a segment uses few distinct characters, so here
// nothing is hashed and no token is made:
//
//   - Each character is a byte, its id: an ASCII character is itself, and
//     the others of the hypothesis are numbered from 0x80 in order of
//     appearance (a reference character that is not in the hypothesis is
//     0xFF). A table indexed by the code point (or, for a character above
//     U+FFFF, a number among the surrogates given per segment) holds their
//     ids, stamped with the segment so that it is never cleared. A text
//     becomes a string of ids, whitespace dropped, in one pass over its
//     bytes that mostly copies them.
//
//   - The hypothesis's bigrams are in a table indexed by their two ids; its
//     trigrams in one indexed by the number of the bigram of their first
//     two characters and the id of their last; its 4-grams likewise by the
//     trigram's number. An entry, stamped too, holds the count of an
//     n-gram of the hypothesis and, for bigrams and trigrams, its number
//     (the prefix number of the next order). A bigram or trigram is
//     numbered by the position where it first ends: numbers must be
//     distinct, not dense. Unigrams are counted by id. The stamps grow
//     from segment to segment, so an entry below the segment's is an
//     earlier segment's: one comparison, never a branch (whether an
//     n-gram is new is hard to predict). Where its result feeds the
//     address of a load, it is made with arithmetic, as the compiler
//     makes no conditional move there; the loops are bound by the
//     instructions they run, not by the latency of their loads.
//
//   - One pass over the hypothesis counts all orders, by the position where
//     the n-grams end: the numbers of the bigram and trigram ending just
//     before are all it needs to find the next trigram and 4-gram.
//
//   - One pass over the reference does the same with lookups: a reference
//     n-gram that the hypothesis lacks has a prefix numbered 0 or a last id
//     the hypothesis lacks, and falls on an entry that no hypothesis n-gram
//     has, whose stamp is older. Clipping: each reference occurrence of an
//     n-gram takes one of the hypothesis's occurrences from its count while
//     any is left, which makes min(h, r) matches.
//
//   - Several references: the clip of an n-gram is then its largest count
//     in any one reference. Counting the hypothesis, its 4-grams are
//     numbered too, and each n-gram's count is set in a small array by
//     its number (a unigram's by its id). A pass over each reference
//     like match's counts its n-grams by their numbers in arrays of their
//     own, without changing the tables: an n-gram the hypothesis lacks is
//     counted at number 0, which no n-gram of the hypothesis has. The
//     matches are, number by number, the least of the hypothesis's count
//     and the largest of the references'. (Where the arrays lie matters:
//     see charTables.counts.)
//
//   - A hypothesis of more than maxCharHyp characters, which numbering by
//     position would overflow, is counted the same way, with one
//     reference too, in tables of its own (charLong): its bigrams and
//     trigrams are numbered from 1 in the order they first appear, up to
//     charLongNums-1 of each (a document of 16 sentences has fewer than
//     1,600), and the entries hold only numbers.
//
// A segment is counted by tokens when the order is above 4, the
// hypothesis has more than maxCharHypLong characters or more distinct
// bigrams or trigrams than charLong numbers, or more than charWideIDs
// distinct non-ASCII characters, or a text has more than charAstralIDs
// distinct characters above U+FFFF or is not valid UTF-8 (which only a
// Normalizer can make it). The tables take about 1.8 MB, so a Stats
// counts the first TablesAfter bytes of its text by tokens too
// (see Counter.Ready); those of long hypotheses 4.3 MB more, and so the first
// charLongAfter characters of long hypotheses are counted by tokens.
package charngram
