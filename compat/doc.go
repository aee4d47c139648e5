// Package compat reproduces the BLEU of other implementations, exactly:
// NLTK's corpus_bleu and sentence_bleu, Hugging Face evaluate's bleu
// metric, Moses' multi-bleu.perl and multi-bleu-detok.perl, and NIST's
// mteval-v13a.pl. Each is one type whose zero value is that
// implementation's defaults, and each result is labelled as what it is:
// these are not sacreBLEU's scores, and package bleu (the module root)
// remains the way to compute a comparable BLEU.
//
// # Why
//
// Papers, notebooks and pipelines report numbers from all of these tools,
// and each differs from sacreBLEU and from the others in tokenization,
// reference length, smoothing, the treatment of short segments, and the
// rounding of what is printed. Checking an old number, or moving a
// pipeline to package bleu, needs the old tool's figure to the bit.
//
// # The implementations
//
//   - [NLTK]: nltk.translate.bleu_score of NLTK 3.8 on token lists, with
//     its smoothing methods 0–7 and its quirks (the max(1, n) denominators,
//     the early integer 0, sys.float_info.min for zero counts, methods 5–7
//     reading the last segment, math.fsum), and its warnings returned as
//     data in [NLTKResult].
//   - [HF]: evaluate.load("bleu").compute, which is TensorFlow NMT's
//     compute_bleu on sacreBLEU's 13a words: the shortest reference length
//     and an add-one smooth flag; [HFResult] is its dictionary.
//   - [MultiBLEU] and [MultiBLEUDetok]: multi-bleu.perl (pre-tokenized
//     text) and multi-bleu-detok.perl (mteval's tokenization), with -lc;
//     [MosesResult.String] is their printed line.
//   - [MTEval]: mteval-v13a.pl's BLEU and NIST, with -c, -b, -n,
//     --brevity-penalty and --no-smoothing; [MTEvalResult.Report] is its
//     printed report.
//
// # Exactness
//
// Every type is tested against goldens that the original tools produced
// on this module's test text (testdata/compat, made by
// internal/gen/compat/goldens.sh), and NLTK also against the NLTK 3.8
// results of the shared conformance set. Floats are compared bit for bit
// and printed output byte for byte. The tools' exp and log are the C
// library's (Python's math module and Perl call it), which is not always
// correctly rounded; this package computes glibc 2.36's results, so its
// numbers are the tools' to the last bit.
//
// # Errors
//
// Where the original raises an exception or dies on some input, the
// method returns an error: a [*PythonError] naming the Python exception
// for NLTK and HF, and a described error for the perl scripts. No method
// returns NaN or an infinity.
//
// # Concurrency
//
// The types are plain values with no internal state: copy them freely and
// use them from several goroutines at once. Their methods never modify
// their arguments.
package compat
