// Command bleu scores machine translation output with BLEU, chrF and TER,
// as a drop-in for sacreBLEU 2.6.0's `sacrebleu -m bleu chrf ter`: the same command
// lines, the same standard output byte for byte (except the signature's
// version field, which gives this implementation's version), the same exit
// status.
//
// Usage:
//
//	bleu REF [REF ...] -i HYP [HYP ...] [options]
//	bleu REF [REF ...] [options] < HYP
//	bleu --print-tokens [-tok NAME] [-lc] [FILE ...] [< FILE]
//	bleu REF [REF ...] -i HYP --compat TOOL [--compat-options "OPTS"]
//
// Each line of a file is a segment; line i of the hypotheses is scored
// against line i of every reference file (or against the -nr
// tab-separated references of one file). Several -i files score several
// systems and print a table. Without -i the hypotheses are read from
// standard input, one system per tab-separated field. The output is JSON
// by default; -f text prints sacreBLEU's one-line format, -b the score
// alone, -sl one score per segment, and -f html (not in sacreBLEU) a
// self-contained HTML page comparing the systems (see package report).
//
// The options are sacreBLEU's, spelt as its argparse parser accepts them:
// short and long forms, "--width=2" and "-w2", packed flags such as "-bq",
// and unambiguous prefixes of long options such as "--tok". Run bleu -h
// for the list. Beyond sacreBLEU, --print-tokens shows every line exactly
// as BLEU sees it (lowercased with -lc, tokenized, tokens joined by one
// space), and --replace-invalid replaces invalid UTF-8 with U+FFFD instead
// of stopping with an error. --compat prints what another BLEU
// implementation prints for the same files (NLTK, Hugging Face evaluate,
// multi-bleu.perl, multi-bleu-detok.perl, mteval-v13a.pl; package compat
// and compat.go here describe how).
//
// A corpus is scored in one pass over the files, in memory independent of
// their length (except for the significance tests); lines may be of any
// length. A goroutine reads ahead, a few megabytes at most, while what it
// has read is scored on every core. Sentence-level scores are printed once
// the input has been read to its end, as sacreBLEU does (bad input prints
// only the error); past 8 MB they wait in a temporary file. On a terminal,
// standard error shows a progress bar for long inputs (not with -q).
//
// Significance tests are sacreBLEU's, with its numbers for the same seed
// (SACREBLEU_SEED, default 12345), for every metric of -m alone or
// together (metricsig.go): --confidence prints a bootstrap 95%
// confidence interval of one system; --paired-bs and --paired-ar compare
// every system with the first, the baseline, and print p-values (and for
// --paired-bs bootstrap means and intervals) in a table or JSON list.
// Beyond sacreBLEU, --paired-holm adds p-values adjusted by the
// Holm–Bonferroni method for comparing several systems with one baseline.
// Only these tests keep the statistics of every segment (10 bytes each,
// up to 40 for segments of more than 255 words). They draw a progress bar
// on a terminal (not with -q); an interrupt stops them with exit status 130
// and nothing on standard output; one that cannot fit in memory is an
// error before it starts.
//
// Exit status, sacreBLEU's wherever sacreBLEU does not crash: 0 on
// success; 17 for a -nr line without -nr references (any line, with -nr 0
// or less) and for standard input whose lines have different numbers of
// fields; 1 for other bad input (missing or unreadable files, files of
// different lengths, invalid UTF-8, an unavailable tokenizer, an invalid
// SACREBLEU_SEED, output that cannot be written) and wherever sacreBLEU's
// own checks exit with 1; 2 for a command line that cannot be parsed or
// asks for something this implementation does not do, and where
// sacreBLEU fails with a Python traceback on a command line it accepts
// (such as -i with no files, except in JSON, where both print an empty
// list). When an input has several faults, the one reported is
// the one sacreBLEU meets first, although the inputs are read line by line
// in lockstep: sacreBLEU reads the references, then the hypotheses, each
// whole. Inputs beyond the limit of open files (ulimit -n) are opened
// again for each read, in turn, and each reopening checks that the file is
// the one first read (a file replaced or changed mid-run is an error).
//
// An option that modifies another (-cin, -pbsn, -parn, -j, -sv, the chrF
// and TER options, -w and -d) given without it is not silently ignored:
// the output stays sacreBLEU's (which ignores it) and standard error says
// so, except that -f html, which computes intervals and a paired bootstrap
// test anyway, takes -cin and -pbsn as their sizes, and that -parn with -f
// html (without --paired-ar) and --compat-options without --compat are
// refused (exit 2). Every number that sets a size is bounded before
// anything is allocated (bounds.go); with -s floor and -sv above 1,
// scores may exceed 100, as sacreBLEU's do.
package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/spm"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command with the given arguments (without the program
// name) and returns its exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := &cli{
		stdin:     stdin,
		stdout:    stdout,
		stderr:    stderr,
		lookupEnv: os.LookupEnv,
		terminal:  isTerminal(stderr),
		now:       time.Now,
	}
	return c.main(args)
}

