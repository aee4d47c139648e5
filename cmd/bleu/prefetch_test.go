package main

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"testing"
	"testing/iotest"
	"time"
)

// TestPrefetch checks that a prefetch reads what its source has, in
// order, whatever the sizes of the source's reads and of its own, and then
// the source's error.
func TestPrefetch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	data := make([]byte, 3*prefetchChunk+5)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	errBoom := errors.New("boom")
	for _, n := range []int{0, 1, prefetchChunk - 1, prefetchChunk, prefetchChunk + 1, len(data)} {
		for _, tt := range []struct {
			name    string
			src     func(io.Reader) io.Reader
			err     error // after the data
			oneByte bool  // read the prefetch one byte at a time
		}{
			{"whole reads", func(r io.Reader) io.Reader { return r }, nil, false},
			{"half reads", iotest.HalfReader, nil, false},
			{"one-byte reads of the prefetch", func(r io.Reader) io.Reader { return r }, nil, true},
			{"an error after the data", func(r io.Reader) io.Reader { return io.MultiReader(r, iotest.ErrReader(errBoom)) }, errBoom, false},
			// What a gzip file cut short gives: not to be taken for an end.
			{"io.ErrUnexpectedEOF after the data", func(r io.Reader) io.Reader {
				return io.MultiReader(r, iotest.ErrReader(io.ErrUnexpectedEOF))
			}, io.ErrUnexpectedEOF, false},
			{"the data with the error", iotest.DataErrReader, nil, false},
		} {
			if tt.oneByte && n > 2*prefetchChunk {
				continue // slow under the race detector, and nothing new
			}
			p := newPrefetch(tt.src(bytes.NewReader(data[:n])))
			var r io.Reader = p
			if tt.oneByte {
				r = iotest.OneByteReader(p)
			}
			got, err := io.ReadAll(r)
			if !errors.Is(err, tt.err) {
				t.Errorf("%d bytes, %s: error %v, want %v", n, tt.name, err, tt.err)
			}
			if !bytes.Equal(got, data[:n]) {
				t.Errorf("%d bytes, %s: read %d bytes, not the source's %d", n, tt.name, len(got), n)
			}
			// The error stays.
			if k, err := p.Read(make([]byte, 8)); k != 0 || !errors.Is(err, cmpErr(tt.err)) {
				t.Errorf("%d bytes, %s: Read after the end gave %d, %v", n, tt.name, k, err)
			}
			// The goroutine has ended by itself.
			select {
			case <-p.done:
			case <-time.After(10 * time.Second):
				t.Fatalf("%d bytes, %s: the goroutine goes on after the end", n, tt.name)
			}
			p.Close()
		}
	}
}

// cmpErr is the error a reader gives at its end: err, or io.EOF.
func cmpErr(err error) error {
	if err == nil {
		return io.EOF
	}
	return err
}

// endless is a reader that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) { return len(p), nil }

// TestPrefetchClose checks that Close stops a reading that would not end
// by itself, before and after some of it is read, and can be repeated.
func TestPrefetchClose(t *testing.T) {
	for _, read := range []int{0, 1, 10 * prefetchChunk} {
		p := newPrefetch(endless{})
		if _, err := io.CopyN(io.Discard, p, int64(read)); err != nil {
			t.Fatal(err)
		}
		p.Close()
		select {
		case <-p.done:
		default:
			t.Errorf("after reading %d bytes: Close returned before the goroutine", read)
		}
		p.Close()
	}
}
