//go:build !amd64 || purego

package chrf

// spaceMasks is spaceMasksGo: there is no assembly for it here.
func spaceMasks(masks []uint64, buf []byte, a, e int) uint64 {
	return spaceMasksGo(masks, buf, a, e)
}

// fieldBounds is fieldBoundsGo: there is no assembly for it here.
func fieldBounds(bounds []int, masks []uint64, a, e int) int {
	return fieldBoundsGo(bounds, masks, a, e)
}

// splitFields is splitFieldsGo: there is no assembly for it here.
func splitFields(toks []token, bounds []int, buf []byte) int {
	return splitFieldsGo(toks, bounds, buf)
}
