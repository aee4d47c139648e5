// Package lockstep reads a hypothesis stream and its reference streams
// line by line in lockstep, in batches: the reading half of the
// AddReaders methods of packages bleu, chrf and ter, which score each
// batch in their own way.
//
// # Contract
//
// Each stream is read with the rules of package internal/lines (only "\n"
// ends a line, a last line without it is a line, a byte order mark
// stays). Segment i is line i of every stream. A batch ends at
// [MaxBytes] of text or [MaxSegments] segments. Every error's text starts
// with the caller's package name ([Options.Prefix]) and names the stream
// ("hypothesis", "reference 1", ...) and the line: a read error, a line
// that is not valid UTF-8 (wrapping [Options.InvalidUTF8]), streams of
// different lengths (each stream's number of lines), and ctx's error,
// checked before every batch.
package lockstep

import (
	"context"
	"fmt"
	"io"
	"math"
	"runtime/debug"
	"strings"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/lines"
	"github.com/go-bleu/bleu/internal/py"
)

// Batch bounds: a few milliseconds of scoring, which makes the cost of
// scoring a batch in parallel small and bounds the memory.
const (
	MaxBytes    = 1 << 20
	MaxSegments = 4096
)

// Options are the rules of one caller.
type Options struct {
	// Prefix starts every error's text, without its colon: "bleu".
	Prefix string
	// InvalidUTF8 is the error the error of a line that is not valid
	// UTF-8 wraps.
	InvalidUTF8 error
	// RStrip strips every line of trailing Python whitespace, as
	// sacreBLEU's rstrip() does, before it counts in a batch's size.
	RStrip bool
	// CheckReads makes every read from an input (64 KiB at most) fail
	// with ctx's error once ctx is done, so that a cancelled context stops
	// reading within a line however long; otherwise ctx is checked only
	// before every batch.
	CheckReads bool
	// LineCost, when positive, is the memory a line takes per byte of its
	// text: when the Go runtime has a soft memory limit (GOMEMLIMIT), a
	// line longer than the limit over LineCost and the number of streams
	// is an error before it is held. Zero: lines are unbounded.
	LineCost int64
}

// Reader reads the batches of one hypothesis stream and its references.
// It is not safe for concurrent use.
type Reader struct {
	ctx     context.Context
	o       Options
	streams []stream
	seg     []string
	hyps    []string
	refs    [][]string
}

// stream is one input.
type stream struct {
	name string // "hypothesis", "reference 1", ...
	lr   *lines.Reader
}

// NewReader returns a Reader of hyp and refs under o, which stops when ctx
// is done.
func NewReader(ctx context.Context, hyp io.Reader, refs []io.Reader, o Options) *Reader {
	r := &Reader{ctx: ctx, o: o, streams: make([]stream, 1+len(refs)), seg: make([]string, 1+len(refs))}
	for k, in := range append([]io.Reader{hyp}, refs...) {
		if o.CheckReads {
			in = ctxReader{ctx, in}
		}
		name := "hypothesis"
		if k > 0 {
			name = fmt.Sprintf("reference %d", k)
		}
		r.streams[k] = stream{name: name, lr: lines.NewReader(in, 0)}
	}
	if o.LineCost > 0 {
		r.limitLines()
	}
	r.hyps = make([]string, 0, MaxSegments)
	r.refs = make([][]string, len(refs))
	return r
}

// Next reads the next batch: its segments' hypotheses, their references
// (refs[k][i] is segment i's reference k) and the line number, from 1, of
// its first segment. hyps and refs are the Reader's, valid until the next
// call. done reports that the inputs have ended; the batch then holds
// their last segments, if any.
func (r *Reader) Next() (first int, hyps []string, refs [][]string, done bool, err error) {
	first = r.streams[0].lr.Line() + 1
	if err := r.ctx.Err(); err != nil {
		return first, nil, nil, false, fmt.Errorf("%s: reading stopped before line %d: %w", r.o.Prefix, first, err)
	}
	r.hyps = r.hyps[:0]
	for k := range r.refs {
		r.refs[k] = r.refs[k][:0]
	}
	for size, n := 0, 0; size < MaxBytes && n < MaxSegments; n++ {
		ended, err := r.segment()
		if err != nil {
			return first, nil, nil, false, err
		}
		if ended {
			return first, r.hyps, r.refs, true, nil
		}
		r.hyps = append(r.hyps, r.seg[0])
		size += len(r.seg[0])
		for k, s := range r.seg[1:] {
			r.refs[k] = append(r.refs[k], s)
			size += len(s)
		}
	}
	return first, r.hyps, r.refs, false, nil
}

// segment reads the next line of every stream into r.seg, reporting
// whether all have ended.
func (r *Reader) segment() (ended bool, err error) {
	n := 0
	for k := range r.streams {
		st := &r.streams[k]
		line, ok, err := st.lr.Next()
		if err != nil {
			return false, fmt.Errorf("%s: reading the %s, line %d: %w", r.o.Prefix, st.name, st.lr.Line()+1, err)
		}
		if !ok {
			n++
			continue
		}
		if !utf8.Valid(line) {
			i := lines.InvalidAt(line)
			return false, fmt.Errorf("%w: %s line %d, byte 0x%02x at byte %d of the line", r.o.InvalidUTF8, st.name, st.lr.Line(), line[i], i+1)
		}
		r.seg[k] = string(line)
		if r.o.RStrip {
			r.seg[k] = py.RStrip(r.seg[k])
		}
	}
	switch {
	case n == len(r.streams):
		return true, nil
	case n > 0:
		return false, r.lengthError()
	}
	return false, nil
}

// lengthError describes streams of different lengths, some of which have
// ended: each stream's number of lines.
func (r *Reader) lengthError() error {
	var b strings.Builder
	for k := range r.streams {
		st := &r.streams[k]
		// CountRest's lines count in Line.
		if _, err := st.lr.CountRest(); err != nil {
			return fmt.Errorf("%s: reading the %s, line %d: %w", r.o.Prefix, st.name, st.lr.Line()+1, err)
		}
		if k > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s: %d", st.name, st.lr.Line())
	}
	return fmt.Errorf("%s: the inputs have different numbers of lines: %s", r.o.Prefix, b.String())
}

// limitLines bounds the lines of the streams under the Go runtime's soft
// memory limit (debug.SetMemoryLimit, GOMEMLIMIT), as the significance
// tests set it: a line past it is an error, not the runtime's
// out-of-memory crash.
func (r *Reader) limitLines() {
	limit := debug.SetMemoryLimit(-1)
	if limit == math.MaxInt64 || limit <= 0 {
		return
	}
	n := limit / r.o.LineCost / int64(len(r.streams))
	for k := range r.streams {
		r.streams[k].lr.SetMaxLine(int(min(max(n, 1), math.MaxInt32)))
	}
}

// ctxReader is r that fails with ctx's error, once ctx is done, instead of
// reading: a line is read to its end before the next batch begins, so
// only its reads can notice a cancellation within a line.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
