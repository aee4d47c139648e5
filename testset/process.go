package testset

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/cache"
	"github.com/go-bleu/bleu/internal/py"
)

// fieldNames is sacreBLEU's Dataset.fieldnames for the pair p of s, which
// is not [WMTXML] (whose fields are those of its file, see readWMT).
func fieldNames(s *Set, p *Pair) ([]string, error) {
	switch s.Format {
	case PlainText, TSV:
		return []string{"src", "ref"}, nil
	case WMTXML:
		panic("testset: fieldNames of a WMTXML set")
	}
	// FakeSGML, WMTAddition, IWSLTXML
	if len(p.Files) < 2 {
		return nil, fmt.Errorf("testset: each language pair in %s must have at least 2 fields", s.Name)
	}
	names := []string{"src"}
	if len(p.Files) == 2 {
		names = append(names, "ref")
	} else {
		for i := range p.Files[1:] {
			names = append(names, fmt.Sprintf("ref:%d", i))
		}
	}
	if !strings.HasPrefix(s.Name, "wmt08") {
		names = append(names, "docid", "genre", "origlang")
	}
	return names, nil
}

// process is sacreBLEU's process_to_text for one language pair of a set
// that is not [WMTXML]: it downloads what is missing and writes the
// processed fields.
func (c *Cache) process(ctx context.Context, s *Set, p *Pair) error {
	if err := c.download(ctx, s); err != nil {
		return err
	}
	names, err := fieldNames(s, p)
	if err != nil {
		return err
	}
	for i, name := range names {
		if err := ctx.Err(); err != nil {
			return err
		}
		var rel string
		switch {
		case i < len(p.Files):
			rel = p.Files[i]
		case s.Format == PlainText || s.Format == TSV:
			continue // sacreBLEU zips the two fields with the files
		default:
			rel = p.Files[0] // the document attributes come from the source
		}
		out := c.fieldPath(s, p.Name, name)
		var err error
		switch s.Format {
		case PlainText:
			err = c.convert(s, out, c.rawFile(s, rel), plainLine)
		case TSV:
			err = c.convertTSV(s, out, rel, name)
		default:
			in := c.rawFile(s, rel)
			switch {
			case name != "src" && !strings.HasPrefix(name, "ref"):
				err = c.convertMeta(s, out, in, name)
			case s.Format == WMTAddition && !strings.HasSuffix(in, ".sgm"):
				err = c.convert(s, out, in, plainLine)
			default:
				err = c.convert(s, out, in, sgmlLine)
			}
		}
		if err != nil {
			return c.damaged(s, err)
		}
	}
	return nil
}

// damaged adds to an error reading s's raw files the way out: the files
// are not what the catalogue says, and downloading them again may help.
func (c *Cache) damaged(s *Set, err error) error {
	return fmt.Errorf("%w (if the cache is damaged, delete %s and run again)", err, c.outDir(s))
}

// plainLine is PlainTextDataset's conversion: the line without trailing
// white space.
func plainLine(line string) (string, bool) { return py.RStrip(line), true }

// segRE is FakeSGMLDataset._convert_format's pattern; Go's leftmost-first
// matching gives the same match as Python's backtracking for it.
var segRE = regexp.MustCompile(`<seg.*?>(.*)</seg>.*?`)

// sgmlLine is FakeSGMLDataset._convert_format: a "<seg " line's text
// between its tags, cleaned; other lines are dropped.
func sgmlLine(line string) (string, bool) {
	if !strings.HasPrefix(line, "<seg ") {
		return "", false
	}
	return clean(segRE.ReplaceAllString(line, "${1}")), true
}

// clean is sacreBLEU's Dataset._clean: white space stripped at both ends
// and each run of it inside made one space (Python's \s and str.strip
// agree on what white space is).
func clean(s string) string {
	return strings.Join(py.AppendFields(nil, s), " ")
}