// cli is one run of the command and everything it touches outside itself.
type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	lookupEnv      func(string) (string, bool) // os.LookupEnv
	terminal       bool                        // stderr is a terminal: draw a progress bar
	now            func() time.Time
	ctx            context.Context // the significance tests' parent context; nil is Background
	sets           *testSets       // the test sets and their cache; nil: sacreBLEU's, in $SACREBLEU
	// models downloads the SentencePiece tokenizers' models (its Client,
	// MapURL and Stall; Dir is always $SACREBLEU's); nil: from sacreBLEU's
	// URLs with http.DefaultClient.
	models *spm.Cache

	out *bufio.Writer
}

// exitError ends the run with a message on standard error and an exit
// status.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// usageErrorf is a command-line error (exit status 2).
func usageErrorf(format string, args ...any) error {
	return &exitError{code: 2, msg: "bleu: " + fmt.Sprintf(format, args...)}
}

// unsupportedf is a request for a sacreBLEU feature this implementation
// does not have (exit status 2).
func unsupportedf(format string, args ...any) error {
	return &exitError{code: 2, msg: "bleu: " + fmt.Sprintf(format, args...)}
}

const usageLine = "usage: bleu [-h] [options] REF [REF ...] [-i HYP [HYP ...]]    (bleu -h for help)"

func (c *cli) main(args []string) int {
	o, outcome, err := parseArgs(args)
	if err != nil {
		fmt.Fprintf(c.stderr, "bleu: %v\n%s\n", err, usageLine)
		return 2
	}
	switch outcome {
	case outcomeHelp:
		return c.finish(writeString(c.stdout, helpText))
	case outcomeVersion:
		return c.finish(writeString(c.stdout, "bleu "+bleu.Version+"\n"))
	}
	// sacreBLEU lets SACREBLEU_FORMAT override -f.
	v, _ := c.lookupEnv("SACREBLEU_FORMAT")
	switch f := strings.ToLower(v); f {
	case "json", "text", "latex":
		o.format = f
	}
	o.sacrebleuDir = c.sacrebleuDir()
	c.out = bufio.NewWriterSize(c.stdout, 64<<10)
	err = c.execute(o)
	if ferr := c.out.Flush(); err == nil && ferr != nil {
		err = writeError(ferr)
	}
	return c.finish(err)
}

// writeString writes s to w, returning the error of a failed or short
// write as the error to report.
func writeString(w io.Writer, s string) error {
	if _, err := io.WriteString(w, s); err != nil {
		return writeError(err)
	}
	return nil
}

// writeError is the error for output that could not be written: standard
// output is checked on every path (help and version included), and a
// failure is exit status 1, as in sacreBLEU. Standard error is not:
// a message that cannot be written has nowhere else to go.
func writeError(err error) error {
	return inputErrorf("bleu: writing the output: %v", err)
}

// finish prints err, if not nil, and returns the exit status for it.
func (c *cli) finish(err error) int {
	if err == nil {
		return 0
	}
	var ee *exitError
	var ie *inputError
	switch {
	case errors.As(err, &ee):
		fmt.Fprintln(c.stderr, ee.msg)
		if ee.code == 2 {
			fmt.Fprintln(c.stderr, usageLine)
		}
		return ee.code
	case errors.As(err, &ie):
		fmt.Fprintln(c.stderr, ie.msg)
		if ie.code != 0 {
			return ie.code
		}
		return 1
	}
	fmt.Fprintln(c.stderr, prefixed(err))
	return 1
}

