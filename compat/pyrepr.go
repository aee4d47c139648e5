package compat

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// pyRepr returns Python's repr of the str s: single quotes unless s has a
// single quote and no double quote, with Python's escapes.
func pyRepr(s string) string {
	q := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		q = '"'
	}
	b := []byte{q}
	for _, r := range s {
		switch {
		case r == rune(q) || r == '\\':
			b = append(b, '\\', byte(r))
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\r':
			b = append(b, `\r`...)
		case r == '\t':
			b = append(b, `\t`...)
		case r == utf8.RuneError || r < 0x20 || r == 0x7f || r >= 0x80 && !strconv.IsPrint(r):
			b = appendPyEscape(b, r)
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return string(append(b, q))
}

func appendPyEscape(b []byte, r rune) []byte {
	const hex = "0123456789abcdef"
	switch {
	case r < 0x100:
		return append(b, '\\', 'x', hex[r>>4], hex[r&15])
	case r < 0x10000:
		return append(b, '\\', 'u', hex[r>>12], hex[r>>8&15], hex[r>>4&15], hex[r&15])
	}
	b = append(b, '\\', 'U')
	for sh := 28; sh >= 0; sh -= 4 {
		b = append(b, hex[r>>sh&15])
	}
	return b
}
