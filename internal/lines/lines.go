// Package lines reads text line by line as sacreBLEU 2.6.0 reads its
// input, for the library's readers and the command line alike: the one
// place where these rules are written.
//
// # Line rules
//
// sacreBLEU opens files with utils.smart_open: open(file, encoding=...,
// newline="\n"), through gzip for names ending in ".gz". With
// newline="\n" only "\n" ends a line; a "\r" before it stays in the line,
// and each line is then rstrip()ped, which removes it (and all other
// trailing Python whitespace). Standard input is different: sacreBLEU
// wraps it in a TextIOWrapper with the default newline=None, universal
// newlines, so there "\r", "\n" and "\r\n" all end a line ([Universal]).
// A last line without a newline is a line; an empty input has no lines.
// With the "utf-8-sig" encoding a byte order mark before the first line
// is dropped ([DropBOM]); with "utf-8" it stays, as U+FEFF.
//
// A [Reader] returns lines as bytes, without their end of line and not
// stripped (BLEU strips them when it preprocesses a segment). They are
// read through a buffer of fixed size, so a line may be of any length and
// memory is bounded by the longest line. Checking them as UTF-8 is the
// caller's choice: [InvalidAt] finds the first bad byte, for messages
// naming the line and the byte, and [ReplaceInvalid] repairs them as
// Python's errors="replace" does.
package lines

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"unicode/utf8"
)

// Mode selects the line rules of a Reader.
type Mode uint8

const (
	// Universal makes "\r" and "\r\n" end lines too, as Python's
	// universal newlines do (sacreBLEU's standard input).
	Universal Mode = 1 << iota
	// DropBOM drops a byte order mark at the start of the first line
	// (Python's "utf-8-sig").
	DropBOM
)

// bufferSize is the size of the buffer lines are read through.
const bufferSize = 64 << 10

// Reader reads the lines of one input. It is not safe for concurrent use.
type Reader struct {
	r    *bufio.Reader
	mode Mode
	n    int // lines returned so far
	buf  []byte
	eof  bool
	max  int // the longest line allowed, in bytes; 0 for no limit
}

// SetMaxLine makes Next fail with a [*LongLineError] on a line longer than
// n bytes (n <= 0: no limit, the default), before it holds more than n
// bytes of it: the memory a line takes is then bounded whatever the
// input, a small .gz file of one huge line included.
func (lr *Reader) SetMaxLine(n int) { lr.max = n }

// LongLineError is the error of a line longer than a Reader's maximum.
type LongLineError struct {
	Line int // its number, from 1
	Max  int // the maximum, in bytes
}

func (e *LongLineError) Error() string {
	return "line " + strconv.Itoa(e.Line) + " is longer than " + strconv.Itoa(e.Max) + " bytes"
}

// tooLong reports whether a line of n bytes is past the maximum.
func (lr *Reader) tooLong(n int) bool { return lr.max > 0 && n > lr.max }

// NewReader returns a Reader of r's lines under mode. When r is a
// bufio.Reader of 64 KB or more it is read directly.
func NewReader(r io.Reader, mode Mode) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, bufferSize), mode: mode}
}

// Line returns the number of lines returned so far: the number of the
// last one, counting from 1.
func (lr *Reader) Line() int { return lr.n }

// Next returns the next line without its end of line, valid until the
// next call; ok is false at the end of the input. err is the reader's
// error, as it is.
func (lr *Reader) Next() (line []byte, ok bool, err error) {
	if lr.eof {
		return nil, false, nil
	}
	lr.buf = lr.buf[:0]
	for {
		data, perr := lr.r.Peek(max(lr.r.Buffered(), 1))
		if len(data) == 0 {
			if perr == io.EOF {
				lr.eof = true
				if len(lr.buf) == 0 {
					return nil, false, nil
				}
				return lr.finish(lr.buf)
			}
			return nil, false, perr
		}
		i := bytes.IndexByte(data, '\n')
		if lr.mode&Universal != 0 {
			// The first "\r" or "\n": two IndexByte, which look at 16
			// bytes or more at a time, not IndexAny, which looks at one
			// (7% of a run that read its hypotheses this way).
			before := data
			if i >= 0 {
				before = data[:i]
			}
			if j := bytes.IndexByte(before, '\r'); j >= 0 {
				i = j
			}
		}
		if lr.tooLong(len(lr.buf)+len(data)) && (i < 0 || lr.tooLong(len(lr.buf)+i)) {
			return nil, false, &LongLineError{Line: lr.n + 1, Max: lr.max}
		}
		if i < 0 {
			lr.buf = append(lr.buf, data...)
			lr.r.Discard(len(data))
			continue
		}
		end := data[i]
		line := data[:i:i]
		if len(lr.buf) > 0 || end == '\r' {
			// A line begun in an earlier buffer, or one that the Peek
			// below may move.
			lr.buf = append(lr.buf, line...)
			line = lr.buf
		}
		// Otherwise the line is returned in the reader's buffer, which
		// stays as it is until the next read: one copy of the text
		// fewer.
		lr.r.Discard(i + 1)
		if end == '\r' {
			// "\r\n" is one end of line.
			if next, err := lr.r.Peek(1); err == nil && next[0] == '\n' {
				lr.r.Discard(1)
			}
		}
		return lr.finish(line)
	}
}

func (lr *Reader) finish(line []byte) ([]byte, bool, error) {
	lr.n++
	if lr.n == 1 && lr.mode&DropBOM != 0 {
		line = bytes.TrimPrefix(line, []byte("\uFEFF"))
	}
	return line, true, nil
}

// CountRest reads the lines left and returns how many there were, for a
// message about inputs of different lengths.
func (lr *Reader) CountRest() (int, error) {
	n := 0
	for {
		_, ok, err := lr.Next()
		if err != nil {
			return n, err
		}
		if !ok {
			return n, nil
		}
		n++
	}
}

// InvalidAt returns the offset of the first byte of b that is not part of
// valid UTF-8, or len(b) if b is valid.
func InvalidAt(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return len(b)
}

// ReplaceInvalid replaces every maximal invalid subsequence of b (as
// the Unicode standard's "maximal subpart" practice defines it, which is
// what Python's errors="replace" does) with U+FFFD: "\xe2\x82" (a
// truncated sequence) becomes one U+FFFD, "\xff\xfe" two. It returns a
// new slice.
func ReplaceInvalid(b []byte) []byte {
	out := make([]byte, 0, len(b)+8)
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			out = append(out, b[i])
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || n > 1 {
			out = append(out, b[i:i+n]...)
			i += n
			continue
		}
		out = append(out, "\uFFFD"...)
		i += maximalSubpart(b[i:])
	}
	return out
}

// maximalSubpart returns the length of the invalid sequence at the start
// of b: a lead byte and the continuation bytes that could still have
// completed it, or 1.
func maximalSubpart(b []byte) int {
	lo, hi := byte(0x80), byte(0xbf)
	var need int
	switch c := b[0]; {
	case c >= 0xc2 && c <= 0xdf:
		need = 1
	case c == 0xe0:
		need, lo = 2, 0xa0
	case c == 0xed:
		need, hi = 2, 0x9f
	case c >= 0xe1 && c <= 0xef:
		need = 2
	case c == 0xf0:
		need, lo = 3, 0x90
	case c == 0xf4:
		need, hi = 3, 0x8f
	case c >= 0xf1 && c <= 0xf3:
		need = 3
	default:
		return 1
	}
	i := 1
	for i <= need && i < len(b) && b[i] >= lo && b[i] <= hi {
		lo, hi = 0x80, 0xbf
		i++
	}
	return i
}
