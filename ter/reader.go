package ter

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/go-bleu/bleu/internal/lockstep"
)

// readBatchSegments is the most segments a batch of AddReaders holds.
const readBatchSegments = lockstep.MaxSegments

// AddReaders adds the segments of a corpus read from hyp and refs, one
// segment a line: line i of hyp with line i of every reference stream, as
// sacreBLEU's command line reads the files it is given. Only "\n" ends a
// line (a "\r" before it is trailing whitespace, which TER strips), a
// last line without "\n" is a line, an empty input has none, and a byte
// order mark is kept as U+FEFF (the rules of package internal/lines,
// which the command line follows too). The lines are read in batches,
// each scored in parallel as [Stats.AddCorpus] scores a corpus, so memory
// stays bounded whatever the length of the inputs; the sums are those of
// adding every segment in turn with [Stats.Add].
//
// It returns the error of options that are not those of the statistics
// held (see [Stats]); an error naming the stream, the line and the byte
// for a line that is not valid UTF-8 (wrapping [ErrInvalidUTF8]); an
// error when the streams have different numbers of lines, or there are
// no reference streams; a read error, wrapped; and ctx's error, wrapped,
// when ctx is done: ctx is checked before every read from an input (64
// KiB at most), so that a cancelled context stops AddReaders within a line
// however long, though not a Read that blocks. s is unchanged on error: the segments are added only
// when every line has been read.
func (s *Stats) AddReaders(ctx context.Context, hyp io.Reader, refs ...io.Reader) error {
	s.own()
	if err := s.optionsChanged(); err != nil {
		return err
	}
	if len(refs) == 0 {
		return ErrNoReference
	}
	lr := lockstep.NewReader(ctx, hyp, refs, lockstep.Options{Prefix: "ter", InvalidUTF8: ErrInvalidUTF8, CheckReads: true})
	acc := s.Clone()
	for {
		first, hyps, refBatch, done, err := lr.Next()
		if err != nil {
			return err
		}
		if len(hyps) > 0 {
			if err := acc.addCorpus(ctx, hyps, refBatch); err != nil {
				return lineError(first, err)
			}
		}
		if done {
			s.segments, s.edits, s.refLen = acc.segments, acc.edits, acc.refLen
			s.minRefs, s.maxRefs, s.held, s.opts = acc.minRefs, acc.maxRefs, acc.held, acc.opts
			return nil
		}
	}
}

// lineError turns the error of AddCorpus on a batch whose first segment is
// line first into one that names the line: AddCorpus's errors name the
// segment's index in the batch.
func lineError(first int, err error) error {
	if se, ok := err.(*segmentError); ok {
		return &lineErr{first + se.index, se.err}
	}
	return err
}

// lineErr is the error of a line of AddReaders' inputs.
type lineErr struct {
	line int
	err  error
}

func (e *lineErr) Error() string {
	return fmt.Sprintf("ter: line %d: %s", e.line, strings.TrimPrefix(e.err.Error(), "ter: "))
}

func (e *lineErr) Unwrap() error { return e.err }
