//go:build !amd64 || purego

package chrf

// spaceMasks is spaceMasksGo: there is no assembly for it here.
func spaceMasks(masks []uint64, buf []byte, a, e int) uint64 {
	return spaceMasksGo(masks, buf, a, e)
}
