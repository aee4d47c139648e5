// Command bleu-beam scores a corpus with an Apache Beam pipeline and prints
// what the bleu command prints with -f text for the same files:
//
//	bleu-beam [beam flags] REF... -i HYP [-m bleu chrf ter] [-tok T] [-lc] [-s M] [-sv V]
//	    [-cc N] [-cw N] [--chrf-beta N] [--chrf-whitespace] [--chrf-lowercase] [--chrf-eps-smoothing]
//	    [--ter-case-sensitive] [--ter-asian-support] [--ter-no-punct] [--ter-normalized]
//	    [-w N] [-b] [-sh] [-f text]
//
// It reads the files with [bleubeam.ReadFiles], scores them with
// [bleubeam.Corpus] for BLEU, [bleubeam.ChrFCorpus] for chrF and
// [bleubeam.TERCorpus] for TER, and prints one line a metric of -m (BLEU
// alone by default), aligned as bleu aligns them. Beam's own flags (--runner, --endpoint, --project, --region,
// --temp_location, …) may stand anywhere; write them as --name=value, or
// place them after "--". Without --runner the pipeline runs on prism,
// Beam's local runner, in this process.
//
// The options that bleu takes here are those that change a single corpus
// score: -m/--metrics (bleu, chrf, ter), -tok/--tokenize (13a, intl, zh,
// char, none, ja-mecab; zh-fixed), -lc/--lowercase, -s/--smooth-method,
// -sv/--smooth-value, -cc/--chrf-char-order, -cw/--chrf-word-order,
// --chrf-beta, --chrf-whitespace, --chrf-lowercase, --chrf-eps-smoothing,
// --ter-case-sensitive, --ter-asian-support, --ter-no-punct,
// --ter-normalized, -w/--width, -b/--score-only, -sh/--short and
// -f/--format text (the only format). Any other bleu option is an error.
// As with bleu, -m takes every name after it. Exit status 0 on success, 1
// when the pipeline fails, 2 on a usage error.
//
// Every score is bleu's to the last bit, but TER's with three reference
// files (or any number but one, two or four): its reference length is then
// a sum of rounded floats in an order the runner picks, which may differ
// from bleu's in the last bits (see [bleubeam.TERCorpus]), and so the
// printed score may differ in its last digit when the score lies that
// close to a rounding boundary of -w digits.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/dataflow"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/flink"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/spark"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	bleubeam "github.com/go-bleu/bleu/beam"
	"github.com/go-bleu/bleu/chrf"
	"github.com/go-bleu/bleu/ter"
)

// args are the bleu options of a command line.
type args struct {
	refs      []string
	hyp       string
	metrics   []string // -m, once each, in the order bleu prints them
	opts      bleubeam.Options
	chrf      chrf.Config
	ter       ter.Config
	width     int
	scoreOnly bool
	short     bool
	out       string // where printFn writes; "" is standard output
}

// chrfArgs are the --chrf-* options as bleu takes them, with its
// defaults, before they become a chrf.Config.
type chrfArgs struct {
	charOrder, wordOrder, beta       int
	whitespace, lowercase, epsSmooth bool
}

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the command with the arguments given and returns its exit
// status.
func run(ctx context.Context, argv []string, stdout, stderr io.Writer) int {
	a, beamArgs, err := parse(argv)
	if err == nil {
		err = flag.CommandLine.Parse(beamArgs)
	}
	if err != nil {
		fmt.Fprintf(stderr, "bleu-beam: %v\nusage: bleu-beam [beam flags] REF... -i HYP [-m bleu chrf] [-tok T] [-lc] [-s M] [-sv V] [-cc N] [-cw N] [--chrf-beta N] [--chrf-whitespace] [--chrf-lowercase] [--chrf-eps-smoothing] [--ter-case-sensitive] [--ter-asian-support] [--ter-no-punct] [--ter-normalized] [-w N] [-b] [-sh] [-f text]\n", err)
		return 2
	}
	if flag.Lookup("runner").Value.String() == "" || flag.Lookup("runner").Value.String() == "direct" {
		// The direct runner is deprecated; prism runs in this process too.
		if err := flag.Set("runner", "prism"); err != nil {
			fmt.Fprintln(stderr, "bleu-beam:", err)
			return 2
		}
	}
	if err := checkRunner(flag.Lookup("runner").Value.String()); err != nil {
		fmt.Fprintln(stderr, "bleu-beam:", err)
		return 2
	}
	for _, name := range append([]string{a.hyp}, a.refs...) {
		fs, err := filesystem.New(ctx, name)
		if err != nil {
			fmt.Fprintln(stderr, "bleu-beam:", err)
			return 2
		}
		fs.Close()
	}
	beam.Init()
	// Beam's runners log every step of a job, and a failure several times
	// over with its whole plan; the command prints the failure once.
	slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelError + 4})))
	p, s := beam.NewPipelineWithRoot()
	segs := bleubeam.ReadFiles(s, a.hyp, a.refs...)
	if runner := flag.Lookup("runner").Value.String(); runner != "prism" {
		// Share the counting out among the workers of a distributed runner.
		segs = beam.Reshuffle(s, segs)
	}
	lines, err := scoreLines(s, a, segs)
	if err != nil {
		fmt.Fprintln(stderr, "bleu-beam:", strings.TrimPrefix(err.Error(), "bleubeam: "))
		return 2
	}
	beam.ParDo0(s, &printFn{Hyp: a.hyp, Path: a.out}, lines)
	restore, err := privateTemp()
	if err != nil {
		fmt.Fprintln(stderr, "bleu-beam:", err)
		return 1
	}
	defer restore()
	if err := beamx.Run(ctx, p); err != nil {
		fmt.Fprintln(stderr, "bleu-beam:", cause(err))
		return 1
	}
	return 0
}

