//go:build !race

package chrf

const raceEnabled = false
