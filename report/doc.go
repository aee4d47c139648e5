// Package report draws the comparison of machine-translation systems by
// BLEU, and by chrF and TER beside it or instead of it, as one
// self-contained HTML page: which system is better, by how much, whether
// the difference is significant, and where it comes from. It is what
// `bleu REF -i SYS... -f html` writes.
//
// # Contents
//
// From the numbers of package [github.com/go-bleu/bleu]:
//
//   - the systems table: corpus BLEU with its bootstrap 95% confidence
//     interval, the n-gram precisions, the brevity penalty, the length
//     ratio and the lengths, and for every system after the first its
//     difference from that baseline (▲ higher, ▼ lower), the p-value of a
//     paired test and its Holm–Bonferroni adjustment, and its band of the
//     interpretation scale as a coloured chip; and the corpus scores of
//     any other metrics ([Report.Metrics], such as chrF and TER, on
//     sacreBLEU's 0–100 scale, those where lower is better marked ↓),
//     which a caller computes and passes as plain numbers;
//   - the interpretation scale ([github.com/go-bleu/bleu.Qualities]) as a
//     colour gradient with every system marked on it, the labels laid out
//     in lanes so that none overlaps another;
//   - the n-gram precisions as bars;
//   - a histogram of the sentence BLEU of every system;
//   - corpus BLEU by reference length (buckets of ten words) with the
//     size of each bucket;
//   - the segments where each system and the baseline differ most in
//     sentence BLEU, among those with references of at least ten words,
//     with their texts;
//   - the signatures of the scores (each metric's), the intervals and the
//     test.
//
// # The lead metric
//
// BLEU leads the page unless [Report.Lead] names one of [Report.Metrics]:
// that metric's score is then the systems table's first score column
// (with its μ ± 95% CI), its paired test gives the Δ, p and Holm p
// columns, and its sentence scores and scores by reference length
// ([MetricScore].Sentences and Buckets, on its 0–100 scale) draw the
// histograms, the chart by length and the differences; BLEU, when shown,
// keeps a column of its own with its interval and p-values, and its
// precisions, scale and signatures. [Report.NoBLEU] leaves BLEU out
// altogether, for a report of chrF or TER alone. Where lower is better
// ([Metric].LowerIsBetter, as for TER) a lower score is the better one
// throughout: the Δ column's colours (its ▲ and ▼ still say higher and
// lower), the lists of differences and the notes.
//
// # The page
//
// The page is one file that needs nothing else: CSS inline, charts as
// inline SVG, no scripts, no fonts or images to load, so it reads offline,
// prints (with print styles), fits a phone's screen (tables and charts
// scroll sideways when they do not fit) and follows a dark colour scheme
// where the reader's system asks for one. Its colours can be told apart by
// readers with colour-blindness: the Okabe–Ito palette for the systems
// and a viridis ramp for the scale, and no colour is the only carrier of
// its meaning. Every chart has its numbers in text too: labels, a
// <title>, a caption or a table. All text, system names included, is
// escaped by html/template. The markup is also well-formed XML.
//
// # Names and texts
//
// No name or text can reorder or hide the numbers beside it. System names,
// the title, band descriptions and signatures show every format character
// (bidi embeddings, overrides, isolates and marks, zero-width spaces,
// soft hyphens, byte-order marks) and every run of more than three
// combining marks as a visible token such as "[U+202E]", and each name is
// isolated: in a <bdi> in HTML, between FSI and PDI in SVG text.
// Hypotheses and references keep the zero-width joiner and non-joiner,
// show the other format characters the same way, and sit in elements
// with dir="auto" and isolated bidi. Scale labels are measured from
// above (see the browser tests in report/browsertest) so that none is
// clipped or overlaps another.
//
// # Scores above 1
//
// Every score is sacreBLEU's divided by 100, never clamped. With floor
// smoothing and a smoothing value above 1 sacreBLEU's scores and
// precisions exceed 100; the page shows them as they are, extends the
// interpretation scale and the charts' axes past 100, and counts such
// sentence scores in the histograms' captions rather than in a bar.
//
// # Significance
//
// A star marks a system whose Holm-adjusted p-value is below 0.05 and
// whose difference from the baseline shows on the page (0.01 BLEU points
// or more). sacreBLEU's paired tests give a system identical to the
// baseline their smallest p-value, 1/(N+1), so a p-value alone is never
// marked; the page's note says so.
//
// # Use
//
// [FromCorpus] scores a test set and its systems with the library and
// returns a [Report], whose [Report.WriteHTML] writes the page. A Report
// is plain data, every score on the 0–1 scale as in
// [github.com/go-bleu/bleu.Score]: a tool with numbers of its own may fill
// one by hand, leaving out the parts it does not have.
//
// # Reproducibility
//
// The bootstrap intervals and the paired tests are sacreBLEU's
// (--confidence, --paired-bs, --paired-ar) with the same seeds, 12345 by
// default ([Options].Seed), so a report shows the same numbers on every
// run and the same as sacreBLEU for the same seed.
package report
