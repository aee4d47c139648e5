// Package testset is sacreBLEU 2.6.0's catalogue of standard test sets and
// its cache of them: the same downloads, the same processed files, so that
// a cache filled by sacreBLEU serves this package offline and the other
// way round.
//
// # The catalogue
//
// [Sets], [Names] and [Lookup] give every test set of sacreBLEU's
// DATASETS (67 sets, 452 language pairs): its URLs and their MD5 sums, its
// description and citation, its language pairs and their raw files, and
// for the WMT XML sets the translators whose references score a system.
// [Subsets] gives the document annotations of wmt18 and wmt19. The
// catalogue is generated from sacreBLEU's source by internal/gen/testsets.
//
// # The cache
//
// A [Cache] downloads, extracts and processes a set on demand, as
// sacreBLEU does, into the directory sacreBLEU uses:
//
//	c := testset.Cache{Dir: dir} // $SACREBLEU, or ~/.sacrebleu
//	s, _ := testset.Lookup("wmt22")
//	src, err := c.Source(ctx, s, "en-de")       // the processed source file
//	refs, err := c.References(ctx, s, "en-de")  // the references that score
//	all, err := c.Fields(ctx, s, "en-de")       // every field: docid, origlang, systems...
//
// Each processed field is a file with one line a segment, cleaned as
// sacreBLEU cleans it, named as sacreBLEU names it. Where sacreBLEU fails
// users, Cache does better: downloads are renamed into place only once
// their MD5 sum matched and they were extracted (an interrupted download
// never looks complete), they are locked against other processes with
// sacreBLEU's own lock files, a stalled server times out, errors name the
// URL and the file, and nothing touches the network when the cache holds
// what is needed. [Cache.MapURL] and [Cache.Client] redirect downloads
// (mirrors, tests).
//
// # Formats
//
// Each set's [Format] is one of sacreBLEU's readers: [PlainText],
// [FakeSGML] (WMT before 2021), [WMTAddition], [IWSLTXML], [TSV] (MTNT),
// and [WMTXML] (WMT21 and later: documents with their origlang and
// domain, references by translator, system outputs). Two differences from
// sacreBLEU are deliberate: where a WMT XML file has references by
// several translators, their fields come in the order of their names
// (sacreBLEU's order depends on Python's string hashing and changes from
// run to run), and where sacreBLEU crashes on a malformed file, the
// methods return an error. The WMT XML is read with encoding/xml, which
// knows XML's five predefined entities and character references but not
// entities a DTD declares (lxml expands those; WMT's files have none).
//
// # Selecting segments
//
// [Cache.Keep] selects segments by their documents' original language
// and annotation, as sacreBLEU's --origlang and --subset; [Cache.Origlangs]
// and [Cache.Domains] list the values a set has.
package testset