// prefixed is the message of err starting with "bleu: " once, whether or
// not err (from the library, say) has the prefix already.
func prefixed(err error) string {
	return "bleu: " + strings.TrimPrefix(err.Error(), "bleu: ")
}

// warnf prints a warning on standard error. sacreBLEU prints its warnings
// with -q too.
func (c *cli) warnf(format string, args ...any) {
	fmt.Fprintf(c.stderr, "bleu: warning: "+format+"\n", args...)
}

// execute checks the options in the order sacreBLEU's main() does, as far
// as they apply, and runs what they ask for.
func (c *cli) execute(o *options) error {
	enc, ok := lookupEncoding(o.encoding)
	if !ok {
		return unsupportedf("only UTF-8 input is supported (-e utf-8 or utf-8-sig), not %s", pyRepr(o.encoding))
	}
	if err := c.checkModifiers(o); err != nil {
		return err
	}
	if o.printTokens {
		return c.printTokens(o, enc)
	}
	if o.compat != "" {
		return c.runCompat(o)
	}
	if c.sets == nil {
		c.sets = newTestSets(c.sacrebleuDir())
	}
	ctx := c.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	// An interrupt stops a download cleanly (its temporary file removed)
	// until scoring starts.
	ctx, stopSignals := signal.NotifyContext(ctx, os.Interrupt)
	defer stopSignals()
	if done, err := c.testSetInfo(ctx, o); done {
		return err
	}
	if o.sentenceLevel && len(o.metrics) > 1 {
		return &exitError{code: 1, msg: "bleu: Only one metric can be used in sentence-level mode."}
	}
	if o.citation {
		return c.citation(o)
	}
	if o.numRefs != 1 && (o.testSet != nil || len(o.refs) > 1) {
		return &exitError{code: 1, msg: "bleu: -nr/--num-refs reads several tab-separated references from a single reference file; it cannot be used with several reference files."}
	}
	if err := c.checkTestSet(o); err != nil {
		return err
	}
	if o.echo != nil && o.testSet != nil {
		return c.echo(ctx, o)
	}
	if o.testSet != nil {
		cleanup, err := c.useTestSet(ctx, o)
		defer cleanup()
		if err != nil {
			return err
		}
	}
	stopSignals()
	if err := c.checkScoring(o, enc); err != nil {
		return err
	}
	return c.score(o, enc)
}

// checkScoring checks the options that ask for scores, in sacreBLEU's
// order, once the references and test set are known.
func (c *cli) checkScoring(o *options, enc encoding) error {
	if len(o.refs) == 0 {
		return &exitError{code: 1, msg: "bleu: no reference files: give them before -i (bleu REF [REF ...] -i HYP ...), or before the options when the hypotheses come from standard input."}
	}
	if o.width < 0 || o.width > maxWidth {
		return usageErrorf("-w/--width must be from 0 to %d, not %d", maxWidth, o.width)
	}
	if o.inputGiven && len(o.inputs) == 0 && (o.format != "json" || o.sentenceLevel || o.paired()) {
		// sacreBLEU reads the references and then fails with a traceback
		// (IndexError); in JSON it prints an empty list (see noSystems).
		return firstFault(o, enc, usageErrorf("-i/--input needs at least one file (with none, sacreBLEU prints an empty JSON list, in JSON alone)"), nil)
	}
	if o.pairedHolm && !o.paired() {
		return usageErrorf("--paired-holm adjusts the p-values of a paired test: give it with --paired-bs or --paired-ar")
	}
	// With -i the systems are known now; from standard input, once the
	// first line is read (see checkSystems).
	if o.inputGiven {
		if o.paired() {
			o.inputs = c.dropBaselineRepeats(o)
		}
		if err := checkSystems(o, len(o.inputs)); err != nil {
			return firstFault(o, enc, err, nil)
		}
	}
	if (o.origLang != nil || o.subset != nil) && o.testSet == nil {
		return &exitError{code: 1, msg: "bleu: Filtering for --origlang or --subset needs a test (-t) and a language pair (-l)."}
	}
	return nil
}

