//go:build !race

package conftest

// RaceEnabled reports whether the race detector is on, which makes the
// code several times slower: timing checks allow for it.
const RaceEnabled = false
