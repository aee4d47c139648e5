package bleu

import (
	"context"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/lines"
)

// Reading batches: a batch ends at readBatchBytes of text or
// readBatchSegments segments, a few milliseconds of scoring, which makes
// the cost of AddCorpus's goroutines small and bounds the memory.
const (
	readBatchBytes    = 1 << 20
	readBatchSegments = 4096
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
	streams := make([]*lineStream, 1+len(refs))
	streams[0] = &lineStream{name: "hypothesis", lr: lines.NewReader(ctxReader{ctx, hyp}, 0)}
	for k, r := range refs {
		streams[1+k] = &lineStream{name: fmt.Sprintf("reference %d", k+1), lr: lines.NewReader(ctxReader{ctx, r}, 0)}
	}
	limitLines(streams)
	// The corpus goes to a Stats of its own, merged into s at the end.
	acc := &Stats{Config: s.Config}
	hyps := make([]string, 0, readBatchSegments)
	refBatch := make([][]string, len(refs))
	for {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("bleu: reading stopped before line %d: %w", streams[0].lr.Line()+1, err)
		}
		hyps = hyps[:0]
		for k := range refBatch {
			refBatch[k] = refBatch[k][:0]
		}
		first := streams[0].lr.Line() + 1
		done, err := readBatch(streams, func(seg []string) int {
			hyps = append(hyps, seg[0])
			n := len(seg[0])
			for k, r := range seg[1:] {
				refBatch[k] = append(refBatch[k], r)
				n += len(r)
			}
			return n
		})
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

// lineStream is one input of AddReaders.
type lineStream struct {
	name string // "hypothesis", "reference 1", ...
	lr   *lines.Reader
}

// readBatch reads a batch of segments from streams, passing each (the
// line of every stream, in order) to add, which returns its size in
// bytes. It reports whether the inputs have ended.
func readBatch(streams []*lineStream, add func(seg []string) int) (done bool, err error) {
	seg := make([]string, len(streams))
	for size, n := 0, 0; size < readBatchBytes && n < readBatchSegments; n++ {
		ended := 0
		for k, st := range streams {
			line, ok, err := st.lr.Next()
			if err != nil {
				return false, fmt.Errorf("bleu: reading the %s, line %d: %w", st.name, st.lr.Line()+1, err)
			}
			if !ok {
				ended++
				continue
			}
			if !utf8.Valid(line) {
				i := lines.InvalidAt(line)
				return false, fmt.Errorf("%w: %s line %d, byte 0x%02x at byte %d of the line", ErrInvalidUTF8, st.name, st.lr.Line(), line[i], i+1)
			}
			seg[k] = string(line)
		}
		switch {
		case ended == len(streams):
			return true, nil
		case ended > 0:
			return false, lengthError(streams)
		}
		size += add(seg)
	}
	return false, nil
}

// lengthError describes streams of different lengths, some of which have
// ended: each stream's number of lines.
func lengthError(streams []*lineStream) error {
	var b strings.Builder
	for k, st := range streams {
		// CountRest's lines count in Line.
		if _, err := st.lr.CountRest(); err != nil {
			return fmt.Errorf("bleu: reading the %s, line %d: %w", st.name, st.lr.Line()+1, err)
		}
		if k > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s: %d", st.name, st.lr.Line())
	}
	return fmt.Errorf("bleu: the inputs have different numbers of lines: %s", b.String())
}

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
