package main

// --compat: the scores of other BLEU implementations (package compat),
// printed as those tools print them.
//
// Files are read whole, as the tools read them: multi-bleu.perl's lines
// are bytes up to "\n" (chomp), multi-bleu-detok.perl's are UTF-8 and lose
// their last character (chop: the newline, or a real character on a last
// line without one); for the other tools a line is the text up to "\n",
// without it. References are positional files, the hypotheses one -i file
// or standard input. --compat-options passes the tool's own options:
//
//	nltk               method0..method7 weights=W1,W2,... auto_reweigh
//	                   epsilon=X alpha=X k=X (with -sl: sentence_bleu per line)
//	hf                 max_order=N smooth (with -sl: one dictionary per line)
//	multi-bleu(-detok) -lc (also -lc/--lowercase of bleu itself)
//	mteval             -c -b -n --no-smoothing --brevity-penalty shortest|closest

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-bleu/bleu/compat"
	"github.com/go-bleu/bleu/internal/py"
)

// compatChoices are --compat's values.
var compatChoices = []string{"nltk", "hf", "multi-bleu", "multi-bleu-detok", "mteval"}

func (c *cli) runCompat(o *options) error {
	if len(o.refs) == 0 {
		return &exitError{code: 1, msg: "bleu: --compat: no reference files"}
	}
	if len(o.inputs) > 1 {
		return usageErrorf("--compat scores one system: give one -i file")
	}
	if o.numRefs != 1 {
		return usageErrorf("--compat reads one reference per line of each REF file; -nr is not supported")
	}
	if err := compatExcluded(o); err != nil {
		return err
	}
	began := c.now()
	budget := newCompatBudget(o)
	hyp, err := c.readCompatFile(o, budget)
	if err != nil {
		return err
	}
	refs := make([]string, len(o.refs))
	for i, name := range o.refs {
		if refs[i], err = readCompatFile(name, budget); err != nil {
			return err
		}
	}
	if o.compat != "multi-bleu" {
		// Python reads text: invalid UTF-8 stops it (UnicodeDecodeError);
		// so it does mteval-v13a.pl and multi-bleu-detok.perl, which decode.
		// Named here, where the files are known.
		for i, text := range append([]string{hyp}, refs...) {
			if !utf8.ValidString(text) {
				name := "the hypotheses"
				if len(o.inputs) == 1 {
					name = o.inputs[0]
				}
				if i > 0 {
					name = o.refs[i-1]
				}
				return inputErrorf("bleu: --compat %s: %s: invalid UTF-8", o.compat, name)
			}
		}
	}
	opts := strings.Fields(o.compatOptions)
	switch o.compat {
	case "nltk":
		return c.compatNLTK(o, opts, hyp, refs)
	case "hf":
		return c.compatHF(o, opts, hyp, refs)
	case "multi-bleu", "multi-bleu-detok":
		return c.compatMoses(o, opts, hyp, refs)
	}
	return c.compatMTEval(o, opts, hyp, refs, began)
}

// compatExcluded rejects the options of sacreBLEU's BLEU that --compat's
// tools do not have: their own options go in --compat-options.
func compatExcluded(o *options) error {
	var bad string
	switch {
	case o.tokenize != "":
		bad = "-tok/--tokenize"
	case o.smoothMethod != "exp" || o.smoothValueGiven:
		bad = "-s/--smooth-method and -sv/--smooth-value"
	case o.lowercase && o.compat != "multi-bleu" && o.compat != "multi-bleu-detok":
		bad = "-lc/--lowercase"
	case o.sentenceLevel && o.compat != "nltk" && o.compat != "hf":
		bad = "-sl/--sentence-level"
	case o.confidence || o.paired():
		bad = "the significance tests"
	case o.scoreOnly:
		bad = "-b/--score-only"
	}
	if bad != "" {
		return usageErrorf("--compat %s prints what that tool prints; %s does not apply (its own options go in --compat-options)", o.compat, bad)
	}
	return nil
}

