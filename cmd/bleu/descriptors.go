package main

// Inputs beyond the limit of open files. The corpus is read in lockstep,
// every file at once, but a process may hold only so many files open
// (ulimit -n; sacreBLEU reads one file at a time and so never meets it).
// When opening an input fails for want of a descriptor, an input already
// open is parked: its descriptor is closed, and each of its reads opens
// the file again, reads at its offset and closes it. One descriptor kept
// free serves every parked input in turn, so any number of regular files
// can be read with a handful of descriptors, at the cost of three system
// calls more per 64 KiB read. Only regular files are parked (a pipe
// cannot be opened again): a run fails, saying why, only when no input
// can be parked to make room.

import (
	"errors"
	"io"
	"os"
	"sync"
	"syscall"
)

// fileSource is the bytes of one input file, read through its open
// descriptor or, once parked, by opening the file for each read. It may
// be parked while another goroutine reads it (a .gz input's prefetch).
type fileSource struct {
	name string
	mu   sync.Mutex
	f    *os.File // nil once parked
	off  int64    // bytes read so far
	// spare, once parked, is held for each read: the parked inputs share
	// one free descriptor.
	spare *sync.Mutex
	// id is the file as it was when parked, which every reopening must
	// find again (see reopen); err, once set, is returned by every read.
	id  os.FileInfo
	err error
}

func (s *fileSource) Read(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f != nil {
		n, err := s.f.Read(p)
		s.off += int64(n)
		return n, err
	}
	if s.spare == nil {
		return 0, os.ErrClosed
	}
	if s.err != nil {
		return 0, s.err
	}
	s.spare.Lock()
	defer s.spare.Unlock()
	f, err := s.reopen()
	if err != nil {
		s.err = err
		return 0, err
	}
	n, err := f.ReadAt(p, s.off)
	f.Close()
	s.off += int64(n)
	if err == io.EOF && n > 0 {
		err = nil // the next read says it
	}
	return n, err
}

// park closes the descriptor of a regular file, after which each read
// opens the file again under spare; it reports whether it did.
func (s *fileSource) park(spare *sync.Mutex) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f == nil {
		return false
	}
	fi, err := s.f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	s.f.Close()
	s.f, s.spare, s.id = nil, spare, fi
	return true
}

func (s *fileSource) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f == nil {
		s.spare = nil
		return nil
	}
	err := s.f.Close()
	s.f = nil
	return err
}

// tooManyFiles reports whether err is the want of a file descriptor,
// of the process (EMFILE) or of the system (ENFILE).
func tooManyFiles(err error) bool {
	return errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE)
}

// descriptors opens the inputs of one run, parking inputs open before
// when descriptors run out. Not safe for concurrent use.
type descriptors struct {
	open   []*fileSource // the inputs opened and not parked
	spare  sync.Mutex
	short  bool // descriptors have run out: parked inputs need the spare
	parked int
}

// openSource opens name, parking earlier inputs to make room if need be.
// Once descriptors have run out, a regular file is parked as soon as it
// is open, so that one descriptor stays free for the parked ones.
func (d *descriptors) openSource(name string) (*fileSource, error) {
	if d == nil {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		return &fileSource{name: name, f: f}, nil
	}
	// The spare is held throughout, so that no parked input takes the
	// descriptor this opening needs, or frees.
	d.spare.Lock()
	defer d.spare.Unlock()
	for {
		f, err := os.Open(name)
		if err == nil {
			s := &fileSource{name: name, f: f}
			if d.short && s.park(&d.spare) {
				d.parked++
			} else {
				d.open = append(d.open, s)
			}
			return s, nil
		}
		if !tooManyFiles(err) || !d.parkOne() {
			return nil, err
		}
		d.short = true
	}
}

// parkOne parks the last input opened that can be, and reports whether
// there was one. (An input not parked is read without the spare: parking
// it under the spare cannot wait for a read that waits for the spare.)
func (d *descriptors) parkOne() bool {
	for i := len(d.open) - 1; i >= 0; i-- {
		s := d.open[i]
		d.open = append(d.open[:i], d.open[i+1:]...)
		if s.park(&d.spare) {
			d.parked++
			return true
		}
	}
	return false
}
