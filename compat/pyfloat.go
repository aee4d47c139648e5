package compat

import (
	"strconv"
	"strings"
)

// pyFloatRepr is Python's repr of a finite float: the shortest string that
// reads back as f, positional when the decimal exponent is in [-4, 16)
// (with ".0" when integral), else scientific ("1e-05", "1.5e+16").
func pyFloatRepr(f float64) string {
	e := strconv.FormatFloat(f, 'e', -1, 64)
	_, exp, _ := strings.Cut(e, "e")
	if x, _ := strconv.Atoi(exp); x < -4 || x >= 16 {
		return e
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}
