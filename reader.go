package bleu

import (
	"context"
	"fmt"
	"io"

	"github.com/go-bleu/bleu/internal/lockstep"
)

// AddReaders adds the segments of a corpus read from hyp and refs, one
// segment a line: line i of hyp with line i of every reference stream, as
// sacreBLEU's command line reads the files it is given. Only "\n" ends a
// line (a "\r" before it is trailing whitespace, which BLEU strips), a
// last line without "\n" is a line, an empty input has none, and a byte
// order mark is kept as U+FEFF (the rules of package internal/lines,
// which the command line follows too). The lines are read in batches,
// each added in parallel with [Stats.AddCorpus], so memory stays bounded
// whatever the length of the inputs.
//
// It returns the errors of [Config.Validate] and of options that are not
// those of the statistics held (see [Stats]); an error naming the stream,
// the line and the byte for a line that is not valid UTF-8 (wrapping
// [ErrInvalidUTF8]); an error when the streams have different numbers of
// lines, or there are no reference streams; the errors of [Stats.Add]
// naming the line; a read error, wrapped; and ctx's error, wrapped, when
// ctx is done: ctx is checked before every read from an input (64 KiB at
// most), so that a cancelled context stops AddReaders within a line
// however long, though not a Read that blocks; and, when the Go runtime
// has a soft memory limit (GOMEMLIMIT), an error for a line longer than
// that limit over 16 bytes a byte and the number of streams, before it is
// held. s is unchanged on error:
// the segments are added only when every line has been read.
//
// The Tokenizer and Normalizer must be safe for concurrent use; a panic of
// theirs reaches the caller as a [*PanicError].
func (s *Stats) AddReaders(ctx context.Context, hyp io.Reader, refs ...io.Reader) error {
	s.mutating()
	if err := s.Config.validate(); err != nil {
		return err
	}
	if err := s.checkOptions(); err != nil {
		return err
	}
	if len(refs) == 0 {
		return ErrNoReference
	}
	lr := lockstep.NewReader(ctx, hyp, refs, lockstep.Options{
		Prefix: "bleu", InvalidUTF8: ErrInvalidUTF8, CheckReads: true, LineCost: readerLineCost,
	})
	// The corpus goes to a Stats of its own, merged into s at the end.
	acc := &Stats{Config: s.Config}
	for {
		first, hyps, refBatch, done, err := lr.Next()
		if err != nil {
			return err
		}
		if len(hyps) > 0 {
			if err := acc.AddCorpus(hyps, refBatch...); err != nil {
				return lineError(acc.Config, first, hyps, refBatch, err)
			}
		}
		if done {
			return s.Merge(acc)
		}
	}
}

// readerLineCost is the memory a line takes in AddReaders per byte of its
// text, from above: the line's buffer as it grows (up to 3), its string,
// the batch's tokens and counts (the command line measures 6 to 9 for
// the standard tokenizers; see cmd/bleu/linecost.go).
const readerLineCost = 16

// lineError returns the error of AddCorpus on the batch of segments from
// line first on as the error of the segment that has it, naming its line.
func lineError(cfg Config, first int, hyps []string, refs [][]string, err error) error {
	s := Stats{Config: cfg}
	segRefs := make([]string, len(refs))
	for i, h := range hyps {
		for k, r := range refs {
			segRefs[k] = r[i]
		}
		if err := s.Add(h, segRefs...); err != nil {
			return fmt.Errorf("bleu: line %d: %w", first+i, err)
		}
	}
	return err
}
