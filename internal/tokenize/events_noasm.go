//go:build !amd64 || purego

package tokenize

// events13aLine is events13aLineGo (in assembly on amd64).
func events13aLine(dst []uint64, s string, lead uint64) { events13aLineGo(dst, s, lead) }

// eventsIntlLine is eventsIntlLineGo (in assembly on amd64).
func eventsIntlLine(dst []uint64, s string) { eventsIntlLineGo(dst, s) }
