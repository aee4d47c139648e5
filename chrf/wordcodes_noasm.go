//go:build !amd64 || purego

package chrf

// wordCodes is wordCodesGo: there is no assembly for it here.
func (t *wordTable) wordCodes(codes []uint32, masks []uint64, buf []byte, a, e int, hyp bool) int {
	return t.wordCodesGo(codes, masks, buf, a, e, hyp)
}
