//go:build !amd64 || purego

package chrf

// hypCodes is hypCodesGo: there is no assembly for it here.
func (t *wordTable) hypCodes(codes []uint32, toks []token, buf []byte) {
	t.hypCodesGo(codes, toks, buf)
}

// refCodes is refCodesGo: there is no assembly for it here.
func (t *wordTable) refCodes(codes []uint32, toks []token, buf []byte) {
	t.refCodesGo(codes, toks, buf)
}
