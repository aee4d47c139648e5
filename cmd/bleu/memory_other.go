//go:build !linux

package main

// systemMemory returns 0: the memory the system grants is known on Linux
// only; elsewhere the Go runtime's soft limit (GOMEMLIMIT) is the only
// limit of the significance tests.
func systemMemory() int64 { return 0 }
