package main

// Reading input as sacreBLEU's command line does: the line rules are
// package internal/lines', which the library's Stats.AddReaders follows
// too; this file opens the inputs and turns lines into text.

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	linerules "github.com/go-bleu/bleu/internal/lines"
)

// encoding is an input encoding this command reads.
type encoding uint8

const (
	encUTF8    encoding = iota // Python's "utf-8": a BOM is kept, as U+FEFF
	encUTF8Sig                 // Python's "utf-8-sig": a BOM at the start is dropped
)

// lookupEncoding maps an -e value to the encoding, accepting the spellings
// Python's codec registry accepts for UTF-8 (case, "-" or "_" or " ").
func lookupEncoding(name string) (encoding, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	n = strings.NewReplacer("-", "_", " ", "_").Replace(n)
	switch n {
	case "utf_8", "utf8", "u8", "utf", "cp65001", "utf8_ucs2", "utf8_ucs4":
		return encUTF8, true
	case "utf_8_sig", "utf8_sig":
		return encUTF8Sig, true
	}
	return 0, false
}

// lineReader reads the lines of one input.
type lineReader struct {
	name      string // as the user gave it, for messages
	r         *bufio.Reader
	closers   []io.Closer
	universal bool // "\r" and "\r\n" end lines too (standard input)
	replace   bool // replace invalid UTF-8 instead of failing
	// unchecked: next leaves the UTF-8 check of its lines to the caller
	// (unless replace). The library checks every text it scores; checking
	// each line here too took a tenth of the time of a run.
	unchecked bool
	sig       bool // drop a BOM before the first line
	n         int  // lines returned so far
	lines     *linerules.Reader
	// size is the size of the file read, when it is a regular file read
	// as is, else -1: a hint for the room its lines take.
	size int64
	// arena, when not nil, holds the lines next returns: they are
	// substrings of its String, one allocation for many lines (see
	// corpus.arena).
	arena *strings.Builder
	// maxLine, when not 0, is the longest line read, computed from memory
	// bytes at cost bytes a byte (see linecost.go).
	maxLine      int
	memory, cost int64
}

// inputError is bad input: exit status 1, or code.
type inputError struct {
	msg  string
	code int // the exit status when not 0
	// late: sacreBLEU meets it only once it has read every input (see
	// firstFault).
	late bool
}

func (e *inputError) Error() string { return e.msg }

func inputErrorf(format string, args ...any) error {
	return &inputError{msg: fmt.Sprintf(format, args...)}
}

// lateErrorf is an inputError that sacreBLEU meets only once it has read
// every input.
func lateErrorf(format string, args ...any) error {
	return &inputError{msg: fmt.Sprintf(format, args...), late: true}
}

// openLines opens a file for reading lines, through gzip when its name
// ends in ".gz" (as smart_open does). counter, if not nil, counts the
// bytes read from the file itself, for a progress bar. d, if not nil,
// shares the descriptors with the other inputs of the run.
func openLines(d *descriptors, name string, enc encoding, replace bool, counter *countingReader) (*lineReader, error) {
	f, err := d.openSource(name)
	if err != nil {
		return nil, describeOpenError(name, err)
	}
	lr := &lineReader{name: name, replace: replace, sig: enc == encUTF8Sig, closers: []io.Closer{f}, size: -1}
	if fi, err := os.Stat(name); err == nil && fi.Mode().IsRegular() && !strings.HasSuffix(name, ".gz") {
		lr.size = fi.Size()
	}
	var src io.Reader = f
	if counter != nil {
		counter.r = f
		src = counter
	}
	if strings.HasSuffix(name, ".gz") {
		z, err := newGzipReader(src)
		if err != nil {
			f.Close()
			return nil, inputErrorf("bleu: %s: not a gzip file: %v", name, err)
		}
		// Closed in the reverse order: the prefetch's goroutine stops
		// before z is closed.
		pf := newPrefetch(z)
		lr.closers = append(lr.closers, z, pf)
		src = pf
	}
	lr.r = bufio.NewReaderSize(src, 64<<10)
	return lr, nil
}

// gzipReader reads the members of a gzip file one after the other, as
// Python's gzip module does: zero bytes after a member are padding, and
// anything else that does not start a new member is an error (Go's
// "gzip: invalid header", where Python says "Not a gzipped file"), not the
// end of the input nor, as Go's multistream reading says of a few bytes
// of garbage, "unexpected EOF".
type gzipReader struct {
	br *bufio.Reader
	z  *gzip.Reader
}

func newGzipReader(r io.Reader) (*gzipReader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	z, err := gzip.NewReader(br)
	if err != nil {
		return nil, err
	}
	z.Multistream(false)
	return &gzipReader{br: br, z: z}, nil
}

