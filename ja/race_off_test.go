//go:build !race

package ja

// raceEnabled reports whether the race detector is on, which makes MeCab's
// analysis some ten times slower: the golden tests then check a sample.
const raceEnabled = false
