// Package ja is sacreBLEU's Japanese tokenizer, ja-mecab, in pure Go:
// [MeCab] splits Japanese text into words exactly as MeCab 0.996 with the
// IPA dictionary does for sacreBLEU 2.6.0, so that
//
//	bleu.Stats{Config: bleu.Config{Tokenizer: ja.MeCab}}
//
// scores Japanese as `sacrebleu -tok ja-mecab` (and `-l xx-ja`, which
// selects it) does, with the signature name "ja-mecab-0.996-IPA". The core
// package [github.com/go-bleu/bleu] does not import this one: only
// programs that tokenize Japanese pay for the dictionary.
//
// # What sacreBLEU does
//
// sacreBLEU's TokenizerJaMecab runs MeCab.Tagger("-Owakati") with the
// dictionary of its ipadic package, mecab-ipadic 2.7.0-20070801 (392,126
// entries, which it asserts), on line.strip() and strips the result: the
// surfaces of the words on MeCab's best path, separated by single spaces.
// BLEU then splits that at whitespace, so [Tokenizer.Tokenize] returns the
// surfaces split at Python whitespace. MeCab skips U+0020, tab, LF and VT
// between words (IPADIC's SPACE category) and never outputs them; other
// spaces, such as U+3000, are words for MeCab and vanish in BLEU's split.
//
// # How
//
// The dictionary data is github.com/ikawaha/kagome-dict/ipa's, which
// equals IPADIC's (entries, connection costs, unknown-word definitions)
// except for one extra entry, 令和, and six code points its EUC-JP decoding
// maps differently from the one MeCab's build used; both are undone when
// the dictionary loads. The analysis is MeCab 0.996's own algorithm,
// reimplemented: dictionary lookup from each offset where a word ends,
// unknown words by character category (char.def's INVOKE, GROUP and LENGTH,
// runs of at most 25 characters, compatible categories), and the Viterbi
// search over MeCab's node lists in MeCab's order with its strict
// tie-breaking. kagome's own tokenizer differs from MeCab on about 2% of
// lines; this package matches MeCab on every line of the conformance
// goldens.
//
// # Cost
//
// The dictionary loads on first use, or when [Load] is called: about 0.3 s
// of CPU, 31 MB of heap kept (90 MB resident at the peak), once per
// process; the embedded data adds about 13 MB to a binary. Tokenizing then
// takes about 12 µs a line of the WMT22 en-ja reference on one core, over
// 80,000 lines a second (MeCab called from Python does about 18,700).
//
// Memory grows with the line, by a constant: the lattice keeps only the
// nodes that can still be on the best path (those ending at the offset
// reached or later, and their chains of best predecessors), and outputs
// the words of the path up to where those chains meet. A line of several
// megabytes of ordinary text takes about 35 bytes a byte in all (lattice,
// tokens and BLEU's counts), a long run of one kana (whose best paths
// never meet) up to about 135, where keeping the whole lattice took from
// 250 to over 550.
//
// # Differences from MeCab
//
// The results equal MeCab's for every valid UTF-8 line, except in cases
// where MeCab itself fails:
//
//   - MeCab 0.996 keeps offsets in 16 bits and garbles its output (pieces
//     of characters) when the spaces it skips before a word and the word
//     exceed 65,535 bytes; this package skips any run of spaces.
//   - MeCab gives up on a line ("too long sentence") when a path costs more
//     than 2^31-1; here costs are 64-bit.
//   - sacreBLEU passes lines to MeCab as C strings, so a NUL character ends
//     the line there; this package treats NUL as an ordinary character
//     (MeCab's category DEFAULT).
//
// Invalid UTF-8 is decoded as MeCab decodes it (without validation); the
// tokens are substrings of the input in every case.
package ja
