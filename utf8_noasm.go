//go:build !amd64 || purego

package bleu

// validUTF8 reports whether s is valid UTF-8, as utf8.ValidString does.
// Without the SSE2 version, it is validUTF8Generic.
func validUTF8(s string) bool { return validUTF8Generic(s) }
