package bleubeam

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local files
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	register.DoFn3x1[context.Context, []byte, func(Segment), error](&readFn{})
	register.Emitter1[Segment]()
}

// ReadFiles reads a hypothesis file and its reference files line by line
// in lockstep, as the bleu command line reads them, into a PCollection of
// [Segment]: line i of hyp and line i of each of refs make segment i.
// The files are read through Beam's file systems, so "gs://…" and other
// schemes work where their packages are linked in (for example
// github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs); local
// files are always available. Names ending in ".gz" are decompressed.
//
// Lines end at "\n" alone, as sacreBLEU reads files; a "\r" before it stays
// and is removed with the other trailing whitespace when the segment is
// scored. Files of different lengths and invalid UTF-8 fail the pipeline
// with an error naming the file and line.
//
// The files are read by one worker, since a line's number is known only by
// reading what comes before it. On a distributed runner, follow ReadFiles
// with beam.Reshuffle, so that the counting, which is where the time goes,
// is shared out among the workers; in a single process (prism) the
// shuffle only costs. A corpus too large for one reader is better kept
// with its segments already paired, one record each, read in parallel and
// given to [Corpus].
func ReadFiles(s beam.Scope, hyp string, refs ...string) beam.PCollection {
	s = s.Scope("bleu.ReadFiles")
	filesystem.ValidateScheme(hyp)
	for _, r := range refs {
		filesystem.ValidateScheme(r)
	}
	return beam.ParDo(s, &readFn{Hyp: hyp, Refs: refs}, beam.Impulse(s))
}

// readFn reads the files of ReadFiles.
type readFn struct {
	Hyp  string   `json:"hyp"`
	Refs []string `json:"refs"`
}

// lineFile is one open input file.
type lineFile struct {
	name string
	r    *bufio.Reader
	line int
	done bool
}

// next returns the next line of f, without its "\n", and false at the end.
func (f *lineFile) next() (string, bool, error) {
	if f.done {
		return "", false, nil
	}
	b, err := f.r.ReadBytes('\n')
	if err == io.EOF {
		f.done = true
		if len(b) == 0 {
			return "", false, nil
		}
	} else if err != nil {
		return "", false, fmt.Errorf("bleubeam: %s: %w", f.name, err)
	}
	f.line++
	b = bytes.TrimSuffix(b, []byte{'\n'})
	if !utf8.Valid(b) {
		return "", false, fmt.Errorf("bleubeam: %s:%d: invalid UTF-8", f.name, f.line)
	}
	return string(b), true, nil
}

func (f *readFn) ProcessElement(ctx context.Context, _ []byte, emit func(Segment)) error {
	names := append([]string{f.Hyp}, f.Refs...)
	files := make([]*lineFile, len(names))
	for i, name := range names {
		rc, err := open(ctx, name)
		if err != nil {
			return err
		}
		defer rc.Close()
		files[i] = &lineFile{name: name, r: bufio.NewReaderSize(rc, 1<<16)}
	}
	for {
		h, ok, err := files[0].next()
		if err != nil {
			return err
		}
		seg := Segment{Hyp: h, Refs: make([]string, len(f.Refs))}
		for i, rf := range files[1:] {
			r, rok, err := rf.next()
			if err != nil {
				return err
			}
			if rok != ok {
				return countMismatch(files[0], rf)
			}
			seg.Refs[i] = r
		}
		if !ok {
			return nil
		}
		emit(seg)
	}
}

// countMismatch is the error for files of different lengths, counting the
// lines of the one that has more.
func countMismatch(hyp, ref *lineFile) error {
	longer := hyp
	if hyp.done {
		longer = ref
	}
	for !longer.done {
		if _, _, err := longer.next(); err != nil {
			return err
		}
	}
	return fmt.Errorf("bleubeam: %s has %s but %s has %s: hypotheses and references must have the same number of lines",
		hyp.name, lines(hyp.line), ref.name, lines(ref.line))
}

func lines(n int) string {
	if n == 1 {
		return "1 line"
	}
	return fmt.Sprint(n, " lines")
}

// open opens name through Beam's file systems, decompressing ".gz".
func open(ctx context.Context, name string) (io.ReadCloser, error) {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("bleubeam: %w", err)
	}
	rc, err := fs.OpenRead(ctx, name)
	if err != nil {
		fs.Close()
		return nil, fmt.Errorf("bleubeam: %w", err)
	}
	if !strings.HasSuffix(name, ".gz") {
		return &readCloser{rc, []io.Closer{rc, fs}}, nil
	}
	zr, err := gzip.NewReader(rc)
	if err != nil {
		rc.Close()
		fs.Close()
		return nil, fmt.Errorf("bleubeam: %s: %w", name, err)
	}
	return &readCloser{zr, []io.Closer{zr, rc, fs}}, nil
}

// readCloser reads from its Reader and closes every closer, in order.
type readCloser struct {
	io.Reader
	closers []io.Closer
}

func (c *readCloser) Close() error {
	var first error
	for _, x := range c.closers {
		if err := x.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}
