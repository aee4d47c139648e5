//go:build amd64 && !purego

package tokenize

// events13aLine sets dst to the events of s for 13a and zh with the lead
// mask lead, as lineEvents defines them; s must have 64 bytes at least,
// and dst (len(s)+63)/64 words. It is events13aLineGo in assembly
// (tokenize_amd64.s), with SSE2, which every amd64 processor has: 16
// bytes an instruction take about a quarter of the instructions of
// events13aGo's eight.
//
//go:noescape
func events13aLine(dst []uint64, s string, lead uint64)

// eventsIntlLine is events13aLine for intl: eventsIntlLineGo in assembly.
//
//go:noescape
func eventsIntlLine(dst []uint64, s string)
