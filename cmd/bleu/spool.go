package main

import (
	"io"
	"os"
)

// spoolMemory is how much output a spool keeps in memory before it moves
// to a temporary file, unless its limit says otherwise.
const spoolMemory = 8 << 20

// spoolChunk is how much a spool gathers before writing to its file.
const spoolChunk = 64 << 10

// spool holds output that must not be printed before the input has been
// read to its end (sentence-level scores: bad input prints nothing but
// the error, as in sacreBLEU): in memory up to spoolMemory bytes, then in
// a temporary file, so that memory stays bounded however long the input.
//
// Should no temporary file be possible, or writing it fail (a full or
// size-limited TMPDIR), what it holds is read back and the spool goes on
// in memory, as sacreBLEU keeps all its output: a run fails only if that
// reading back fails. The zero spool is empty; close removes its file.
type spool struct {
	limit   int    // spoolMemory when 0
	mem     []byte // the output, while it is in memory
	file    *os.File
	pending []byte // what the file has yet to get: at most spoolChunk
	written int64  // bytes written to the file
	removed bool   // the file's name is already gone
	noFile  bool   // memory it is, from now on
	err     error  // reading the file back failed: the run fails
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
	sp.pending = append(sp.pending, s...)
	sp.pending = append(sp.pending, '\n')
	if len(sp.pending) >= spoolChunk {
		sp.flush()
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
	sp.file = f
	sp.pending, sp.mem = sp.mem, nil
	sp.flush()
}

// flush writes what is pending to the file. When that fails, the spool
// goes back to memory for good.
func (sp *spool) flush() {
	n, err := sp.file.Write(sp.pending)
	sp.written += int64(n)
	if err == nil {
		sp.pending = sp.pending[:0]
		return
	}
	sp.pending = sp.pending[n:]
	sp.toMemory()
}

// toMemory reads the file back into memory, followed by what was still
// pending, and removes the file.
func (sp *spool) toMemory() {
	mem := make([]byte, sp.written, sp.written+int64(len(sp.pending))+spoolChunk)
	if _, err := sp.file.ReadAt(mem, 0); err != nil {
		sp.err = err
	}
	sp.mem = append(mem, sp.pending...)
	sp.pending = nil
	sp.noFile = true
	sp.closeFile()
}

// writeTo writes everything added to w.
func (sp *spool) writeTo(w io.Writer) error {
	if sp.file != nil {
		sp.flush()
	}
	if sp.err != nil {
		return inputErrorf("bleu: the temporary file of the scores: %v", sp.err)
	}
	if sp.file == nil {
		if _, err := w.Write(sp.mem); err != nil {
			return writeError(err)
		}
		return nil
	}
	buf := make([]byte, spoolChunk)
	for off := int64(0); off < sp.written; {
		n, err := sp.file.ReadAt(buf[:min(int64(len(buf)), sp.written-off)], off)
		if _, werr := w.Write(buf[:n]); werr != nil {
			return writeError(werr)
		}
		off += int64(n)
		if err != nil && off < sp.written {
			return inputErrorf("bleu: the temporary file of the scores: %v", err)
		}
	}
	return nil
}

// closeFile closes and removes the temporary file, if any.
func (sp *spool) closeFile() {
	if sp.file != nil {
		sp.file.Close()
		if !sp.removed {
			os.Remove(sp.file.Name())
		}
		sp.file = nil
	}
}

// close removes the temporary file, if any, and lets go of the memory.
func (sp *spool) close() {
	sp.closeFile()
	sp.mem, sp.pending = nil, nil
}
