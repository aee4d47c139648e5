package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
)

// spoolMemory is how much output a spool keeps in memory before it moves
// to a temporary file, unless its limit says otherwise.
const spoolMemory = 8 << 20

// spool holds output that must not be printed before the input has been
// read to its end (sentence-level scores: bad input prints nothing but
// the error, as in sacreBLEU): in memory up to spoolMemory bytes, then in
// a temporary file, so that memory stays bounded however long the input.
// Should no temporary file be possible, it stays in memory. The zero
// spool is empty; close removes its file.
type spool struct {
	limit   int // spoolMemory when 0
	mem     []byte
	file    *os.File
	w       *bufio.Writer
	removed bool  // the file's name is already gone
	noFile  bool  // no temporary file could be made: memory it is
	err     error // the first error writing the file
}

// writeLine adds s and a newline.
func (sp *spool) writeLine(s string) {
	limit := sp.limit
	if limit == 0 {
		limit = spoolMemory
	}
	if sp.file == nil && !sp.noFile && len(sp.mem) > 0 && len(sp.mem)+len(s) >= limit {
		sp.spill()
	}
	if sp.file == nil {
		sp.mem = append(sp.mem, s...)
		sp.mem = append(sp.mem, '\n')
		return
	}
	if sp.err == nil {
		sp.w.WriteString(s)
		sp.err = sp.w.WriteByte('\n')
	}
}

// spill moves what is in memory to a new temporary file, if one can be
// created; if not, it is not tried again.
func (sp *spool) spill() {
	f, err := os.CreateTemp("", "bleu-*.out")
	if err != nil {
		sp.noFile = true
		return
	}
	// Unlinked at once where the system allows it (not on Windows), so
	// that the file goes away with the process however that ends.
	sp.removed = os.Remove(f.Name()) == nil
	sp.file, sp.w = f, bufio.NewWriterSize(f, 64<<10)
	_, sp.err = sp.w.Write(sp.mem)
	sp.mem = nil
}

// writeTo writes everything added to w.
func (sp *spool) writeTo(w io.Writer) error {
	if sp.file == nil {
		_, err := w.Write(sp.mem)
		return err
	}
	if sp.err == nil {
		sp.err = sp.w.Flush()
	}
	if sp.err == nil {
		_, sp.err = sp.file.Seek(0, io.SeekStart)
	}
	buf := make([]byte, 64<<10)
	for sp.err == nil {
		n, err := sp.file.Read(buf)
		if _, werr := w.Write(buf[:n]); werr != nil {
			return werr
		}
		if err == io.EOF {
			return nil
		}
		sp.err = err
	}
	return fmt.Errorf("bleu: the temporary file of the scores: %w", sp.err)
}

// close removes the temporary file, if any.
func (sp *spool) close() {
	if sp.file != nil {
		sp.file.Close()
		if !sp.removed {
			os.Remove(sp.file.Name())
		}
		sp.file = nil
	}
	sp.mem = nil
}
