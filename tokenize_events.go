package bleu

// events13aLineGo is events13aLine in Go (which is in assembly on amd64):
// it sets dst to the events of s for 13a and zh with the lead mask lead,
// as lineEvents defines them; s must have 64 bytes at least, and dst
// (len(s)+63)/64 words.
func events13aLineGo(dst []uint64, s string, lead uint64) {
	n := len(s)
	for k := range n / 64 {
		dst[k] = events13aGo(s[64*k:], lead)
	}
	if n%64 != 0 {
		// The last 64 bytes, less those of the last full block.
		dst[n/64] = events13aGo(s[n-64:], lead) >> (64 - n%64)
	}
}

// eventsIntlLineGo is events13aLineGo for intl (eventsIntlLine).
func eventsIntlLineGo(dst []uint64, s string) {
	n := len(s)
	for k := range n / 64 {
		dst[k] = eventsIntlGo(s[64*k:])
	}
	if n%64 != 0 {
		dst[n/64] = eventsIntlGo(s[n-64:]) >> (64 - n%64)
	}
}
