package main

// Which fault is reported when an input has several. The command reads
// its inputs in lockstep, a line of each at a time; sacreBLEU reads the
// reference file whole, then the hypotheses (standard input, or each -i
// file in turn) whole, and only then checks the number of systems, the
// lengths and the tokenizer. Its exit status depends on which fault it
// meets first: 17 for a -nr line without -nr fields and for standard input
// whose lines have different numbers of fields, 1 for the others. So when
// a run fails, the faults sacreBLEU would have met first are looked for:
// a field fault anywhere in the -nr reference file, and, when the failure
// is one sacreBLEU finds only after reading standard input, a field fault
// in the rest of standard input. Only failing runs pay for this.

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/py"
)

// fieldFaultStatus is sacreBLEU's exit status for lines with the wrong
// number of tab-separated fields.
const fieldFaultStatus = 17

// refFieldsError is the error for line n of the -nr reference file name,
// which has found fields where numRefs were expected.
func refFieldsError(name string, n, numRefs, found int) error {
	msg := fmt.Sprintf("bleu: %s:%d: expected %d tab-separated references (-nr %d), found %d", name, n, numRefs, numRefs, found)
	if numRefs < 1 {
		msg += " (-nr must be at least 1)"
	}
	return &inputError{code: fieldFaultStatus, msg: msg}
}

// stdinFieldsError is the error for line n of standard input, which has
// found fields where the first line has nsys.
func stdinFieldsError(name string, n, found, nsys int) error {
	return &inputError{code: fieldFaultStatus, msg: fmt.Sprintf("bleu: %s:%d: %d tab-separated hypotheses, but the first line has %d (each field of standard input is a system)", name, n, found, nsys)}
}

// refFields splits a stripped line of the -nr reference file into its
// numRefs references, as sacreBLEU's line.split("\t", maxsplit=numRefs-1)
// does, and reports whether there are numRefs. For numRefs < 1 (a
// maxsplit below 0: no limit) there never are.
func refFields(line string, numRefs int) ([]string, bool) {
	if numRefs < 1 {
		return strings.Split(line, "\t"), false
	}
	fields := strings.SplitN(line, "\t", numRefs)
	return fields, len(fields) == numRefs
}

// isFieldFault reports whether err is a fault of the number of fields.
func isFieldFault(err error) bool {
	var ie *inputError
	return errors.As(err, &ie) && ie.code == fieldFaultStatus
}

// afterReading reports whether err is a failure sacreBLEU meets only once
// it has read every input: files of different lengths, no hypotheses, the
// number of systems against the modes asked for, an unavailable tokenizer.
func afterReading(err error) bool {
	var ie *inputError
	if errors.As(err, &ie) {
		return ie.late
	}
	var ee *exitError
	return errors.As(err, &ee)
}

// orFieldFault returns read, the error that ended the reading of the
// batch whose systems were refused with err, when it is a field fault
// (which sacreBLEU meets first), and err otherwise.
func orFieldFault(err, read error) error {
	if isFieldFault(read) {
		return read
	}
	return err
}

// refFault returns the first fault of the -nr reference file that
// sacreBLEU would stop at (a line without -nr fields, or, unless
// --replace-invalid, invalid UTF-8), reading it again from its start, or
// nil. Without -nr, or when the file cannot be read again (not a regular
// file: a pipe already read, a terminal), it returns nil.
func refFault(o *options, enc encoding) error {
	if o.numRefs == 1 || len(o.refs) != 1 {
		return nil
	}
	if fi, err := os.Stat(o.refs[0]); err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	lr, err := openLines(nil, o.refs[0], enc, o.replaceInvalid, nil)
	if err != nil {
		return nil
	}
	defer lr.Close()
	return readRefs(lr, o.numRefs)
}

// stdinFault reads the rest of standard input, from lr, for a line whose
// number of fields differs from nsys, the first line's (when nsys is 0,
// the next line read is the first). It returns that line's error, or nil,
// and the number of lines it read. Past a line that is not valid UTF-8,
// where sacreBLEU stops, it only counts.
func stdinFault(lr *lineReader, nsys int) (fault error, lines int, err error) {
	valid := true
	for {
		b, ok, err := lr.rawLine()
		if err != nil || !ok {
			return fault, lines, err
		}
		lines++
		if fault != nil || !valid {
			continue
		}
		if !lr.replace && !utf8.Valid(b) {
			valid = false
			continue
		}
		n := strings.Count(py.RStrip(string(b)), "\t") + 1
		switch {
		case nsys == 0:
			nsys = n
		case n != nsys:
			fault = stdinFieldsError(lr.name, lr.n, n, nsys)
		}
	}
}

// firstFault returns the error sacreBLEU would have stopped at, when a run
// stops with err: a fault of the -nr reference file comes before
// anything, and one of standard input before the failures sacreBLEU meets
// only after reading it. stdinRest, if not nil, looks for the latter in
// what is left of standard input.
func firstFault(o *options, enc encoding, err error, stdinRest func() error) error {
	if err == nil {
		return nil
	}
	if f := refFault(o, enc); f != nil {
		return f
	}
	if stdinRest != nil && !isFieldFault(err) && afterReading(err) {
		if f := stdinRest(); f != nil {
			return f
		}
	}
	return err
}
