//go:build !race

package bleu

// raceEnabled reports whether the race detector is on, which makes the
// code several times slower: timing checks allow for it.
const raceEnabled = false