// score configures the metrics asked for and scores the systems in the
// form asked for.
func (c *cli) score(o *options, enc encoding) error {
	var s scoring
	var warnings []string
	var ms []metric
	var err error
	if slices.Contains(o.metrics, "bleu") {
		s, warnings, err = c.configure(o)
	}
	if err == nil && !onlyBLEU(o) {
		ms, err = metricsFor(o, s)
	}
	for _, w := range warnings {
		c.warnf("%s", w)
	}
	if err != nil {
		var stdinRest func() error
		if f, ok := c.stdin.(*os.File); !o.inputGiven && !(ok && isTerminal(f)) {
			// Not from a terminal, which would be waited on for nothing.
			stdinRest = func() error {
				f, _, _ := stdinFault(newStdinLines(c.stdin, enc, o.replaceInvalid), 0)
				return f
			}
		}
		return firstFault(o, enc, err, stdinRest)
	}
	if o.inputGiven && len(o.inputs) == 0 {
		return c.noSystems(o, enc)
	}
	if o.format == "html" {
		return c.htmlReport(o, s, ms, enc)
	}
	if ms != nil {
		if o.sentenceLevel {
			sm, ok := ms[0].(sentenceMetric)
			if !ok {
				return unsupportedf("-sl/--sentence-level is not implemented for %s", ms[0].key())
			}
			return c.metricSentences(o, sm, enc)
		}
		if o.detail && o.format == "json" {
			o.format = "text"
		}
		return c.scoreMetrics(o, ms, enc)
	}
	if o.sentenceLevel {
		return c.scoreSentences(o, s, enc)
	}
	if o.detail && o.format == "json" {
		o.format = "text"
	}
	return c.scoreCorpus(o, s, enc)
}

// noSystems is a run with -i and no files, in JSON: sacreBLEU reads the
// references, with its checks, and prints an empty list of systems.
func (c *cli) noSystems(o *options, enc encoding) error {
	for _, name := range o.refs {
		lr, err := openLines(nil, name, enc, o.replaceInvalid, nil)
		if err != nil {
			return err
		}
		err = readRefs(lr, o.numRefs)
		lr.Close()
		if err != nil {
			return err
		}
	}
	c.infof(o, "Found 0 systems.")
	c.out.WriteString("[]\n") // checked by the Flush
	return nil
}

// readRefs reads a reference file to its end, as sacreBLEU does, and
// returns the first fault it meets: a line cannot be read or is not valid
// UTF-8 (unless --replace-invalid), or, with -nr, it does not have numRefs
// references.
func readRefs(lr *lineReader, numRefs int) error {
	for {
		line, ok, err := lr.next()
		if err != nil || !ok {
			return err
		}
		if numRefs == 1 {
			continue
		}
		if fields, ok := refFields(py.RStrip(line), numRefs); !ok {
			return refFieldsError(lr.name, lr.n, numRefs, len(fields))
		}
	}
}

