package bleu

import (
	"strconv"
	"strings"
)

// segmentError is the error of the segment of index at of a corpus, as
// [Config.Corpus], [Stats.AddCorpus] and [Config.Sentences] return it:
// "bleu: segment 3: invalid UTF-8 in reference 2" for hyps[3] and
// refs[1][3] (the references counted from 1, as [Stats.Add] counts its
// arguments), with the package's prefix first. It wraps err.
type segmentError struct {
	at  int
	err error
}

func (e segmentError) Error() string {
	return "bleu: segment " + strconv.Itoa(e.at) + ": " + strings.TrimPrefix(e.err.Error(), "bleu: ")
}

func (e segmentError) Unwrap() error { return e.err }
