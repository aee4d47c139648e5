// Package bleubeam scores machine translation with BLEU, chrF and TER in
// Apache Beam pipelines, for corpora and collections of systems too large
// for one machine: it makes [bleu.Stats], [chrf.Stats] and [ter.Stats]
// Beam combiners, so that each worker counts the segments it holds and
// only the statistics, a few hundred bytes, travel to be merged. The
// scores are those of the bleu, chrf and ter packages, and so sacreBLEU's,
// to the last bit, whatever the order of the segments and however the
// runner splits them; the one exception is corpus TER with a number of
// references a segment other than 1, 2 or 4, whose reference length is a
// sum of rounded floats in an order Beam does not fix (see [TERCorpus]).
//
// Import it under that name:
//
//	import bleubeam "github.com/go-bleu/bleu/beam"
//
// It is a module of its own, so that the bleu module does not depend on
// Beam.
//
// # Transforms
//
// The input is a PCollection of [Segment] (a hypothesis and its
// references), or of KV<K, Segment> for a key of any type:
//
//   - [Corpus] gives the corpus BLEU of a whole PCollection as a [Score];
//   - [CorpusPerKey] gives one per key: per system, per document, per test
//     set;
//   - [Sentences] gives the sentence BLEU of every segment, keeping its key;
//   - [ChrFCorpus], [ChrFCorpusPerKey] and [ChrFSentences] do the same
//     for chrF and chrF++, as a [ChrFScore];
//   - [TERCorpus], [TERCorpusPerKey] and [TERSentences] do the same for
//     TER, as a [TERScore];
//   - [ReadFiles] reads a hypothesis file and reference files line by line
//     into segments, through Beam's file systems.
//
// A [Score], a [ChrFScore] and a [TERScore] are plain values, which Beam
// encodes without help. To score one collection with several metrics,
// apply their transforms to it: each counts its own statistics.
//
// # Options
//
// Beam ships a pipeline's functions to its workers as JSON, so options are
// given by name in [Options] rather than as a [bleu.Config]: tokenizer,
// normalizer, lowercasing, smoothing and order. A custom tokenizer or
// normalizer is registered under a name with [RegisterTokenizer] or
// [RegisterNormalizer], in an init function, as Beam's own registrations
// are, so that every worker finds it by that name, also when it decodes
// statistics that another worker collected. chrF and TER have no such
// parts: a [chrf.Config] or a [ter.Config] is a plain value and travels as
// it is.
//
// # Metrics
//
// The transforms are written once, generically, over what they need of a
// metric: its options as a value encoding/json round-trips, its Stats
// (Add, Merge, Reset, Len and the checked binary encoding) and its score
// as a plain value. Beam's Go SDK registers each instantiation of the
// generic combiner under its own type name, so each metric (chrf.go,
// ter.go) takes a file of its options and score types, two one-line coder
// functions and one registration.
//
// # Runners
//
// The transforms run on every Beam runner. prism, Beam's local runner,
// runs a pipeline in the current process and, unlike the deprecated
// direct runner, encodes what passes between the steps of a combine as a
// distributed runner does; the tests run on both. The module's command
// bleu-beam is a complete pipeline, and its README says how to run it on
// prism, Dataflow and Flink.
//
// # Concurrency
//
// The transforms are built on one goroutine, as any Beam pipeline. The
// registry functions are safe for concurrent use, but are meant for init
// functions. Registered tokenizers and normalizers must be safe for
// concurrent use: a worker runs many bundles at once.
package bleubeam
