//go:build !linux && !purego

package bleu

import "testing"

// guarded gives strings with a guard page after them on Linux
// (guard_linux_amd64_test.go); elsewhere it gives plain strings.
type guarded struct{}

func newGuarded(t *testing.T, n int) *guarded { return &guarded{} }

func (g *guarded) string(b []byte) string { return string(b) }
