// Package sigfields writes sacreBLEU's metric signatures: the fields of a
// signature in their order, "name:value" joined by "|", in the long form
// ("nrefs:1|case:mixed|…") or the short one ("#:1|c:mixed|…"). Each metric
// package lists its own fields; a field without a value is left out.
package sigfields

import "strings"

// Field is one field of a signature: its long name, its short name and
// its value, "" when the signature has none.
type Field = [3]string

// Format returns the fields with a value, in order, in the short form if
// short and the long form otherwise.
func Format(fields []Field, short bool) string {
	var b strings.Builder
	for _, f := range fields {
		long, abbr, value := f[0], f[1], f[2]
		if value == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('|')
		}
		if short {
			b.WriteString(abbr)
		} else {
			b.WriteString(long)
		}
		b.WriteByte(':')
		b.WriteString(value)
	}
	return b.String()
}
