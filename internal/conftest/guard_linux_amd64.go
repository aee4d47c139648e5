//go:build !purego

package conftest

import (
	"syscall"
	"testing"
	"unsafe"
)

// Guarded holds memory that ends where a page that cannot be read
// begins, so that a kernel reading past the end of its input faults
// instead of reading what happens to follow.
type Guarded struct{ mem []byte }

// NewGuarded returns room for strings of up to n bytes before a guard
// page, unmapped when the test ends.
func NewGuarded(t *testing.T, n int) *Guarded {
	t.Helper()
	page := syscall.Getpagesize()
	n = (n + page - 1) / page * page
	mem, err := syscall.Mmap(-1, 0, n+page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatalf("mmap: %v", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[n:], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	return &Guarded{mem[:n]}
}

// String returns b copied to end just before the guard page, valid until
// the next call.
func (g *Guarded) String(b []byte) string {
	dst := g.mem[len(g.mem)-len(b):]
	copy(dst, b)
	return unsafe.String(unsafe.SliceData(dst), len(b))
}
