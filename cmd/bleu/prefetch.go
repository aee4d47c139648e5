package main

import "io"

// Decompressing gzip input takes longer than scoring it (Go's
// compress/gzip gives 100–300 MB/s), and the reading goroutine reads every
// input in turn: with two .gz files it decompressed both, one after the
// other, while the scoring waited. A prefetch decompresses each .gz input
// on a goroutine of its own, a few chunks ahead, on the cores the scoring
// leaves.

const (
	prefetchChunk = 256 << 10 // bytes read at a time
	prefetchAhead = 4         // chunks read ahead, at most
)

// prefetch reads r on a goroutine of its own, ahead of its Read calls. It
// is an io.ReadCloser for one goroutine; Close stops the reading and
// waits for it to end, after which r may be closed.
type prefetch struct {
	chunks chan prefetched
	free   chan []byte // buffers given back by Read
	stop   chan struct{}
	done   chan struct{}
	cur    []byte // the part of the current chunk not yet read
	buf    []byte // the current chunk's buffer
	err    error  // the error that ended the reading, once reached
	closed bool
}

// prefetched is a chunk of r and the error its reading ended with.
type prefetched struct {
	b   []byte
	err error
}

func newPrefetch(r io.Reader) *prefetch {
	p := &prefetch{
		chunks: make(chan prefetched, prefetchAhead),
		free:   make(chan []byte, prefetchAhead+2),
		stop:   make(chan struct{}),
		done:   make(chan struct{}),
	}
	go p.run(r)
	return p
}

func (p *prefetch) run(r io.Reader) {
	defer close(p.done)
	for {
		var buf []byte
		select {
		case buf = <-p.free:
		default:
			buf = make([]byte, prefetchChunk)
		}
		// Fill the chunk, keeping r's own error: not io.ReadFull, which
		// would make a short last chunk's io.EOF io.ErrUnexpectedEOF, and
		// a gzip file cut short gives that error itself.
		buf = buf[:cap(buf)]
		n := 0
		var err error
		for n < len(buf) && err == nil {
			var k int
			k, err = r.Read(buf[n:])
			n += k
		}
		select {
		case p.chunks <- prefetched{buf[:n], err}:
		case <-p.stop:
			return
		}
		if err != nil {
			return
		}
	}
}

// Read reads what the goroutine has read, in order, and then its error.
func (p *prefetch) Read(b []byte) (int, error) {
	for len(p.cur) == 0 {
		if p.err != nil {
			return 0, p.err
		}
		if p.buf != nil {
			select {
			case p.free <- p.buf:
			default:
			}
			p.buf = nil
		}
		c := <-p.chunks
		p.buf, p.cur, p.err = c.b, c.b, c.err
	}
	n := copy(b, p.cur)
	p.cur = p.cur[n:]
	return n, nil
}

// Close stops the reading and waits for the goroutine to return, which
// takes at most the reading of one chunk. It may be called more than
// once.
func (p *prefetch) Close() error {
	if !p.closed {
		p.closed = true
		close(p.stop)
	}
	<-p.done
	return nil
}
