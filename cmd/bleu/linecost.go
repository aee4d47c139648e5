package main

import (
	"errors"
	"fmt"
	"math"

	linerules "github.com/go-bleu/bleu/internal/lines"
)

// The memory one line takes, per byte of its text, measured on lines of
// several megabytes (peak resident memory over the bytes of the lines,
// /usr/bin/time -f %M), with room to spare:
//
//	reading a line, plain or gzipped     ≤ 3  (the line's buffer as it grows;
//	                                          decompression adds a fixed 1.3 MB)
//	13a, intl, zh, none: tokens, counts    6  → lineCostWords  = 10
//	char                                   8.4 → lineCostChar  = 14
//	ja-mecab (lattice, tokens, counts)    35 for ordinary text; up to 135
//	                                      for a run of one kana, whose
//	                                      best paths never meet
//	                                      → lineCostMeCab = 200
//	--compat (whole files in memory)      nltk 16, hf 12, multi-bleu 14,
//	                                      multi-bleu-detok 12 → lineCostCompat = 24;
//	                                      mteval 160 → lineCostMTEval = 240
//
// Before a line of an input is held, its length is checked against the
// memory the process may use (memoryLimit: ulimit -v less what is mapped,
// the machine's memory, GOMEMLIMIT) divided by the cost per byte and by
// the number of inputs read in lockstep (a segment holds a line of each):
// a longer line ends the run with a message and exit status 1 rather than
// the runtime's out-of-memory dump.
const (
	lineCostWords  = 10
	lineCostChar   = 14
	lineCostMeCab  = 200
	lineCostCompat = 24
	lineCostMTEval = 240
)

// lineCost is the memory per byte of a line for o's tokenizer.
func lineCost(o *options) int64 {
	name, _, _ := tokenizerName(o)
	switch name {
	case "ja-mecab":
		return lineCostMeCab
	case "char":
		return lineCostChar
	}
	return lineCostWords
}

// lineBudget returns the longest line, in bytes, that streams inputs read
// in lockstep may each have at cost bytes a byte, and the memory it was
// computed from; 0 when the memory is not known.
func lineBudget(cost int64, streams int) (int, int64) {
	mem := memoryLimit()
	if mem <= 1 || mem == math.MaxInt64 {
		return 0, 0
	}
	n := mem / cost / int64(max(streams, 1))
	return int(min(n, math.MaxInt32)), mem
}

// setLineBudget bounds the lines of the corpus's inputs (see above).
func setLineBudget(o *options, cp *corpus) {
	readers := cp.readers()
	cost := lineCost(o)
	max, mem := lineBudget(cost, len(readers))
	for _, r := range readers {
		r.maxLine, r.memory, r.cost = max, mem, cost
	}
}

// longLineError is the message for a line past the budget, or nil when err
// is not that.
func (lr *lineReader) longLineError(err error) error {
	var long *linerules.LongLineError
	if !errors.As(err, &long) {
		return nil
	}
	return inputErrorf("bleu: %s:%d: the line is longer than %s: scoring it would take more than the %s of memory the process may use (%d bytes for each byte of a line here)",
		lr.name, long.Line, byteCount(int64(long.Max)), byteCount(lr.memory), lr.cost)
}

// byteCount is n bytes in the largest unit that keeps it at least 1.
func byteCount(n int64) string {
	const unit = 1 << 10
	if n < unit {
		return fmt.Sprintf("%d bytes", n)
	}
	f, suffix := float64(n), "KMGTPE"
	i := -1
	for f >= unit && i < len(suffix)-1 {
		f /= unit
		i++
	}
	return fmt.Sprintf("%.1f %cB", f, suffix[i])
}
