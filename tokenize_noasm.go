//go:build !amd64 || purego

package bleu

// events13aLine sets dst to the events of s for 13a and zh with the lead
// mask lead, as lineEvents defines them; s must have 64 bytes at least,
// and dst (len(s)+63)/64 words.
func events13aLine(dst []uint64, s string, lead uint64) {
	n := len(s)
	for k := range n / 64 {
		dst[k] = events13aGo(s[64*k:], lead)
	}
	if n%64 != 0 {
		// The last 64 bytes, less those of the last full block.
		dst[n/64] = events13aGo(s[n-64:], lead) >> (64 - n%64)
	}
}

// eventsIntlLine is events13aLine for intl.
func eventsIntlLine(dst []uint64, s string) {
	n := len(s)
	for k := range n / 64 {
		dst[k] = eventsIntlGo(s[64*k:])
	}
	if n%64 != 0 {
		dst[n/64] = eventsIntlGo(s[n-64:]) >> (64 - n%64)
	}
}
