//go:build amd64 && !purego

package chrf

import "github.com/go-bleu/bleu/internal/cpu"

// hypBigrams is hypBigramsGo with its loop in assembly
// (bigrams_amd64.s).
func hypBigrams(rank, codes, slots []uint32, hc []int32, w, gen uint32) uint32 {
	if len(codes) == 0 {
		return 1
	}
	rank = rank[:len(codes)]
	next := hypBigramsAsm(rank, codes, slots, hc, w, gen)
	if next == 0 {
		panic("chrf: a bigram's code or number outside its table")
	}
	rank[len(codes)-1] = 0
	return next
}

// refBigrams is refBigramsGo with its loop in assembly
// (bigrams_amd64.s).
func refBigrams(rank, codes, slots []uint32, rc []int32, w, gen uint32) {
	if len(codes) == 0 {
		return
	}
	rank = rank[:len(codes)]
	if !refBigramsAsm(rank, codes, slots, rc, w, gen) {
		panic("chrf: a bigram's code or number outside its table")
	}
	rank[len(codes)-1] = 0
}

//go:noescape
func hypBigramsAsm(rank, codes, slots []uint32, hc []int32, w, gen uint32) uint32

//go:noescape
func refBigramsAsm(rank, codes, slots []uint32, rc []int32, w, gen uint32) bool

// bigramKeys is bigramKeysGo, four bigrams at a time in assembly
// (bigrams_amd64.s) where the processor has SSE4.1.
func bigramKeys(info []bigramInfo, hc, rc []int32) int64 {
	if !cpu.HasSSE41 {
		return bigramKeysGo(info, hc, rc)
	}
	if len(hc) < len(info) || len(rc) < len(info) {
		panic("chrf: bigramKeys needs counts for every bigram")
	}
	return bigramKeysAsm(info, hc, rc)
}

//go:noescape
func bigramKeysAsm(info []bigramInfo, hc, rc []int32) int64

// sumMin is sumMinGo, four counts at a time in assembly
// (bigrams_amd64.s) where the processor has SSE4.1.
func sumMin(hc, rc []int32) int64 {
	if !cpu.HasSSE41 {
		return sumMinGo(hc, rc)
	}
	if len(rc) < len(hc) || len(hc) >= 1<<(lane-1) {
		panic("chrf: sumMin needs a reference count for each, of a text of fewer than 32,768 items")
	}
	return sumMinAsm(hc, rc)
}

//go:noescape
func sumMinAsm(hc, rc []int32) int64
