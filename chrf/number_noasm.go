//go:build !amd64 || purego

package chrf

// numberHyp is numberHypGo: there is no assembly for it here.
func (c *counter) numberHyp(codes, items []uint32, hc []int32) int {
	return c.numberHypGo(codes, items, hc)
}

// numberRef is numberRefGo: there is no assembly for it here.
func (c *counter) numberRef(codes, items []uint32, rc []int32) {
	c.numberRefGo(codes, items, rc)
}
