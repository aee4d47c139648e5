//go:build !linux && !purego

package conftest

import "testing"

// Guarded gives strings with a guard page after them on Linux
// (guard_linux_amd64.go); elsewhere it gives plain strings.
type Guarded struct{}

func NewGuarded(t *testing.T, n int) *Guarded { return &Guarded{} }

func (g *Guarded) String(b []byte) string { return string(b) }
