//go:build !amd64 || purego

package cpu

// Without assembly no kernel needs a processor feature: the callers of
// copyASCII16, clipSum, match4BMI, refKeys, runMatches, hypCodes and
// refCodes, which test these, take their Go loops (see cpu_amd64.go).
const (
	HasSSSE3 = false
	HasSSE41 = false
	HasBMI1  = false
	HasBMI2  = false
	HasLZCNT = false
)
