// Command bleu-beam scores a corpus with an Apache Beam pipeline and prints
// the line that the bleu command prints with -f text for the same files:
//
//	bleu-beam [beam flags] REF... -i HYP [-tok T] [-lc] [-s M] [-sv V] [-w N] [-b] [-sh] [-f text]
//
// It reads the files with [bleubeam.ReadFiles], scores them with
// [bleubeam.Corpus] and prints the one score. Beam's own flags
// (--runner, --endpoint, --project, --region, --temp_location, …) may
// stand anywhere; write them as --name=value, or place them after "--".
// Without --runner the pipeline runs on prism, Beam's local runner, in
// this process.
//
// The options that bleu takes here are those that change a single corpus
// score: -tok/--tokenize (13a, intl, zh, char, none, ja-mecab; zh-fixed), -lc/
// --lowercase, -s/--smooth-method, -sv/--smooth-value, -w/--width,
// -b/--score-only, -sh/--short and -f/--format text (the only format). Any
// other bleu option is an error. Exit status 0 on success, 1 when the
// pipeline fails, 2 on a usage error.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/dataflow"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/flink"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/spark"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	bleubeam "github.com/go-bleu/bleu/beam"
)

func init() {
	register.DoFn2x1[context.Context, bleubeam.Score, error](&printFn{})
}

// args are the bleu options of a command line.
type args struct {
	refs      []string
	hyp       string
	opts      bleubeam.Options
	width     int
	scoreOnly bool
	short     bool
	out       string // where printFn writes; "" is standard output
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
		fmt.Fprintf(stderr, "bleu-beam: %v\nusage: bleu-beam [beam flags] REF... -i HYP [-tok T] [-lc] [-s M] [-sv V] [-w N] [-b] [-sh] [-f text]\n", err)
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
	scored, err := bleubeam.TryCorpus(s, a.opts, segs)
	if err != nil {
		fmt.Fprintln(stderr, "bleu-beam:", strings.TrimPrefix(err.Error(), "bleubeam: "))
		return 2
	}
	beam.ParDo0(s, &printFn{Hyp: a.hyp, Path: a.out, Width: a.width, ScoreOnly: a.scoreOnly, Short: a.short}, scored)
	if err := beamx.Run(ctx, p); err != nil {
		fmt.Fprintln(stderr, "bleu-beam:", cause(err))
		return 1
	}
	return 0
}

// printFn writes the score as bleu -f text does, to standard output when
// Path is empty and otherwise to the file Path. On a distributed runner
// standard output is the worker's, so give -o a path on a shared file
// system (such as gs://…) to collect the line there.
type printFn struct {
	Hyp       string `json:"hyp"`
	Path      string `json:"path"`
	Width     int    `json:"width"`
	ScoreOnly bool   `json:"score_only"`
	Short     bool   `json:"short"`
}

func (f *printFn) ProcessElement(ctx context.Context, sc bleubeam.Score) error {
	if sc.Segments == 0 {
		return fmt.Errorf("bleubeam: %s is empty: there are no hypotheses to score", f.Hyp)
	}
	line := strconv.FormatFloat(sc.Percent, 'f', f.Width, 64)
	if !f.ScoreOnly {
		if f.Short {
			sc.Signature = sc.ShortSignature
		}
		line = sc.Text(f.Width)
	}
	if f.Path == "" {
		_, err := io.WriteString(os.Stdout, line+"\n")
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
	if _, err := io.WriteString(w, line+"\n"); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// parse splits argv into bleu's options and Beam's flags.
func parse(argv []string) (args, []string, error) {
	a := args{width: 1}
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
			for i+1 < len(argv) && !strings.HasPrefix(argv[i+1], "-") {
				i++
				hyps = append(hyps, argv[i])
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
	switch {
	case !inputGiven || len(hyps) != 1:
		return args{}, nil, fmt.Errorf("give exactly one hypothesis file with -i")
	case len(a.refs) == 0:
		return args{}, nil, fmt.Errorf("give at least one reference file")
	case a.width < 0:
		return args{}, nil, fmt.Errorf("argument -w/--width: must not be negative")
	}
	a.hyp = hyps[0]
	if a.opts.Smooth == "" {
		a.opts.Smooth = "exp"
	}
	return a, beamArgs, nil
}

// cause returns the last line of a pipeline's error that comes from this
// module or the bleu library ("bleubeam: …", "bleu: …"), which says what
// went wrong without the runner's account of where, or else the error.
func cause(err error) string {
	msg := err.Error()
	lines := strings.Split(msg, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if m, ok := strings.CutPrefix(l, "bleubeam: "); ok {
			return m
		}
		if strings.HasPrefix(l, "bleu: ") {
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
