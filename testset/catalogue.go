package testset

import (
	"slices"
	"strconv"
	"strings"
)

//go:generate sh -c "PYTHONPATH=${SACREBLEU_SRC:-/work/sacrebleu} /usr/bin/python3 ../internal/gen/testsets/dump.py > ../internal/gen/testsets/catalogue.json"
//go:generate go run ../internal/gen/testsets -in ../internal/gen/testsets/catalogue.json -out catalogue_gen.go

// Format is the layout of a test set's raw files, one per sacreBLEU dataset
// class; it decides the fields a language pair has and how each is cleaned.
type Format uint8

const (
	// PlainText is sacreBLEU's PlainTextDataset: one file a field, aligned
	// by line; each line keeps its text up to its trailing white space.
	PlainText Format = iota
	// FakeSGML is sacreBLEU's FakeSGMLDataset, the ".sgm" files of WMT
	// before 2021: the text of each "<seg ...>" line, white space
	// collapsed, and the docid, genre and origlang of its "<doc ...>".
	FakeSGML
	// WMTAddition is sacreBLEU's WMTAdditionDataset: [FakeSGML] for the
	// files whose name ends in ".sgm", [PlainText] for the others.
	WMTAddition
	// IWSLTXML is sacreBLEU's IWSLTXMLDataset, which reads its XML files
	// as [FakeSGML] does.
	IWSLTXML
	// TSV is sacreBLEU's TSVDataset: one column of a tab-separated file a
	// field, unchanged.
	TSV
	// WMTXML is sacreBLEU's WMTXMLDataset, the XML of WMT21 and later: one
	// file a pair holding the documents, the source, references by
	// translator and system outputs.
	WMTXML
	numFormats
)

var formatNames = [numFormats]string{"PlainText", "FakeSGML", "WMTAddition", "IWSLTXML", "TSV", "WMTXML"}

// String returns the name of f's constant, such as "WMTXML".
func (f Format) String() string {
	if f < numFormats {
		return formatNames[f]
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// Set is one test set of the catalogue, as sacreBLEU's DATASETS describes
// it. The values [Lookup] and [Sets] return are copies: changing one does
// not change the catalogue.
type Set struct {
	// Name is the set's name, such as "wmt22" or "wmt21/systems".
	Name string
	// Format is the layout of the raw files.
	Format Format
	// URLs are the files to download into the set's raw directory, in
	// order; archives among them (".tar.gz", ".tgz", ".zip") are extracted
	// there.
	URLs []string
	// MD5s are the URLs' expected MD5 sums, lower-case hexadecimal, one a
	// URL.
	MD5s []string
	// Description is sacreBLEU's one-line description.
	Description string
	// Citation is the set's BibTeX entry, "" when sacreBLEU has none.
	Citation string
	// Refs are, for [WMTXML], the translators whose references score a
	// system (sacreBLEU's refs=[...]; "" names the references without a
	// translator); a [Pair] may override them.
	Refs []string
	// Pairs are the language pairs, in sacreBLEU's order.
	Pairs []Pair
}

// Pair is one language pair of a [Set].
type Pair struct {
	// Name is the pair, source and target language, such as "en-de".
	Name string
	// Files are the raw files, relative to the set's raw directory: for
	// [WMTXML] the one XML file; otherwise the source and then each
	// reference (for [TSV] each may start with "N:", the column, counted
	// from 0; without it the source is column 0 and the reference 1).
	// sacreBLEU names a gzipped file with a ".gz" suffix and reads it
	// decompressed.
	Files []string
	// Refs, when not nil, overrides [Set.Refs] for this pair (sacreBLEU's
	// {"path": ..., "refs": [...]} form).
	Refs []string
}

// Lookup returns the test set named name and whether there is one.
func Lookup(name string) (Set, bool) {
	i, ok := slices.BinarySearchFunc(catalogueByName[:], name, func(j int, name string) int {
		return strings.Compare(catalogue[j].Name, name)
	})
	if !ok {
		return Set{}, false
	}
	return catalogue[catalogueByName[i]].clone(), true
}

// Names returns the names of all test sets in sacreBLEU's catalogue order
// (the order of DATASETS; `sacrebleu --list` prints them sorted in
// reverse).
func Names() []string {
	names := make([]string, len(catalogue))
	for i := range catalogue {
		names[i] = catalogue[i].Name
	}
	return names
}

// Sets returns copies of all test sets in catalogue order.
func Sets() []Set {
	sets := make([]Set, len(catalogue))
	for i := range catalogue {
		sets[i] = catalogue[i].clone()
	}
	return sets
}

// Pair returns the language pair named name and whether s has it.
func (s *Set) Pair(name string) (Pair, bool) {
	for _, p := range s.Pairs {
		if p.Name == name {
			return p.clone(), true
		}
	}
	return Pair{}, false
}

// PairNames returns the names of s's language pairs in order.
func (s *Set) PairNames() []string {
	names := make([]string, len(s.Pairs))
	for i := range s.Pairs {
		names[i] = s.Pairs[i].Name
	}
	return names
}

// SetsForPair returns the names of the sets, in catalogue order, that have
// the language pair pair or its reverse, as sacreBLEU's
// get_available_testsets_for_langpair does. pair must contain a '-'.
func SetsForPair(pair string) []string {
	src, trg, _ := strings.Cut(pair, "-")
	trg, _, _ = strings.Cut(trg, "-")
	fwd, rev := src+"-"+trg, trg+"-"+src
	var names []string
	for i := range catalogue {
		for _, p := range catalogue[i].Pairs {
			if p.Name == fwd || p.Name == rev {
				names = append(names, catalogue[i].Name)
				break
			}
		}
	}
	return names
}

// Subsets returns sacreBLEU's document annotations of the set named name
// (SUBSETS: a document id mapped to "COUNTRY-domain" or
// "COUNTRY-domain-XX"), nil when it has none. Only wmt18 and wmt19 have
// them.
func Subsets(name string) map[string]string {
	for _, s := range subsets {
		if s.set == name {
			m := make(map[string]string, len(s.docs))
			for _, d := range s.docs {
				m[d[0]] = d[1]
			}
			return m
		}
	}
	return nil
}

func (s *Set) clone() Set {
	c := *s
	c.URLs = slices.Clone(s.URLs)
	c.MD5s = slices.Clone(s.MD5s)
	c.Refs = slices.Clone(s.Refs)
	c.Pairs = make([]Pair, len(s.Pairs))
	for i := range s.Pairs {
		c.Pairs[i] = s.Pairs[i].clone()
	}
	return c
}

func (p *Pair) clone() Pair {
	c := *p
	c.Files = slices.Clone(p.Files)
	c.Refs = slices.Clone(p.Refs)
	return c
}
