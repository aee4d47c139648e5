// Package spm encodes text into SentencePiece pieces, exactly as
// sentencepiece 0.1.97 does, in pure Go, and provides sacreBLEU's
// SentencePiece tokenizers for spBLEU ("flores200", "flores101", "spm",
// "spBLEU-1K").
//
// # Models
//
// [Parse], [Load] and [LoadFile] read any SentencePiece .model file (the
// serialized ModelProto) and check it as SentencePieceProcessor::Load
// does: a malformed model is an error prefixed "spm: ", never a panic. A
// [Model] encodes with [Model.Encode], which returns what sentencepiece's
// EncodeAsPieces returns (and what spm_encode --output_format=piece
// prints):
//
//   - the normalizer of the model's NormalizerSpec: its precompiled
//     charsmap (a darts-clone double-array trie over the normalized
//     strings), applied a longest match at a time as normalizer.cc does,
//     with user-defined symbols left untouched; add_dummy_prefix,
//     remove_extra_whitespaces, escape_whitespaces (spaces become U+2581)
//     and the trainer's treat_whitespace_as_suffix; a malformed UTF-8 byte
//     becomes U+FFFD;
//   - the segmentation of the model's type: the unigram model's optimized
//     Viterbi search with sentencepiece's float arithmetic and tie-breaking
//     (an unknown character scores 10 below the least piece score, a
//     user-defined symbol wins), BPE's merges by score, leftmost first,
//     with UNUSED pieces split back, and the char and word models;
//   - the result as sentencepiece assembles it: runs of unknown pieces
//     merged into one piece of their text, or, with byte_fallback, each
//     unknown piece replaced by the pieces of its UTF-8 bytes ("<0xE3>").
//
// The trainer's split_digits, split_by_whitespace, split_by_unicode_script,
// split_by_number and max_sentencepiece_length shape the vocabulary only:
// sentencepiece's encoder does not read them, and neither does this one.
//
// # Tokenizers
//
// [NewTokenizer] makes a [bleu.Tokenizer] of a model, for
// [bleu.Config].Tokenizer: a segment's tokens are its pieces, split again
// at Python whitespace, as sacreBLEU's TokenizerSPM joins EncodeAsPieces'
// pieces with spaces and BLEU splits the line. [LoadTokenizer] loads one
// of sacreBLEU's named tokenizers from sacreBLEU's cache directory
// (models/ under $SACREBLEU, by default ~/.sacrebleu), where sacreBLEU
// keeps the model it downloads; when the file is missing the error is a
// [*MissingModelError] naming the file and the URL to fetch it from.
//
// # Downloads
//
// Nothing in this package uses the network unless asked: a [Cache] (the
// cache directory, an *http.Client, an optional URL rewriting for a
// mirror) downloads a missing model from sacreBLEU's URL into the file
// sacreBLEU reads, with [Cache.Tokenizer] or [Cache.Download], so that
// either program then finds it. The download goes to a temporary file,
// under sacreBLEU's lock file, and is renamed into place only when it is
// complete and parses as a model; sacreBLEU publishes no checksum for
// these models, so that is the check (see [Cache]).
//
// # Verification
//
// The encoder is tested for exact equality with sentencepiece 0.1.97's
// Python binding and spm_encode on 36 models: trained here with spm_train
// (every model type; the nmt_nfkc, nfkc_cf, identity and a custom rule
// set; remove_extra_whitespaces, add_dummy_prefix,
// treat_whitespace_as_suffix; split_digits and the other splitting
// options; byte_fallback; user-defined and control symbols; a self-test),
// and derived from those where spm_train has no option (escape_whitespaces
// off, UNUSED pieces, all scores tied); on text made to stress the
// normalizer: full-width forms, ligatures, combining marks, control and
// format characters, NUL, whitespace runs, emoji and scripts the models
// never saw. The tokenizers are tested against sacreBLEU 2.6.0 run with those
// models in place of the real ones. The real flores101, flores200 and
// spBLEU-1K models could not be fetched where this package was written;
// to check one, compare the pieces of your text with spm_encode's:
//
//	spm_encode --model=$HOME/.sacrebleu/models/flores200sacrebleuspm \
//	    --output_format=piece < text.txt > want.txt
//
// and the output of [Model.Encode] on each line, joined by spaces (or
// compare sacrebleu -tok flores200 with cmd/bleu -tok flores200 on the
// same files).
//
// # Concurrency
//
// A [Model] and a [Tokenizer] are immutable and safe for concurrent use.
package spm
