//go:build race

package main

// raceEnabled reports whether the race detector is on. ThreadSanitizer
// maps terabytes of shadow address space, so no run under an
// address-space limit (ulimit -v) can start with it.
const raceEnabled = true
