package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	bleubeam "github.com/go-bleu/bleu/beam"
)

func init() {
	register.DoFn1x1[bleubeam.Score, line](&bleuLineFn{})
	register.DoFn1x1[bleubeam.ChrFScore, line](&chrfLineFn{})
	register.DoFn1x1[bleubeam.TERScore, line](&terLineFn{})
	register.DoFn3x1[context.Context, int, func(*line) bool, error](&printFn{})
	register.Iter1[line]()
}

// line is one metric's score as bleu -f text formats it.
type line struct {
	Index    int    // the metric's place in the output
	Text     string // the formatted score
	Segments int64  // the number of segments scored
}

// format is how the scores are formatted: bleu's -w, -b and -sh.
type format struct {
	Index     int  `json:"index"`
	Width     int  `json:"width"`
	ScoreOnly bool `json:"score_only"`
	Short     bool `json:"short"`
}

// bleuLineFn formats a BLEU score.
type bleuLineFn struct {
	Format format `json:"format"`
}

func (f *bleuLineFn) ProcessElement(sc bleubeam.Score) line {
	text := strconv.FormatFloat(sc.Percent, 'f', f.Format.Width, 64)
	if !f.Format.ScoreOnly {
		if f.Format.Short {
			sc.Signature = sc.ShortSignature
		}
		text = sc.Text(f.Format.Width)
	}
	return line{Index: f.Format.Index, Text: text, Segments: sc.Segments}
}

// chrfLineFn formats a chrF score.
type chrfLineFn struct {
	Format format `json:"format"`
}

func (f *chrfLineFn) ProcessElement(sc bleubeam.ChrFScore) line {
	text := strconv.FormatFloat(sc.Percent, 'f', f.Format.Width, 64)
	if !f.Format.ScoreOnly {
		if f.Format.Short {
			sc.Signature = sc.ShortSignature
		}
		text = sc.Text(f.Format.Width)
	}
	return line{Index: f.Format.Index, Text: text, Segments: sc.Segments}
}

// terLineFn formats a TER score.
type terLineFn struct {
	Format format `json:"format"`
}

func (f *terLineFn) ProcessElement(sc bleubeam.TERScore) line {
	text := strconv.FormatFloat(sc.Percent, 'f', f.Format.Width, 64)
	if !f.Format.ScoreOnly {
		if f.Format.Short {
			sc.Signature = sc.ShortSignature
		}
		text = sc.Text(f.Format.Width)
	}
	return line{Index: f.Format.Index, Text: text, Segments: sc.Segments}
}

// scoreLines scores segs with every metric of a and returns their
// formatted lines gathered under one key, for printFn.
func scoreLines(s beam.Scope, a args, segs beam.PCollection) (beam.PCollection, error) {
	var lines []beam.PCollection
	for k, m := range a.metrics {
		f := format{Index: k, Width: a.width, ScoreOnly: a.scoreOnly, Short: a.short}
		var (
			scored beam.PCollection
			fn     any
			err    error
		)
		switch m {
		case "bleu":
			scored, err = bleubeam.TryCorpus(s, a.opts, segs)
			fn = &bleuLineFn{Format: f}
		case "chrf":
			scored, err = bleubeam.TryChrFCorpus(s, a.chrf, segs)
			fn = &chrfLineFn{Format: f}
		case "ter":
			scored, err = bleubeam.TryTERCorpus(s, a.ter, segs)
			fn = &terLineFn{Format: f}
		default:
			panic("bleu-beam: no metric " + m) // parse lets no other through
		}
		if err != nil {
			return beam.PCollection{}, err
		}
		lines = append(lines, beam.ParDo(s, fn, scored))
	}
	return beam.GroupByKey(s, beam.AddFixedKey(s, beam.Flatten(s, lines...))), nil
}

// printFn writes the lines of the scores as bleu -f text does, to
// standard output when Path is empty and otherwise to the file Path. On a
// distributed runner standard output is the worker's, so give -o a path on
// a shared file system (such as gs://…) to collect the output there.
type printFn struct {
	Hyp  string `json:"hyp"`
	Path string `json:"path"`
}

func (f *printFn) ProcessElement(ctx context.Context, _ int, iter func(*line) bool) error {
	var lines []line
	var l line
	for iter(&l) {
		lines = append(lines, l)
	}
	slices.SortFunc(lines, func(a, b line) int { return a.Index - b.Index })
	texts := make([]string, len(lines))
	for i, l := range lines {
		if l.Segments == 0 {
			return fmt.Errorf("bleubeam: %s is empty: there are no hypotheses to score", f.Hyp)
		}
		texts[i] = l.Text
	}
	out := aligned(texts)
	if f.Path == "" {
		_, err := io.WriteString(os.Stdout, out)
		return err
	}
	fs, err := filesystem.New(ctx, f.Path)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, f.Path)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(w, out); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// aligned is sacreBLEU's print_single_results for text, as bleu prints
// it: one line alone as it is; several aligned at their "=", each line
// without one printed as it is, before the others. sacreBLEU pairs the
// lengths with the lines from the first line on, whichever lines the
// lengths came from; the lines are ASCII up to their "=".
func aligned(lines []string) string {
	if len(lines) == 1 {
		return lines[0] + "\n"
	}
	var b strings.Builder
	var lens []int
	for _, l := range lines {
		if i := strings.Index(l, "="); i >= 0 {
			lens = append(lens, i-1)
		} else {
			b.WriteString(l + "\n")
		}
	}
	if len(lens) == 0 {
		return b.String()
	}
	width := slices.Max(lens)
	for k, n := range lens {
		l := lines[k]
		n = min(n, len(l))
		b.WriteString(strings.Repeat(" ", max(0, width-n)) + l + "\n")
	}
	return b.String()
}
