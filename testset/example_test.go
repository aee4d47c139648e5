package testset_test

import (
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