// privateTemp points TMPDIR at a new directory for the run, and returns
// the function that removes it and restores TMPDIR. Beam's loopback
// mode, which prism runs in, leaves an empty file (beamloopbackworker-*)
// in the temporary directory on every run (apache/beam#27569); so it goes
// with the directory.
func privateTemp() (restore func(), err error) {
	dir, err := os.MkdirTemp("", "bleu-beam-")
	if err != nil {
		return nil, err
	}
	old, had := os.LookupEnv("TMPDIR")
	os.Setenv("TMPDIR", dir)
	return func() {
		if had {
			os.Setenv("TMPDIR", old)
		} else {
			os.Unsetenv("TMPDIR")
		}
		os.RemoveAll(dir)
	}, nil
}

// parse splits argv into bleu's options and Beam's flags.
func parse(argv []string) (args, []string, error) {
	a := args{width: 1}
	ca := chrfArgs{charOrder: 6, beta: 2}
	var beamArgs []string
	value := func(i *int, name string) (string, error) {
		if *i+1 >= len(argv) {
			return "", fmt.Errorf("argument %s: expected one argument", name)
		}
		*i++
		return argv[*i], nil
	}
	var hyps []string
	inputGiven := false
	for i := 0; i < len(argv); i++ {
		arg := argv[i]
		name, val, hasVal := strings.Cut(arg, "=")
		var err error
		takeValue := func() string {
			if hasVal {
				return val
			}
			var v string
			v, err = value(&i, name)
			return v
		}
		// intValue sets *dst to the option's value, an int.
		intValue := func(dst *int) {
			if v := takeValue(); err == nil {
				err = intOption(dst, name, v)
			}
		}
		switch name {
		case "--":
			beamArgs = append(beamArgs, argv[i+1:]...)
			i = len(argv)
		case "-i", "--input":
			inputGiven = true
			if hasVal {
				hyps = append(hyps, val)
				continue
			}
			hyps = append(hyps, following(argv, &i)...)
		case "-m", "--metrics":
			a.metrics = a.metrics[:0]
			if hasVal {
				a.metrics = append(a.metrics, val)
			}
			a.metrics = append(a.metrics, following(argv, &i)...)
			if len(a.metrics) == 0 {
				err = fmt.Errorf("argument -m/--metrics: expected at least one argument")
			}
		case "-tok", "--tokenize":
			a.opts.Tokenizer = takeValue()
		case "-lc", "--lowercase":
			a.opts.Lowercase = true
		case "-s", "--smooth-method":
			a.opts.Smooth = takeValue()
		case "-sv", "--smooth-value":
			var f float64
			if v := takeValue(); err == nil {
				f, err = strconv.ParseFloat(v, 64)
			}
			a.opts.SmoothValue = f
		case "-w", "--width":
			if v := takeValue(); err == nil {
				a.width, err = strconv.Atoi(v)
			}
		case "-b", "--score-only":
			a.scoreOnly = true
		case "-sh", "--short":
			a.short = true
		case "-f", "--format":
			if v := takeValue(); err == nil && v != "text" {
				err = fmt.Errorf("argument -f/--format: only text is supported, not %q", v)
			}
		case "-o", "--output":
			a.out = takeValue()
		default:
			switch {
			case a.metricOption(name, &ca, intValue):
			case !strings.HasPrefix(arg, "-") || arg == "-":
				a.refs = append(a.refs, arg)
			case flag.Lookup(strings.TrimLeft(name, "-")) != nil:
				beamArgs = append(beamArgs, arg)
				if !hasVal && !isBoolFlag(strings.TrimLeft(name, "-")) && i+1 < len(argv) {
					i++
					beamArgs = append(beamArgs, argv[i])
				}
			default:
				err = fmt.Errorf("unsupported argument %s", arg)
			}
		}
		if err != nil {
			return args{}, nil, err
		}
	}
	if err := a.finish(hyps, inputGiven, ca); err != nil {
		return args{}, nil, err
	}
	return a, beamArgs, nil
}

// following returns the arguments after argv[*i] up to the next option,
// and moves *i to the last of them.
func following(argv []string, i *int) []string {
	from := *i + 1
	for *i+1 < len(argv) && !strings.HasPrefix(argv[*i+1], "-") {
		*i++
	}
	return argv[from : *i+1]
}

