package main

import (
	"errors"
	"os"
)

// A parked input (see descriptors.go) is opened again by name for every
// read, so the name must still lead to the file first read: were it
// replaced (renamed over, deleted and recreated), truncated, extended or
// rewritten in the meantime, the reads would stitch one corpus from two
// files. Every reopening therefore compares the file it finds with the
// one parked: the same device and inode (os.SameFile), the same size and
// the same modification time. The check costs one fstat per read (64 KiB).

// errReplaced is the error of a parked input whose file changed; the
// reader's error names the file.
var errReplaced = errors.New("the file was replaced or changed while it was being read " +
	"(it is opened again for each read, for want of file descriptors)")

// reopen opens s's file again and checks that it is the file parked.
func (s *fileSource) reopen() (*os.File, error) {
	f, err := os.Open(s.name)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, errReplaced
		}
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !os.SameFile(s.id, fi) || fi.Size() != s.id.Size() || !fi.ModTime().Equal(s.id.ModTime()) {
		f.Close()
		return nil, errReplaced
	}
	return f, nil
}
