package chrf

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/go-bleu/bleu/internal/lockstep"
)

// AddReaders adds the segments of a corpus read from hyp and refs, one
// segment a line: line i of hyp with line i of every reference stream, as
// sacreBLEU's command line reads the files it is given. Only "\n" ends a
// line, a last line without "\n" is a line, an empty input has none, a
// byte order mark is kept as U+FEFF, and every line is stripped of
// trailing Python whitespace, as sacreBLEU's rstrip() does (it matters
// with [Config.Whitespace]). The lines are read in batches, each added in
// parallel with [Stats.AddCorpus], so memory stays bounded whatever the
// length of the inputs (but for the longest line).
//
// It returns the errors of [Config.Validate] and of options that are not
// those of the statistics held; an error naming the stream, the line and
// the byte for a line that is not valid UTF-8 (wrapping [ErrInvalidUTF8]);
// an error when the streams have different numbers of lines or there are
// no reference streams; the errors of [Stats.Add] naming the line; a read
// error, wrapped; and ctx's error, wrapped, when ctx is done: ctx is
// checked before every read from an input (64 KiB at most), so that a
// cancelled context stops AddReaders within a line however long, though
// not a Read that blocks. s is unchanged on error: the segments are
// added only when every line has been read.
func (s *Stats) AddReaders(ctx context.Context, hyp io.Reader, refs ...io.Reader) error {
	s.own()
	if err := s.Config.validate(); err != nil {
		return err
	}
	if err := s.optionsChanged(); err != nil {
		return err
	}
	if len(refs) == 0 {
		return ErrNoReference
	}
	lr := lockstep.NewReader(ctx, hyp, refs, lockstep.Options{Prefix: "chrf", InvalidUTF8: ErrInvalidUTF8, RStrip: true, CheckReads: true})
	acc := &Stats{Config: s.Config}
	for {
		first, hyps, refBatch, done, err := lr.Next()
		if err != nil {
			return err
		}
		if len(hyps) > 0 {
			if err := acc.AddCorpus(hyps, refBatch...); err != nil {
				var se *segmentError
				if errors.As(err, &se) {
					return fmt.Errorf("chrf: line %d: %w", first+se.i, se.err)
				}
				return err
			}
		}
		if done {
			return s.Merge(acc)
		}
	}
}
