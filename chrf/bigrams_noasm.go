//go:build !amd64 || purego

package chrf

// hypBigrams is hypBigramsGo: there is no assembly for it here.
func hypBigrams(rank, codes, slots []uint32, hc []int32, w, gen uint32) uint32 {
	return hypBigramsGo(rank, codes, slots, hc, w, gen)
}

// refBigrams is refBigramsGo: there is no assembly for it here.
func refBigrams(rank, codes, slots []uint32, rc []int32, w, gen uint32) {
	refBigramsGo(rank, codes, slots, rc, w, gen)
}

// bigramKeys is bigramKeysGo: there is no assembly for it here.
func bigramKeys(info []bigramInfo, hc, rc []int32) int64 { return bigramKeysGo(info, hc, rc) }

// sumMin is sumMinGo: there is no assembly for it here.
func sumMin(hc, rc []int32) int64 { return sumMinGo(hc, rc) }