// readCompatFile reads the hypotheses: the -i file or standard input.
func (c *cli) readCompatFile(o *options, budget *compatBudget) (string, error) {
	if len(o.inputs) == 1 {
		return readCompatFile(o.inputs[0], budget)
	}
	b, err := budget.read("standard input", c.stdin)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

func readCompatFile(name string, budget *compatBudget) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", describeOpenError(name, err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(name, ".gz") {
		z, err := gzip.NewReader(bufio.NewReader(f))
		if err != nil {
			return "", inputErrorf("bleu: %s: %v", name, err)
		}
		r = z
	}
	b, err := budget.read(name, r)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// segments are the lines of a file: split at "\n", the final empty piece
// dropped.
func segments(text string) []string { return compat.PerlLines(text, false) }

// compatStreams returns the hypothesis lines and, per segment, the
// references, checking that the files have as many lines.
func compatStreams(o *options, hyp string, refs []string) ([]string, [][]string, error) {
	hyps := segments(hyp)
	perSeg := make([][]string, len(hyps))
	for k, r := range refs {
		lines := segments(r)
		if len(lines) != len(hyps) {
			return nil, nil, compatLengthError(o, k, len(lines), len(hyps))
		}
		for i, l := range lines {
			perSeg[i] = append(perSeg[i], l)
		}
	}
	return hyps, perSeg, nil
}

// compatLengthError says that reference file k has n lines where the
// hypotheses have nh, naming both.
func compatLengthError(o *options, k, n, nh int) error {
	hypName := "standard input"
	if len(o.inputs) == 1 {
		hypName = o.inputs[0]
	}
	return inputErrorf("bleu: %s has %s but %s has %s: hypotheses and references must have the same number of lines",
		hypName, lines(nh), o.refs[k], lines(n))
}

func badCompatOption(tool, opt string) error {
	return usageErrorf("--compat-options: %q is not an option of --compat %s", opt, tool)
}

func (c *cli) compatNLTK(o *options, opts []string, hyp string, refs []string) error {
	var n compat.NLTK
	for _, opt := range opts {
		key, val, hasVal := strings.Cut(opt, "=")
		var err error
		switch {
		case !hasVal && strings.HasPrefix(opt, "method") && len(opt) == 7 && opt[6] >= '0' && opt[6] <= '7':
			n.Smoothing = compat.NLTKSmoothing(opt[6] - '0')
		case !hasVal && opt == "auto_reweigh":
			n.AutoReweigh = true
		case key == "weights":
			n.Weights = []float64{}
			for _, w := range strings.Split(val, ",") {
				f, ok := py.ParseFloat(w)
				if !ok {
					return usageErrorf("--compat-options: weights must be numbers, not %s", pyRepr(w))
				}
				n.Weights = append(n.Weights, f)
			}
		case key == "epsilon":
			n.Epsilon, err = compatFloat(opt, val)
		case key == "alpha":
			n.Alpha, err = compatFloat(opt, val)
		case key == "k":
			n.K, err = compatFloat(opt, val)
		default:
			return badCompatOption("nltk", opt)
		}
		if err != nil {
			return err
		}
	}
	hyps, perSeg, err := compatStreams(o, hyp, refs)
	if err != nil {
		return err
	}
	toks := make([][]string, len(hyps))
	refToks := make([][][]string, len(hyps))
	for i := range hyps {
		toks[i] = compat.SplitWords(hyps[i])
		for _, r := range perSeg[i] {
			refToks[i] = append(refToks[i], compat.SplitWords(r))
		}
	}
	warned := map[int]bool{}
	return eachScope(o.sentenceLevel, len(toks), func(i, j int) error {
		res, err := n.Result(toks[i:j], refToks[i:j])
		if err != nil {
			return inputErrorf("bleu: NLTK: %v", strings.TrimPrefix(err.Error(), "compat: "))
		}
		for _, k := range res.Warnings {
			if !warned[k] { // Python's default filter: each message once
				warned[k] = true
				c.warnf("NLTK: The hypothesis contains 0 counts of %d-gram overlaps.", k)
			}
		}
		fmt.Fprintln(c.out, res)
		return nil
	})
}

