package main

// A progress bar on standard error, for inputs long enough to wait for,
// when standard error is a terminal (and not with -q). It is drawn on one
// line with "\r" and erased when the work is done, so nothing of it stays
// in the terminal's scrollback and nothing reaches a file or a pipe.

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

const (
	progressDelay    = time.Second            // show nothing for inputs faster than this
	progressInterval = 200 * time.Millisecond // redraw at most this often
	progressBarWidth = 30
)

// progress tracks how far through its main input a run is.
type progress struct {
	w       io.Writer
	name    string
	total   int64           // bytes in the input, or 0 when unknown (standard input)
	read    *countingReader // bytes read so far
	now     func() time.Time
	start   time.Time
	last    time.Time
	lines   int
	looked  int // lines when the clock was last looked at
	drawn   int // width of what is on the terminal's line now
	enabled bool
}

// newProgress returns a progress bar for an input of total bytes (0 when
// unknown) read through read, drawn on w when enabled.
func newProgress(w io.Writer, enabled bool, name string, total int64, read *countingReader, now func() time.Time) *progress {
	p := &progress{w: w, name: name, total: total, read: read, now: now, enabled: enabled && read != nil}
	if p.enabled {
		p.start = now()
	}
	return p
}

// add records n more lines done and redraws the bar when it is due,
// looking at the clock once in 256 lines at most.
func (p *progress) add(n int) {
	p.lines += n
	if !p.enabled || p.lines-p.looked < 256 {
		return
	}
	p.looked = p.lines
	t := p.now()
	if t.Sub(p.start) < progressDelay || t.Sub(p.last) < progressInterval {
		return
	}
	p.last = t
	p.draw()
}

func (p *progress) draw() {
	var s string
	if p.total > 0 {
		frac := min(1, float64(p.read.n.Load())/float64(p.total))
		full := int(frac * progressBarWidth)
		s = fmt.Sprintf("bleu: %s [%s%s] %3.0f%% %d lines", p.name,
			strings.Repeat("#", full), strings.Repeat(".", progressBarWidth-full), 100*frac, p.lines)
	} else {
		s = fmt.Sprintf("bleu: %s: %d lines, %.1f MB", p.name, p.lines, float64(p.read.n.Load())/1e6)
	}
	redraw(p.w, s, &p.drawn)
}

// done erases the bar, if it was drawn.
func (p *progress) done() { erase(p.w, &p.drawn) }

// redraw draws s over the line's *drawn columns and records its width.
func redraw(w io.Writer, s string, drawn *int) {
	fmt.Fprintf(w, "\r%-*s", *drawn, s)
	*drawn = max(*drawn, width(s))
}

// erase blanks the line's *drawn columns, if any.
func erase(w io.Writer, drawn *int) {
	if *drawn > 0 {
		fmt.Fprintf(w, "\r%s\r", strings.Repeat(" ", *drawn))
		*drawn = 0
	}
}

// countBar is a progress bar of units done out of a known total (the
// resamples or trials of a significance test), drawn and erased like
// progress. Its update method is a [bleu.SignificanceOptions] Progress
// callback: the library never calls it concurrently.
type countBar struct {
	w       io.Writer
	label   string
	now     func() time.Time
	start   time.Time
	last    time.Time
	drawn   int
	enabled bool
}

// newCountBar returns a bar labelled label ("paired bootstrap
// resampling"), drawn on w when enabled.
func newCountBar(w io.Writer, enabled bool, label string, now func() time.Time) *countBar {
	b := &countBar{w: w, label: label, now: now, enabled: enabled}
	if enabled {
		b.start = now()
	}
	return b
}

// update records done units of total and redraws the bar when it is due.
func (b *countBar) update(done, total int) {
	if !b.enabled || total <= 0 {
		return
	}
	t := b.now()
	if t.Sub(b.start) < progressDelay || t.Sub(b.last) < progressInterval {
		return
	}
	b.last = t
	frac := min(1, float64(done)/float64(total))
	full := int(frac * progressBarWidth)
	redraw(b.w, fmt.Sprintf("bleu: %s [%s%s] %3.0f%% %d/%d", b.label,
		strings.Repeat("#", full), strings.Repeat(".", progressBarWidth-full), 100*frac, done, total), &b.drawn)
}

// done erases the bar, if it was drawn.
func (b *countBar) done() { erase(b.w, &b.drawn) }

// isTerminal reports whether w is a terminal (a character device), without
// depending on a terminal package.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
