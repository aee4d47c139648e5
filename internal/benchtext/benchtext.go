// Package benchtext makes the synthetic text the benchmarks of bleu, chrf
// and ter read, so that they measure the same input.
package benchtext

import "strings"

// Corpus returns streams texts of n lines each, "\n" after every line:
// 5 to 13 words from a list of sixteen, a different mix for each stream,
// so that a hypothesis and its references share some words.
func Corpus(n, streams int) []string {
	words := strings.Fields("the cat sat on a mat while dogs ran over hills and far away under skies")
	texts := make([]string, streams)
	for k := range texts {
		var b strings.Builder
		for i := range n {
			for j := range 5 + (i+k)%9 {
				if j > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(words[(i*7+j*3+k)%len(words)])
			}
			b.WriteByte('\n')
		}
		texts[k] = b.String()
	}
	return texts
}
