//go:build !amd64 || purego

package chrf

// appendRunes is appendRunesGo: there is no assembly for it here.
func (c *counter) appendRunes(t string) { c.appendRunesGo(t) }