const helpText = `usage: bleu [-h] [options] REF [REF ...] [-i HYP [HYP ...]]
       bleu [options] REF [REF ...] < HYP
       bleu --print-tokens [-tok NAME] [-lc] [FILE ...]

BLEU exactly as sacreBLEU 2.6.0 computes it (sacrebleu -m bleu): the same
options, the same output, the same exit status. Each line is a segment;
line i of HYP is scored against line i of every REF. Without -i, the
hypotheses are read from standard input (one system per tab-separated field).

positional arguments:
  REF                    reference files (give them before -i)

input:
  -i, --input HYP [HYP ...]
                         hypothesis files; several score several systems
  -nr, --num-refs N      read N tab-separated references per line of one REF
  -e, --encoding ENC     utf-8 (default) or utf-8-sig
  --replace-invalid      replace invalid UTF-8 with U+FFFD instead of failing
                         (not in sacreBLEU)

metrics:
  -m, --metrics {bleu,chrf,ter} [...]
                         the metrics (default bleu)
  -cc, --chrf-char-order N
                         chrF character n-gram order (default 6)
  -cw, --chrf-word-order N
                         chrF word n-gram order (default 0; 2 is chrF++)
  --chrf-beta N          chrF beta (default 2)
  --chrf-whitespace      count whitespace in chrF character n-grams
  --chrf-lowercase       lowercase for chrF
  --chrf-eps-smoothing   chrF++.py's eps smoothing instead of effective order
  --ter-case-sensitive   TER keeps the case (by default it lowercases)
  --ter-normalized       TER normalizes: XML entities, punctuation split off
  --ter-no-punct         TER removes punctuation
  --ter-asian-support    TER's --ter-normalized and --ter-no-punct also
                         treat CJK characters and punctuation

test sets (sacreBLEU's, downloaded into its cache: $SACREBLEU, or
~/.sacrebleu; a set already there needs no network):
  -t, --test-set SET[,SET...]
                         score against the references of the set's pair -l
                         (instead of REF)
  --list                 the sets (for -l's pair), or -t's fields by pair
  --echo FIELD [FIELD ...]
                         print fields of -t: src, ref, docid, origlang,
                         system names... or all
  -ol, --origlang LANG   only documents originally in LANG (non-LANG: not)
  --subset REGEX         only documents whose domain matches REGEX
  --download SET         download and process SET (the pair of -l, or all)
  --citation, --cite     print -t's BibTeX entry

BLEU:
  -tok, --tokenize NAME  13a (default), intl, zh, char, none, ja-mecab,
                         flores200, flores101 (or spm), spBLEU-1K (their
                         models read from $SACREBLEU/models, by default
                         ~/.sacrebleu/models, and downloaded there from
                         sacreBLEU's URLs when missing), or zh-fixed (zh
                         with the CJK ranges sacreBLEU meant; not in
                         sacreBLEU)
  -l, --language-pair SRC-TRG
                         a target language zh selects -tok zh, ja selects
                         ja-mecab (ko selects ko-mecab, not available)
  -lc, --lowercase       lowercase as Python's str.lower does
  -s, --smooth-method {exp,floor,add-k,none}
                         smoothing (default exp)
  -sv, --smooth-value X  the value of floor (default 0.1) and add-k (1)
  -sl, --sentence-level  score every segment (turns effective order on)
  --force                do not warn about hypotheses that look tokenized

output:
  -f, --format {json,text,latex,html}
                         json (default) or text; latex for several systems
                         (SACREBLEU_FORMAT overrides it, as in sacreBLEU);
                         html for a report comparing the systems, with
                         bootstrap intervals and a paired test against the
                         first (--paired-bs unless --paired-ar; not in
                         sacreBLEU), under every metric of -m
  -b, --score-only       print only the score
  -w, --width N          decimals of the score (default 1)
  -sh, --short           the short form of the signature
  -q, --quiet            no progress bar or informational messages
  -d, --detail           with -t, the first system's score by original
                         language and domain
  -nc, --no-color        accepted (the output has no colours)
  --compat {nltk,hf,multi-bleu,multi-bleu-detok,mteval}
                         print what NLTK's corpus_bleu, Hugging Face's bleu,
                         multi-bleu.perl, multi-bleu-detok.perl or
                         mteval-v13a.pl prints for REF and HYP (not
                         sacreBLEU's BLEU; see the README)
  --compat-options "OPTS"
                         that tool's options, such as "method1" (nltk),
                         "max_order=2 smooth" (hf), "-lc" (multi-bleu) or
                         "-c -b" (mteval)
  --print-tokens         print every line as BLEU sees it: lowercased with
                         -lc, tokenized with -tok, tokens joined by one space
                         (reads FILEs, -i files, or standard input)
  -V, --version          print the version
  -h, --help             print this help

significance tests (seeded by $SACREBLEU_SEED, default 12345; "none" for
fresh random numbers on every run):
  -ci, --confidence      bootstrap 95% confidence interval of one system
  -cin, --confidence-n N resamples (default 1000; 1 or less: none)
  -pbs, --paired-bs      paired bootstrap resampling of each system against
                         the first (the baseline)
  -pbsn, --paired-bs-n N resamples (default 1000)
  -par, --paired-ar      paired approximate randomization against the first
  -parn, --paired-ar-n N trials (default 10000)
  -j, --paired-jobs N    accepted; the systems are compared in parallel
  --paired-holm          also print p-values adjusted for the number of
                         systems by the Holm-Bonferroni method (not in
                         sacreBLEU)

-f html shows every metric of -m, led by the one named first.

Long options may be abbreviated to any unambiguous prefix (--tok, --sent).
Exit status: 0 success, 1 bad input, 2 bad usage, 17 lines with the wrong
number of tab-separated fields (-nr, or systems on standard input).
`
