//go:build !amd64 || purego

package utf8x

// Valid reports whether s is valid UTF-8, as utf8.ValidString does.
// Without the SSE2 version, it is validGeneric.
func Valid(s string) bool { return validGeneric(s) }