// eachScope calls f with the whole corpus [0, n), or with -sl with each
// segment [i, i+1) in turn, until it fails.
func eachScope(sentences bool, n int, f func(i, j int) error) error {
	if !sentences {
		return f(0, n)
	}
	for i := range n {
		if err := f(i, i+1); err != nil {
			return err
		}
	}
	return nil
}

func compatFloat(opt, val string) (float64, error) {
	f, ok := py.ParseFloat(val)
	if !ok {
		return 0, usageErrorf("--compat-options: %s needs a number", pyRepr(opt))
	}
	return f, nil
}

func (c *cli) compatHF(o *options, opts []string, hyp string, refs []string) error {
	var h compat.HF
	for _, opt := range opts {
		key, val, _ := strings.Cut(opt, "=")
		switch {
		case opt == "smooth":
			h.Smooth = true
		case key == "max_order":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > compat.MaxHFOrder {
				return usageErrorf("--compat-options: max_order must be an integer from 1 to %d, not %s", compat.MaxHFOrder, pyRepr(val))
			}
			h.MaxOrder = n
		default:
			return badCompatOption("hf", opt)
		}
	}
	hyps, perSeg, err := compatStreams(o, hyp, refs)
	if err != nil {
		return err
	}
	return eachScope(o.sentenceLevel, len(hyps), func(i, j int) error {
		res, err := h.Compute(hyps[i:j], perSeg[i:j])
		if err != nil {
			return inputErrorf("bleu: HF: %v", strings.TrimPrefix(err.Error(), "compat: "))
		}
		fmt.Fprintln(c.out, res)
		return nil
	})
}

const multiBLEUAdvice = "It is not advisable to publish scores from multi-bleu.perl.  The scores depend on your tokenizer, which is unlikely to be reproducible from your paper or consistent across research groups.  Instead you should detokenize then use mteval-v14.pl, which has a standard tokenization.  Scores from multi-bleu.perl can still be used for internal purposes when you have a consistent tokenizer."

func (c *cli) compatMoses(o *options, opts []string, hyp string, refs []string) error {
	lc := o.lowercase
	for _, opt := range opts {
		if opt != "-lc" {
			return badCompatOption(o.compat, opt)
		}
		lc = true
	}
	detok := o.compat == "multi-bleu-detok"
	streams := make([][]string, len(refs))
	for i, r := range refs {
		streams[i] = compat.PerlLines(r, detok)
	}
	var res compat.MosesResult
	var err error
	if detok {
		res, err = compat.MultiBLEUDetok{Lowercase: lc}.Corpus(compat.PerlLines(hyp, true), streams...)
	} else {
		res, err = compat.MultiBLEU{Lowercase: lc}.Corpus(compat.PerlLines(hyp, false), streams...)
	}
	if err != nil {
		return inputErrorf("bleu: %s: %v", o.compat, strings.TrimPrefix(err.Error(), "compat: "))
	}
	fmt.Fprint(c.out, res)
	if res.NoReference {
		return &exitError{code: 1, msg: "bleu: " + o.compat + ": the reference length is 0 (the script prints this line and exits with status 1)"}
	}
	if !detok {
		fmt.Fprintln(c.stderr, multiBLEUAdvice)
	}
	return nil
}

func (c *cli) compatMTEval(o *options, opts []string, hyp string, refs []string, began time.Time) error {
	m, err := compat.ParseMTEvalArgs(opts)
	if err != nil {
		return usageErrorf("--compat-options: %s", strings.TrimPrefix(err.Error(), "compat: "))
	}
	hyps := segments(hyp)
	streams := make([][]string, len(refs))
	for i, r := range refs {
		streams[i] = segments(r)
		if len(streams[i]) != len(hyps) {
			return compatLengthError(o, i, len(streams[i]), len(hyps))
		}
	}
	res, err := m.Corpus(hyps, streams...)
	if err != nil {
		return inputErrorf("bleu: mteval: %v", strings.TrimPrefix(err.Error(), "compat: "))
	}
	fmt.Fprint(c.out, res.Report(began, c.now(), m.CommandLine()))
	return nil
}
