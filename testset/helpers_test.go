package testset

import (
	"testing"

	"github.com/go-bleu/bleu/internal/testsetgen"
)

const testHost = testsetgen.Host

var testFormats = map[string]Format{
	"PlainText": PlainText, "FakeSGMLDataset": FakeSGML, "WMTAdditionDataset": WMTAddition,
	"IWSLTXMLDataset": IWSLTXML, "TSVDataset": TSV, "WMTXMLDataset": WMTXML,
}

type server = testsetgen.Server

// generatedSets returns the generated sets of testdata and the server of
// their downloads.
func generatedSets(t testing.TB) ([]Set, *server) {
	t.Helper()
	gen, srv := testsetgen.Load(t, "testdata")
	var sets []Set
	for _, g := range gen {
		s := Set{Name: g.Name, Format: testFormats[g.Format], URLs: g.URLs, MD5s: g.MD5s, Refs: g.Refs,
			Description: "Generated " + g.Format + " set."}
		for _, p := range g.Pairs {
			s.Pairs = append(s.Pairs, Pair{Name: p.Name, Files: p.Files, Refs: p.Refs})
		}
		sets = append(sets, s)
	}
	return sets, srv
}

func lookupTest(t testing.TB, sets []Set, name string) Set {
	t.Helper()
	for _, s := range sets {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no generated set %s", name)
	return Set{}
}