func (g *gzipReader) Read(p []byte) (int, error) {
	for {
		n, err := g.z.Read(p)
		if err != io.EOF {
			return n, err
		}
		if err := g.nextMember(); err != nil {
			return n, err
		}
		if n > 0 {
			return n, nil
		}
	}
}

// nextMember skips the padding after a member and starts the next one; it
// returns io.EOF when there is none.
func (g *gzipReader) nextMember() error {
	for {
		c, err := g.br.ReadByte()
		if err != nil {
			return err // io.EOF: the end
		}
		if c != 0 {
			g.br.UnreadByte()
			break
		}
	}
	if magic, _ := g.br.Peek(2); len(magic) < 2 || magic[0] != 0x1f || magic[1] != 0x8b {
		return gzip.ErrHeader
	}
	if err := g.z.Reset(g.br); err != nil {
		return err
	}
	g.z.Multistream(false)
	return nil
}

func (g *gzipReader) Close() error { return g.z.Close() }

// describeOpenError words a failure to open a file.
func describeOpenError(name string, err error) error {
	switch {
	case errors.Is(err, os.ErrNotExist):
		return inputErrorf("bleu: %s: no such file", name)
	case errors.Is(err, os.ErrPermission):
		return inputErrorf("bleu: %s: permission denied", name)
	case tooManyFiles(err):
		return inputErrorf("bleu: %s: too many open files: not enough file descriptors for the inputs even with regular files opened one at a time (raise the limit, ulimit -n)", name)
	}
	return inputErrorf("bleu: %v", err)
}

// newStdinLines reads standard input with universal newlines, as
// sacreBLEU does.
func newStdinLines(r io.Reader, enc encoding, replace bool) *lineReader {
	return &lineReader{name: "standard input", r: bufio.NewReaderSize(r, 64<<10), universal: true, replace: replace, sig: enc == encUTF8Sig, size: -1}
}

// Close closes the underlying file, if any.
func (lr *lineReader) Close() error {
	var first error
	for i := len(lr.closers) - 1; i >= 0; i-- {
		if err := lr.closers[i].Close(); err != nil && first == nil {
			first = err
		}
	}
	lr.closers = nil
	return first
}

// rawLine returns the next line without its end of line, valid until the
// next call; ok is false at the end of the input.
func (lr *lineReader) rawLine() (line []byte, ok bool, err error) {
	line, ok, err = lr.reader().Next()
	lr.n = lr.lines.Line()
	if err != nil {
		return nil, false, lr.readError(err)
	}
	return line, ok, nil
}

// reader returns the reader of lr's lines, made on first use.
func (lr *lineReader) reader() *linerules.Reader {
	if lr.lines == nil {
		var mode linerules.Mode
		if lr.universal {
			mode |= linerules.Universal
		}
		if lr.sig {
			mode |= linerules.DropBOM
		}
		lr.lines = linerules.NewReader(lr.r, mode)
		lr.lines.SetMaxLine(lr.maxLine)
	}
	return lr.lines
}

func (lr *lineReader) readError(err error) error {
	if long := lr.longLineError(err); long != nil {
		return long
	}
	return inputErrorf("bleu: %s: %v", lr.name, err)
}

// next returns the next line as text: without its end of line, checked
// (or, with replace, repaired) as UTF-8 unless unchecked, not stripped.
func (lr *lineReader) next() (string, bool, error) {
	b, ok, err := lr.rawLine()
	if !ok || err != nil {
		return "", ok, err
	}
	switch {
	case lr.replace:
		if !utf8.Valid(b) {
			b = linerules.ReplaceInvalid(b)
		}
	case !lr.unchecked:
		if err := utf8Error(lr.name, lr.n, b); err != nil {
			return "", false, err
		}
	}
	if lr.arena == nil {
		return string(b), true, nil
	}
	// A strings.Builder never changes the bytes it has handed out in a
	// String, even when it grows.
	off := lr.arena.Len()
	lr.arena.Write(b)
	return lr.arena.String()[off:], true, nil
}

// countRest returns the number of lines left, for an error message.
func (lr *lineReader) countRest() (int, error) {
	n, err := lr.reader().CountRest()
	if err != nil {
		return n, lr.readError(err)
	}
	return n, nil
}

// utf8Error returns the error for line n of the input called name, whose
// text is b, if b is not valid UTF-8, and nil if it is.
func utf8Error(name string, n int, b []byte) error {
	if utf8.Valid(b) {
		return nil
	}
	i := linerules.InvalidAt(b)
	return inputErrorf("bleu: %s:%d: invalid UTF-8 (byte 0x%02x at byte %d of the line); use --replace-invalid to replace invalid bytes with U+FFFD", name, n, b[i], i+1)
}

// countingReader counts the bytes read through it; n may be read while
// another goroutine reads.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}
