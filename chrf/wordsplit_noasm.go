//go:build !amd64 || purego

package chrf

func spaceMasks(masks []uint64, buf []byte, a, e int) uint64 {
	return spaceMasksGo(masks, buf, a, e)
}

func fieldBounds(bounds []int, masks []uint64, a, e int) int {
	return fieldBoundsGo(bounds, masks, a, e)
}

func splitFields(toks []token, bounds []int, buf []byte) int {
	return splitFieldsGo(toks, bounds, buf)
}

func (t *wordTable) hypCodes(codes []uint32, toks []token, buf []byte) {
	t.hypCodesGo(codes, toks, buf)
}

func (t *wordTable) refCodes(codes []uint32, toks []token, buf []byte) {
	t.refCodesGo(codes, toks, buf)
}
