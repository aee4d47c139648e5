// Package bleu computes BLEU, the machine-translation metric of Papineni et
// al. (2002), exactly as sacreBLEU 2.6.0 (Post, 2018) computes it: the same
// tokenizers, the same smoothing, the same counts and totals, and the same
// scores to the last bit ([Score.BLEUPercent] is sacreBLEU's float itself).
//
// # What BLEU is
//
// BLEU compares hypotheses (system translations) with one or more
// references (human translations), segment by segment, and combines the
// counts over the whole corpus. For each n-gram order n = 1..N (N = 4 by
// default) it counts the hypothesis n-grams (the totals) and how many of
// them also occur in the segment's references (the matches). A hypothesis
// n-gram is counted at most as often as it occurs in any one reference:
// against the reference "the cat is on the mat", the hypothesis "the the
// the cat mat" matches 4 of its 5 unigrams, not 5 ("the" is clipped to 2).
// With several references the clip is the largest count in any of them.
//
// The precision of order n is p_n = matches_n / totals_n, summed over the
// corpus before dividing. The brevity penalty punishes hypotheses that are
// too short, where c is the number of hypothesis words and r the number of
// words of the references closest in length to each hypothesis (on a tie,
// the shorter):
//
//	BP   = min(1, exp(1 - r/c))
//	BLEU = BP · exp( (1/N) · Σ_{n=1..N} log p_n )
//
// BLEU is in [0, 1], and every BLEU value the package returns is on that
// scale, sacreBLEU's number divided by 100 and never clamped (a perfect
// match is 1.0000000000000004, and floor smoothing with a SmoothValue above
// 1 can score far above 1, as sacreBLEU scores above 100; see
// [Score.BLEU]); it is usually shown multiplied by 100, as sacreBLEU and
// [Score.String] do, and names with "Percent" ([Score.BLEUPercent],
// [Score.Percent], [Config.SentencesPercent]) give that 0–100 number, as
// sacreBLEU computes it. BLEU is case-sensitive unless lowercasing is
// asked for.
//
// # Scoring a corpus
//
// A [Stats] accumulates the counts; add each segment, then ask for the
// [Score]:
//
//	var s bleu.Stats // sacreBLEU's defaults: 13a, mixed case, order 4, exp smoothing
//	for i := range hyps {
//		if err := s.Add(hyps[i], refs[i]); err != nil { // one or more references
//			return err
//		}
//	}
//	fmt.Println(s.Score()) // BLEU = 33.70 66.3/41.3/27.9/19.4 (BP = 0.966 ...)
//
// [Stats] keeps only the integer sufficient statistics, so memory does not
// grow with the corpus; statistics gathered separately (on several
// goroutines or machines) combine with [Stats.Merge], and travel between
// machines in the checked binary or JSON encodings of [Stats.MarshalBinary]
// and [Stats.MarshalJSON]. For one sentence use [Sentence], which applies
// sacreBLEU's sentence_bleu defaults.
//
// Four helpers use every core: [Stats.AddCorpus] adds whole reference
// streams, as sacreBLEU's corpus_score takes them, in shards merged at the
// end (the result is identical to adding each segment in turn), keeping
// its goroutines' scratch space for the next corpus; [Config.Corpus] is
// the same for a single corpus; [Sentences] scores each hypothesis
// against its own references, sentence by sentence, as filtering parallel
// data or a training loop's rewards need (a batch of a few pairs sets up
// little); and [SentenceMatrix] scores every hypothesis against every
// reference, tokenizing each text once.
//
// # Options
//
// All options live in [Config], embedded in [Stats]; every field's zero
// value is sacreBLEU's default, so the zero Stats scores like sacreBLEU's
// BLEU(). The tokenizer is any [Tokenizer]: the built-in
// [StandardTokenizer] values reproduce sacreBLEU's 13a (the default),
// intl, zh, char and none, and a [TokenizerFunc] plugs in anything else (a
// morphological analyser, a subword model). A [Normalizer] such as [NFC] or
// [NFKC] can rewrite the text first; [Config.Lowercase] lowercases as
// Python does. Smoothing ([SmoothExp], [SmoothNone], [SmoothFloor],
// [SmoothAddK]), the maximum order and effective order are the other
// options.
//
// Every entry point checks its Config with [Config.Validate] and returns
// the error. The options that shape the statistics (tokenizer, normalizer,
// lowercasing, maximum order) are fixed while a [Stats] holds statistics:
// changing them is an error until [Stats.Reset].
//
// Every [Score] carries a [Signature] in sacreBLEU's format, such as
// "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:0.1.0". Report it
// with the score: BLEU numbers computed with different options are not
// comparable.
//
// # Confidence intervals and significance tests
//
// A BLEU difference means little without a test. [Segments] keeps the
// statistics of every segment (10 bytes each for ordinary text), so that
// resamples are scored by summing rows, without tokenizing again.
// [Segments.Bootstrap] gives sacreBLEU's bootstrap confidence interval
// (--confidence); [PairedBootstrap] and [PairedRandomization] compare
// systems with a baseline as sacreBLEU's --paired-bs and --paired-ar do,
// with the same random numbers for the same [Seed] (NumPy's PCG64), the
// same p-values, means and intervals, and a Holm–Bonferroni adjustment for
// several systems ([HolmBonferroni]). They take a [context.Context] (and
// stop soon after it is done), report progress through
// [SignificanceOptions].Progress, and check their memory before they
// start. Their means and intervals are on the 0–1 scale like [Score.BLEU];
// sacreBLEU's 0–100 numbers are in the fields whose names end in Percent
// ([Score.BLEUPercent], [Estimate.MeanPercent], [Estimate.CIPercent]).
//
// # Compatibility with sacreBLEU
//
// For the same options, the counts, totals and lengths are identical to
// sacreBLEU 2.6.0's and so are the floating-point results, to the last
// bit; the formatted strings, at any number of
// decimals, and the signatures are identical except for the version field,
// which gives this library's [Version]. The details
// that make this hold are all reproduced: Python's whitespace (which
// includes U+001C–U+001F) and str.lower (İ becomes "i̇", and Σ becomes ς at
// the end of a word), the regular-expression rules of each tokenizer with
// Python's matching semantics, the misspelt ranges of the zh tokenizer,
// log(0) taken as -9999999999, add-k changing the reported counts, a
// perfect match scoring 100.00000000000004, and logarithms and exponentials
// rounded as the C library under Python's math module (glibc 2.36's exp
// and log) rounds them, which is not always correctly. A test checks all
// of it against sacreBLEU's own outputs on WMT22 system outputs and
// hand-made edge cases.
//
// Invalid UTF-8 has no counterpart in Python, where text is always
// decoded: [Stats.Add] rejects it with [ErrInvalidUTF8]. Counts never
// overflow: past the range of int64, Add and Merge return [ErrOverflow].
//
// # What BLEU cannot tell you
//
// BLEU is useful for comparing systems on the same test set; it is easy to
// over-read. Its limits, and what follows from each:
//
//   - It is a corpus-level metric. Corpus BLEU is not the mean of sentence
//     BLEU: the counts are summed first. A single sentence often has no
//     4-gram match and scores 0 without smoothing; sentence scores are
//     noisy, so use [Sentence] (smoothed, effective order) only for rough
//     filtering or analysis, and report corpus scores.
//   - It does not tell content words from function words: missing "not"
//     costs as much as missing "the". Small BLEU differences say little
//     about adequacy; test them for significance and look at the output.
//   - It is blind to meaning and grammar: a paraphrase that shares no words
//     with the reference scores as badly as nonsense, and a fluent
//     hypothesis is not rewarded for fluency. Use several references where
//     possible, and human evaluation for claims about quality.
//   - It depends on normalization and tokenization: the same output scores
//     differently under 13a, intl or lowercasing, and text tokenized
//     beforehand inflates scores. Score detokenized text with a standard
//     tokenizer, and always report the [Signature].
//
// [Score.Quality] maps a corpus score to the customary interpretation
// bands, with a colour for each, for reports; [Qualities] lists them.
//
// # Errors
//
// The package never panics on data and never returns NaN or ±Inf. Errors
// start with "bleu: " and wrap a sentinel where one exists (test with
// errors.Is); a failed call leaves the statistics unchanged. Counts,
// totals and scores are sacreBLEU 2.6.0's wherever sacreBLEU accepts the
// input. "Whitespace" is Python's str.isspace(): \t \n \v \f \r,
// U+001C–U+001F, space, U+0085, U+00A0, U+1680, U+2000–U+200A, U+2028,
// U+2029, U+202F, U+205F, U+3000.
//
//   - Invalid UTF-8 (stray bytes, Latin-1 text, truncated or overlong
//     sequences, code points above U+10FFFF, surrogates encoded as bytes,
//     CESU-8 pairs): an error wrapping [ErrInvalidUTF8], "bleu: invalid
//     UTF-8 in the hypothesis" or "... in reference N"; a custom
//     [Normalizer] that returns invalid UTF-8: "... in the Normalizer's
//     rewrite of the hypothesis".
//   - A segment without references: an error wrapping [ErrNoReference].
//     Hypothesis and reference streams of different lengths:
//     [Stats.AddReaders] names each stream's line count, [Corpus] and
//     [Stats.AddCorpus] the stream.
//   - Empty text, or whitespace only: a segment or reference of 0 words. An
//     empty hypothesis has no n-grams, but its closest reference still
//     counts in the reference length (BP is 0 when no hypothesis has a
//     word but some reference does); an empty reference matches nothing.
//   - NUL, ESC and other control characters, U+200B and other format
//     characters, U+FFFD and a BOM (U+FEFF) are not whitespace: they are
//     ordinary characters of their words, as in Python. U+2028, U+2029,
//     U+0085, U+00A0 and U+001C–U+001F are whitespace; so is \r, so a
//     trailing \r\n is stripped (13a joins "-\n" but not "-\r\n").
//   - Texts of any length score in linear time, text crafted against the
//     hash tables too (they are keyed by a seed drawn per counter), with
//     memory for a segment of about 8 bytes a token of hypothesis and
//     references together, plus 60–140 bytes per distinct hypothesis
//     word; the standard tokenizers make the tokens of a long text a piece
//     at a time, so they take no memory of their own, while a custom
//     [Tokenizer]'s tokens add 16–20 bytes each. Scratch space of over 32
//     MB is not kept after the segment.
//   - Counts past 2^63−1 (by [Stats.Add], [Stats.Merge] or decoded
//     statistics): an error wrapping [ErrOverflow]; counts never wrap.
//     Add-k smoothing saturates.
//   - Invalid options (SmoothValue NaN, negative or above 2^40, add-k with
//     a fraction, an unknown [SmoothMethod], MaxOrder negative or above
//     [MaxMaxOrder]): [Config.Validate]'s error from every entry point;
//     only [Stats.Score], which has no error return, panics.
//   - Options that shape the statistics (Tokenizer, Normalizer, Lowercase,
//     MaxOrder) changed after statistics were added: Add, AddCorpus,
//     AddReaders, Merge and the encodings return an error naming both;
//     Score scores the statistics held; [Stats.Reset] allows new options.
//   - A custom Tokenizer or Normalizer that panics: [Stats.Add],
//     [Sentence] and [SentenceMatrix] let the panic through on the
//     caller's goroutine; [Corpus], [Stats.AddCorpus], [Stats.AddReaders]
//     and [Sentences] re-panic it there as a [*PanicError] once every
//     goroutine has stopped.
//   - Encoded statistics that are truncated, corrupted (CRC-32), of another
//     format or version, inconsistent, or collected with other options:
//     [Stats.UnmarshalBinary] and [Stats.UnmarshalJSON] return an error and
//     leave the receiver unchanged.
//
// The command line's half of this (files, exit statuses) is in
// docs/cli.md.
//
// # Concurrency and copies
//
// A [Stats] must not be used by several goroutines at once (its
// [Stats.AddCorpus] runs goroutines of its own); give each its own and
// [Stats.Merge] them; only methods that read a Stats ([Stats.Score],
// [Stats.Len], [Stats.Clone], [Stats.MarshalBinary], [Stats.MarshalJSON])
// may run at the same time. A Stats (and a [Segments]) must not be copied
// once used: go vet reports such copies, and using one panics; copy with
// [Stats.Clone].
//
// A panic of a custom Tokenizer or Normalizer on one of the package's
// goroutines reaches the caller's goroutine as a [*PanicError], holding the
// value and the stack, so that recover works for every entry point. [Score], [Signature] and [Config] values, the
// standard tokenizers and normalizers, [Sentence], [Config.Sentence],
// [Config.Corpus], [Sentences] and [SentenceMatrix] are safe for
// concurrent use (with a custom Tokenizer or Normalizer, as far as it
// is).
package bleu
