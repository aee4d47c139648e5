//go:build !amd64 || purego

package chrf

// hypKeys is hypKeysGo: there is no assembly for it here.
func hypKeys(keys []uint64, codes, rank []uint32, info []bigramInfo, byThird *[256]int32, mask uint64) int {
	return hypKeysGo(keys, codes, rank, info, byThird, mask)
}

// refKeys is refKeysGo: there is no assembly for it here.
func refKeys(keys []uint64, n int, codes, rank []uint32, info []bigramInfo, byThird *[256]int32, t *laneTables, mask uint64) (int, uint64) {
	return refKeysGo(keys, n, codes, rank, info, byThird, t, mask)
}

// runMatches is runMatchesGo: there is no assembly for it here.
func runMatches(keys []uint64, t *laneTables) uint64 { return runMatchesGo(keys, t) }
