package testset_test

import (
	"context"
	"fmt"

	"github.com/go-bleu/bleu/testset"
)

func ExampleLookup() {
	s, ok := testset.Lookup("wmt22")
	if !ok {
		return
	}
	p, _ := s.Pair("cs-en")
	fmt.Println(s.Format, s.Description)
	fmt.Println(len(s.Pairs), "pairs; references by default from", s.Refs, "for cs-en from", p.Refs)
	// Output:
	// WMTXML Official evaluation and system data for WMT22.
	// 21 pairs; references by default from [A] for cs-en from [B]
}

func ExampleSetsForPair() {
	fmt.Println(testset.SetsForPair("liv-en"))
	// Output:
	// [wmt22]
}

// FieldNames of a set before WMT21 needs no download: its fields follow
// from the catalogue.
func ExampleCache_FieldNames() {
	c := testset.Cache{Dir: "/nonexistent/sacrebleu"} // $SACREBLEU, or ~/.sacrebleu
	s, _ := testset.Lookup("wmt14")
	names, err := c.FieldNames(context.Background(), s, "de-en")
	fmt.Println(names, err)
	// Output:
	// [src ref docid genre origlang] <nil>
}
