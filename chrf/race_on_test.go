//go:build race

package chrf

// raceEnabled reports whether the race detector is on, which makes
// allocations that the tests count differ.
const raceEnabled = true
