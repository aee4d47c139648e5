//go:build amd64 && !purego

package chrf

import (
	"unsafe"

	"github.com/go-bleu/bleu/internal/cpu"
)

// keysAsm tells whether refKeys and runMatches run their assembly loops,
// which need LZCNT and BMI1 (TZCNT, ANDN).
var keysAsm = cpu.HasLZCNT && cpu.HasBMI1

// The layouts that keys_amd64.s assumes: a constant below is negative,
// and does not compile, if one changes.
const (
	_ = uint(unsafe.Sizeof(bigramInfo{}) - 16)
	_ = uint(16 - unsafe.Sizeof(bigramInfo{}))
	_ = uint(unsafe.Offsetof(bigramInfo{}.tail) - 8)
	_ = uint(8 - unsafe.Offsetof(bigramInfo{}.tail))
	_ = uint(unsafe.Offsetof(laneTables{}.incAt) - 1024)
	_ = uint(1024 - unsafe.Offsetof(laneTables{}.incAt))
	_ = uint(unsafe.Offsetof(laneTables{}.sameAt) - 2048)
	_ = uint(2048 - unsafe.Offsetof(laneTables{}.sameAt))
	_ = uint(unsafe.Offsetof(laneTables{}.hasAt) - 3072)
	_ = uint(3072 - unsafe.Offsetof(laneTables{}.hasAt))
)

// hypKeys is hypKeysGo with its loop in assembly (keys_amd64.s).
func hypKeys(keys []uint64, codes, rank []uint32, info []bigramInfo, byThird *[256]int32, mask uint64) int {
	if len(codes) < 3 || len(rank) < len(codes) || len(keys) < len(codes)-2 {
		panic("chrf: hypKeys needs three codes or more, and a rank and a key for each")
	}
	n := hypKeysAsm(keys, codes, rank, info, byThird, mask)
	if n < 0 {
		panic("chrf: a bigram's number outside its table")
	}
	return n
}

// refKeys is refKeysGo with its loop in assembly (keys_amd64.s), where
// the processor has LZCNT and BMI1.
func refKeys(keys []uint64, n int, codes, rank []uint32, info []bigramInfo, byThird *[256]int32, t *laneTables, mask uint64) (int, uint64) {
	if !keysAsm {
		return refKeysGo(keys, n, codes, rank, info, byThird, t, mask)
	}
	if len(codes) < 3 || len(rank) < len(codes) || n < 0 || len(keys)-n < len(codes)-2 {
		panic("chrf: refKeys needs three codes or more, and a rank and a key for each")
	}
	n, lanes := refKeysAsm(keys, n, codes, rank, info, byThird, t, mask)
	if n < 0 {
		panic("chrf: a bigram's number outside its table")
	}
	return n, lanes
}

// runMatches is runMatchesGo with its loop in assembly (keys_amd64.s),
// where the processor has LZCNT and BMI1.
func runMatches(keys []uint64, t *laneTables) uint64 {
	if !keysAsm {
		return runMatchesGo(keys, t)
	}
	if len(keys) == 0 {
		panic("chrf: runMatches needs keys")
	}
	return runMatchesAsm(keys, t, high)
}

//go:noescape
func runMatchesAsm(keys []uint64, t *laneTables, high uint64) uint64

//go:noescape
func hypKeysAsm(keys []uint64, codes, rank []uint32, info []bigramInfo, byThird *[256]int32, mask uint64) int

//go:noescape
func refKeysAsm(keys []uint64, n int, codes, rank []uint32, info []bigramInfo, byThird *[256]int32, t *laneTables, mask uint64) (int, uint64)