// convert writes to out the lines of the raw file in that conv keeps.
func (c *Cache) convert(s *Set, out, in string, conv func(string) (string, bool)) error {
	return c.writeField(s, out, func(w *bufio.Writer) error {
		return eachLine(in, func(line string) error {
			if t, ok := conv(line); ok {
				w.WriteString(t)
				w.WriteByte('\n')
			}
			return nil
		})
	})
}

// convertMeta is FakeSGMLDataset._convert_meta: for each "<seg " line, the
// value of the attribute field of the last "<doc " line that had it.
func (c *Cache) convertMeta(s *Set, out, in, field string) error {
	re, err := regexp.Compile(regexp.QuoteMeta(field) + `="(.*?)"`)
	if err != nil {
		return fmt.Errorf("testset: %s: field %q: %w", s.Name, field, err)
	}
	return c.writeField(s, out, func(w *bufio.Writer) error {
		value := ""
		return eachLine(in, func(line string) error {
			if strings.HasPrefix(line, "<doc ") {
				if m := re.FindStringSubmatch(line); m != nil {
					value = m[1]
				}
			} else if strings.HasPrefix(line, "<seg ") {
				w.WriteString(value)
				w.WriteByte('\n')
			}
			return nil
		})
	})
}

// convertTSV is TSVDataset.process_to_text for one field: the column the
// file spec names ("N:file", or "file" for column 0 of the source and 1
// of the reference), unchanged.
func (c *Cache) convertTSV(s *Set, out, spec, field string) error {
	index, rel := 1, spec
	if field == "src" {
		index = 0
	}
	if parts := strings.Split(spec, ":"); len(parts) == 2 {
		neg, mag, err := py.ParseInt(parts[0])
		if err != nil || !mag.IsInt64() || mag.Int64() > 1<<20 {
			return fmt.Errorf("testset: invalid meta for TSVDataset: %s", spec)
		}
		index, rel = int(mag.Int64()), parts[1]
		if neg {
			index = -index
		}
	}
	in := c.rawFile(s, rel)
	return c.writeField(s, out, func(w *bufio.Writer) error {
		n := 0
		return eachLine(in, func(line string) error {
			n++
			cols := strings.Split(strings.TrimRight(line, "\n"), "\t")
			i := index
			if i < 0 {
				i += len(cols) // Python's negative index
			}
			if i < 0 || i >= len(cols) {
				return fmt.Errorf("testset: %s line %d has no column %d", in, n, index)
			}
			w.WriteString(cols[i])
			w.WriteByte('\n')
			return nil
		})
	})
}

// eachLine calls f with each line of the file at path, decompressed when
// its name ends in ".gz", as sacreBLEU's smart_open reads it: lines end
// after each '\n' (which the line keeps; the last may lack it), and the
// text must be UTF-8.
func eachLine(path string, f func(line string) error) error {
	file, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("testset: %w", err)
	}
	defer file.Close()
	var r io.Reader = file
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(file)
		if err != nil {
			return fmt.Errorf("testset: %s: %w", path, err)
		}
		defer zr.Close()
		r = zr
	}
	br := bufio.NewReaderSize(r, 64<<10)
	for n := 1; ; n++ {
		line, err := br.ReadString('\n')
		if line != "" {
			if !utf8.ValidString(line) {
				return fmt.Errorf("testset: %s line %d is not valid UTF-8", path, n)
			}
			if err := f(line); err != nil {
				return err
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("testset: %s: %w", path, err)
		}
	}
}

// writeField writes a processed file through a temporary file renamed to
// out when fill succeeded, so that a processed file is always complete.
func (c *Cache) writeField(s *Set, out string, fill func(*bufio.Writer) error) error {
	dir := filepath.Dir(out)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return fmt.Errorf("testset: %w", err)
	}
	tmp, err := cache.CreateTemp(out)
	if err != nil {
		return fmt.Errorf("testset: cannot write the fields of %s: %w", s.Name, err)
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
	w := bufio.NewWriterSize(tmp, 64<<10)
	err = fill(w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), out)
	}
	if err != nil {
		if !strings.HasPrefix(err.Error(), "testset: ") {
			err = fmt.Errorf("testset: cannot write %s: %w", out, err)
		}
		return err
	}
	return nil
}
