//go:build !amd64 || purego

package bleu

// Without assembly no kernel needs a processor feature: the callers of
// copyASCII16, clipSum and match4BMI, which test these, take their Go
// loops (see cpu_amd64.go).
const (
	hasSSSE3 = false
	hasSSE41 = false
	hasBMI1  = false
)