// intOption sets *dst to v, the value of option name, an int.
func intOption(dst *int, name, v string) error {
	n, err := strconv.Atoi(v)
	if err != nil {
		return fmt.Errorf("argument %s: invalid int value: '%s'", name, v)
	}
	*dst = n
	return nil
}

// metricOption sets the chrF or TER option name, if it is one (an int
// option through intValue), and reports whether it was.
func (a *args) metricOption(name string, ca *chrfArgs, intValue func(*int)) bool {
	switch name {
	case "-cc", "--chrf-char-order":
		intValue(&ca.charOrder)
	case "-cw", "--chrf-word-order":
		intValue(&ca.wordOrder)
	case "--chrf-beta":
		intValue(&ca.beta)
	case "--chrf-whitespace":
		ca.whitespace = true
	case "--chrf-lowercase":
		ca.lowercase = true
	case "--chrf-eps-smoothing":
		ca.epsSmooth = true
	case "--ter-case-sensitive":
		a.ter.CaseSensitive = true
	case "--ter-asian-support":
		a.ter.AsianSupport = true
	case "--ter-no-punct":
		a.ter.NoPunct = true
	case "--ter-normalized":
		a.ter.Normalized = true
	default:
		return false
	}
	return true
}

// finish checks the arguments once all are read and completes a: the
// hypothesis file, BLEU's default smoothing, the metrics and chrF's
// configuration from ca.
func (a *args) finish(hyps []string, inputGiven bool, ca chrfArgs) error {
	switch {
	case !inputGiven || len(hyps) != 1:
		return fmt.Errorf("give exactly one hypothesis file with -i")
	case len(a.refs) == 0:
		return fmt.Errorf("give at least one reference file")
	case a.width < 0:
		return fmt.Errorf("argument -w/--width: must not be negative")
	}
	a.hyp = hyps[0]
	if a.opts.Smooth == "" {
		a.opts.Smooth = "exp"
	}
	ms, err := metricsOf(a.metrics)
	if err != nil {
		return err
	}
	a.metrics = ms
	if slices.Contains(ms, "chrf") {
		if a.chrf, err = ca.config(); err != nil {
			return err
		}
	}
	return nil
}

// metricsOf returns the metrics of -m once each, in the order bleu (and
// sacreBLEU) computes and prints them: by name, BLEU, chrF, TER. No -m
// is BLEU alone.
func metricsOf(names []string) ([]string, error) {
	if len(names) == 0 {
		return []string{"bleu"}, nil
	}
	var ms []string
	for _, name := range names {
		switch name {
		case "bleu", "chrf", "ter":
		default:
			return nil, fmt.Errorf("argument --metrics/-m: invalid choice: '%s' (choose from 'bleu', 'chrf', 'ter')", name)
		}
		if !slices.Contains(ms, name) {
			ms = append(ms, name)
		}
	}
	slices.Sort(ms)
	return ms, nil
}

// config returns the chrF configuration of the --chrf-* options, with
// bleu's checks and messages: sacreBLEU takes any integers, and fails on
// orders below 0 or both 0.
func (ca chrfArgs) config() (chrf.Config, error) {
	cc, cw, beta := ca.charOrder, ca.wordOrder, ca.beta
	switch {
	case cc < 0 || cw < 0:
		return chrf.Config{}, fmt.Errorf("-cc/--chrf-char-order and -cw/--chrf-word-order must be at least 0, not %d and %d", cc, cw)
	case cc == 0 && cw == 0:
		return chrf.Config{}, fmt.Errorf("-cc/--chrf-char-order 0 needs a -cw/--chrf-word-order above 0")
	case cc > chrf.MaxOrder || cw > chrf.MaxOrder:
		return chrf.Config{}, fmt.Errorf("chrF n-gram orders above %d are not supported", chrf.MaxOrder)
	case beta < -chrf.MaxBeta || beta > chrf.MaxBeta:
		return chrf.Config{}, fmt.Errorf("--chrf-beta must be between %d and %d in this implementation, not %d", -chrf.MaxBeta, chrf.MaxBeta, beta)
	}
	c := chrf.Config{CharOrder: cc, WordOrder: cw, Beta: beta, Lowercase: ca.lowercase,
		Whitespace: ca.whitespace, EpsSmoothing: ca.epsSmooth}
	if cc == 0 {
		c.CharOrder = chrf.NoCharNGrams
	}
	if beta == 0 {
		c.Beta = chrf.BetaZero
	}
	return c, nil
}

// cause returns the last line of a pipeline's error that comes from this
// module or the bleu libraries ("bleubeam: …", "bleu: …", "chrf: …",
// "ter: …"), which says what
// went wrong without the runner's account of where, or else the error.
func cause(err error) string {
	msg := err.Error()
	lines := strings.Split(msg, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if m, ok := strings.CutPrefix(l, "bleubeam: "); ok {
			return m
		}
		if strings.HasPrefix(l, "bleu: ") || strings.HasPrefix(l, "chrf: ") || strings.HasPrefix(l, "ter: ") {
			return l
		}
	}
	return msg
}

// isBoolFlag reports whether the Go flag called name takes no value.
func isBoolFlag(name string) bool {
	b, ok := flag.Lookup(name).Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
