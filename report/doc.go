// Package report draws the comparison of machine-translation systems by
// BLEU as one self-contained HTML page: which system is better, by how
// much, whether the difference is significant, and where it comes from.
// It is what `bleu REF -i SYS... -f html` writes.
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
//     interpretation scale as a coloured chip;
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
//   - the signatures of the scores, the intervals and the test.
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
