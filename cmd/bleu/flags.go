package main

// Command-line parsing that accepts exactly the command lines sacreBLEU
// 2.6.0's argparse parser accepts, and reads them the same way.
//
// sacreBLEU relies on argparse's rules, and users rely on them without
// knowing: "-i a b c" takes every following non-option; "-bq" is "-b -q";
// "-w4" and "--width=4" are "-w 4"; an unambiguous prefix of a long option
// ("--tok", "--sentence") stands for it; "-1" is an argument, not an option;
// everything after "--" is positional. The standard flag package follows
// none of these rules, so this file reimplements the part of argparse
// (Python 3.11) that sacreBLEU's parser uses, over sacreBLEU's complete
// option table: the options this command does not support are still known,
// so that prefixes are ambiguous exactly where they are in sacreBLEU.

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/ter"
)

// options is a parsed command line. Its zero value is not meaningful; use
// defaultOptions.
type options struct {
	refs       []string // positional REF files
	inputs     []string // -i files
	inputGiven bool     // -i was given (possibly without files)
	numRefs    int      // -nr
	encoding   string   // -e
	metrics    []string // -m

	sentenceLevel    bool    // -sl
	smoothMethod     string  // -s
	smoothValue      float64 // -sv
	smoothValueGiven bool
	tokenize         string // -tok; "" when not given
	lowercase        bool   // -lc
	force            bool   // --force
	langPair         string // -l; "" when not given

	// sacrebleuDir is sacreBLEU's cache directory, from the environment
	// ($SACREBLEU, else ~/.sacrebleu), where the SentencePiece tokenizers'
	// models are.
	sacrebleuDir string

	// Test-set options.
	testSet, origLang, subset, download *string
	echo                                []string
	list, citation                      bool
	keep                                []bool // the segments -t's --origlang/--subset select
	detailStdin                         []byte // standard input kept for -d with -t

	// chrF (-m chrf): sacreBLEU's --chrf-* options, with its defaults.
	chrfCharOrder, chrfWordOrder, chrfBeta int
	chrfWhitespace, chrfLowercase, chrfEps bool

	// TER (-m ter): sacreBLEU's --ter-* options.
	ter ter.Config

	// Significance testing.
	confidence, pairedAR, pairedBS    bool
	confidenceN, pairedARN, pairedBSN int
	pairedJobs                        int
	pairedHolm                        bool // --paired-holm (ours)
	quiet, short, scoreOnly           bool
	width                             int
	detail, noColor                   bool
	format                            string
	printTokens, replaceInvalid       bool
	compat, compatOptions             string // --compat, --compat-options

	given map[string]bool // the options given, by their first name (see modifiers.go)
}

// defaultOptions returns sacreBLEU's defaults.
func defaultOptions() *options {
	return &options{
		numRefs:       1,
		encoding:      "utf-8",
		metrics:       []string{"bleu"},
		chrfCharOrder: 6,
		chrfBeta:      2,
		smoothMethod:  "exp",
		confidenceN:   1000,
		pairedARN:     10000,
		pairedBSN:     1000,
		pairedJobs:    1,
		width:         1,
		format:        "json",
	}
}

// nargs is how many arguments an option takes, as argparse's nargs.
type nargs uint8

const (
	nargsZero nargs = iota // a flag (store_true)
	nargsOne               // exactly one (nargs=None)
	nargsStar              // zero or more ("*")
	nargsPlus              // one or more ("+")
)

// valueKind is argparse's type= of an option's arguments.
type valueKind uint8

const (
	kindString valueKind = iota
	kindInt
	kindFloat
)

// value is one converted argument.
type value struct {
	s string
	i int
	f float64
}

// special marks the options argparse acts on at once.
type special uint8

const (
	specialNone special = iota
	specialHelp
	specialVersion
)

// optSpec is one option of the table.
type optSpec struct {
	names   []string // option strings, in sacreBLEU's order
	nargs   nargs
	kind    valueKind
	choices []string
	mutex   int // options with the same non-zero mutex exclude each other
	special special
	apply   func(o *options, v []value)
}

// name is argparse's name of the option in messages: "--width/-w".
func (s *optSpec) name() string { return strings.Join(s.names, "/") }

// tokenizerChoices are sacreBLEU's tokenizer names, in its order, and
// ours ("zh-fixed") at the end.
var tokenizerChoices = []string{"none", "zh", "13a", "intl", "char", "ja-mecab", "ko-mecab", "spm", "flores101", "flores200", "spBLEU-1K", "zh-fixed"}

// optionTable returns sacreBLEU 2.6.0's options in the order its parser
// defines them (the order decides how argparse lists an ambiguous prefix's
// matches), followed by ours.
func optionTable() []*optSpec {
	str := func(f func(o *options, s string)) func(*options, []value) {
		return func(o *options, v []value) { f(o, v[0].s) }
	}
	integer := func(f func(o *options, i int)) func(*options, []value) {
		return func(o *options, v []value) { f(o, v[0].i) }
	}
	flag := func(f func(o *options)) func(*options, []value) {
		return func(o *options, _ []value) { f(o) }
	}
	strs := func(f func(o *options, s []string)) func(*options, []value) {
		return func(o *options, v []value) {
			s := make([]string, len(v))
			for i := range v {
				s[i] = v[i].s
			}
			f(o, s)
		}
	}
	ptr := func(s string) *string { return &s }
	return []*optSpec{
		{names: []string{"-h", "--help"}, special: specialHelp},
		{names: []string{"--citation", "--cite"}, apply: flag(func(o *options) { o.citation = true })},
		{names: []string{"--list"}, apply: flag(func(o *options) { o.list = true })},
		{names: []string{"--test-set", "-t"}, nargs: nargsOne, apply: str(func(o *options, s string) { o.testSet = ptr(s) })},
		{names: []string{"--language-pair", "-l"}, nargs: nargsOne, apply: str(func(o *options, s string) { o.langPair = s })},
		{names: []string{"--origlang", "-ol"}, nargs: nargsOne, apply: str(func(o *options, s string) { o.origLang = ptr(s) })},
		{names: []string{"--subset"}, nargs: nargsOne, apply: str(func(o *options, s string) { o.subset = ptr(s) })},
		{names: []string{"--download"}, nargs: nargsOne, apply: str(func(o *options, s string) { o.download = ptr(s) })},
		{names: []string{"--echo"}, nargs: nargsPlus, apply: strs(func(o *options, s []string) { o.echo = s })},
		{names: []string{"--input", "-i"}, nargs: nargsStar, apply: strs(func(o *options, s []string) { o.inputs, o.inputGiven = s, true })},
		{names: []string{"--num-refs", "-nr"}, nargs: nargsOne, kind: kindInt, apply: integer(func(o *options, i int) { o.numRefs = i })},
		{names: []string{"--encoding", "-e"}, nargs: nargsOne, apply: str(func(o *options, s string) { o.encoding = s })},
		{names: []string{"--metrics", "-m"}, nargs: nargsPlus, choices: []string{"bleu", "chrf", "ter"}, apply: strs(func(o *options, s []string) { o.metrics = s })},
		{names: []string{"--sentence-level", "-sl"}, apply: flag(func(o *options) { o.sentenceLevel = true })},
		{names: []string{"--smooth-method", "-s"}, nargs: nargsOne, choices: []string{"none", "floor", "add-k", "exp"}, apply: str(func(o *options, s string) { o.smoothMethod = s })},
		{names: []string{"--smooth-value", "-sv"}, nargs: nargsOne, kind: kindFloat, apply: func(o *options, v []value) { o.smoothValue, o.smoothValueGiven = v[0].f, true }},
		{names: []string{"--tokenize", "-tok"}, nargs: nargsOne, choices: tokenizerChoices, apply: str(func(o *options, s string) { o.tokenize = s })},
		{names: []string{"--lowercase", "-lc"}, apply: flag(func(o *options) { o.lowercase = true })},
		{names: []string{"--force"}, apply: flag(func(o *options) { o.force = true })},
		{names: []string{"--chrf-char-order", "-cc"}, nargs: nargsOne, kind: kindInt, apply: integer(func(o *options, i int) { o.chrfCharOrder = i })},
		{names: []string{"--chrf-word-order", "-cw"}, nargs: nargsOne, kind: kindInt, apply: integer(func(o *options, i int) { o.chrfWordOrder = i })},
		{names: []string{"--chrf-beta"}, nargs: nargsOne, kind: kindInt, apply: integer(func(o *options, i int) { o.chrfBeta = i })},
		{names: []string{"--chrf-whitespace"}, apply: flag(func(o *options) { o.chrfWhitespace = true })},
		{names: []string{"--chrf-lowercase"}, apply: flag(func(o *options) { o.chrfLowercase = true })},
		{names: []string{"--chrf-eps-smoothing"}, apply: flag(func(o *options) { o.chrfEps = true })},
		{names: []string{"--ter-case-sensitive"}, apply: flag(func(o *options) { o.ter.CaseSensitive = true })},
		{names: []string{"--ter-asian-support"}, apply: flag(func(o *options) { o.ter.AsianSupport = true })},
		{names: []string{"--ter-no-punct"}, apply: flag(func(o *options) { o.ter.NoPunct = true })},
		{names: []string{"--ter-normalized"}, apply: flag(func(o *options) { o.ter.Normalized = true })},
		{names: []string{"--confidence", "-ci"}, apply: flag(func(o *options) { o.confidence = true })},
		{names: []string{"--confidence-n", "-cin"}, nargs: nargsOne, kind: kindInt, apply: integer(func(o *options, i int) { o.confidenceN = i })},
		{names: []string{"--paired-ar", "-par"}, mutex: 1, apply: flag(func(o *options) { o.pairedAR = true })},
		{names: []string{"--paired-bs", "-pbs"}, mutex: 1, apply: flag(func(o *options) { o.pairedBS = true })},
		{names: []string{"--paired-ar-n", "-parn"}, nargs: nargsOne, kind: kindInt, apply: integer(func(o *options, i int) { o.pairedARN = i })},
		{names: []string{"--paired-bs-n", "-pbsn"}, nargs: nargsOne, kind: kindInt, apply: integer(func(o *options, i int) { o.pairedBSN = i })},
		{names: []string{"--paired-jobs", "-j"}, nargs: nargsOne, kind: kindInt, apply: integer(func(o *options, i int) { o.pairedJobs = i })},
		{names: []string{"--quiet", "-q"}, apply: flag(func(o *options) { o.quiet = true })},
		{names: []string{"--short", "-sh"}, apply: flag(func(o *options) { o.short = true })},
		{names: []string{"--score-only", "-b"}, apply: flag(func(o *options) { o.scoreOnly = true })},
		{names: []string{"--width", "-w"}, nargs: nargsOne, kind: kindInt, apply: integer(func(o *options, i int) { o.width = i })},
		{names: []string{"--detail", "-d"}, apply: flag(func(o *options) { o.detail = true })},
		{names: []string{"--no-color", "-nc"}, apply: flag(func(o *options) { o.noColor = true })},
		{names: []string{"--format", "-f"}, nargs: nargsOne, choices: []string{"json", "text", "latex", "html"}, apply: str(func(o *options, s string) { o.format = s })},
		{names: []string{"--version", "-V"}, special: specialVersion},
		// Ours.
		{names: []string{"--print-tokens"}, apply: flag(func(o *options) { o.printTokens = true })},
		{names: []string{"--replace-invalid"}, apply: flag(func(o *options) { o.replaceInvalid = true })},
		// Not "--holm": "--h" must stay --help's prefix, as in sacreBLEU.
		{names: []string{"--paired-holm"}, apply: flag(func(o *options) { o.pairedHolm = true })},
		{names: []string{"--compat"}, nargs: nargsOne, choices: compatChoices, apply: str(func(o *options, s string) { o.compat = s })},
		{names: []string{"--compat-options"}, nargs: nargsOne, apply: str(func(o *options, s string) { o.compatOptions = s })},
	}
}

// parseOutcome says what a successful parse asks for.
type parseOutcome uint8

const (
	outcomeRun parseOutcome = iota
	outcomeHelp
	outcomeVersion
)

// matched is an argument recognized as an option string: the option
// (nil for an unknown one), the option string it matched, and the
// argument attached with "=" or, for single-dash options, directly.
type matched struct {
	spec     *optSpec
	str      string
	explicit *string
}

// parser holds the state of one parse.
type parser struct {
	table  []*optSpec
	byName map[string]*optSpec
	names  []string // every option string, in table order

	args     []string
	pattern  []byte // 'O' option, 'A' argument, '-' for "--"
	opts     map[int]matched
	extras   []string
	refsDone bool
	seenMut  map[int]*optSpec
	o        *options
}

// parseArgs parses a command line (without the program name) as
// sacreBLEU's parser does. An error is a usage error; when the outcome is
// outcomeHelp or outcomeVersion the options are incomplete: argparse acts
// on -h and -V as soon as it reaches them.
func parseArgs(args []string) (*options, parseOutcome, error) {
	p := &parser{
		table:   optionTable(),
		byName:  map[string]*optSpec{},
		args:    args,
		pattern: make([]byte, len(args)),
		opts:    map[int]matched{},
		seenMut: map[int]*optSpec{},
		o:       defaultOptions(),
	}
	for _, s := range p.table {
		for _, n := range s.names {
			p.byName[n] = s
			p.names = append(p.names, n)
		}
	}
	// The pattern, as argparse builds it before consuming anything; an
	// ambiguous prefix fails here, before any other error.
	maxOpt := -1
	for i := 0; i < len(args); i++ {
		if args[i] == "--" {
			p.pattern[i] = '-'
			for j := i + 1; j < len(args); j++ {
				p.pattern[j] = 'A'
			}
			break
		}
		m, ok, err := p.parseOptional(args[i])
		if err != nil {
			return nil, 0, err
		}
		if ok {
			p.opts[i] = m
			p.pattern[i] = 'O'
			maxOpt = i
		} else {
			p.pattern[i] = 'A'
		}
	}
	start := 0
	for start <= maxOpt {
		next := start
		for p.pattern[next] != 'O' {
			next++
		}
		if start != next {
			end, err := p.consumePositionals(start)
			if err != nil {
				return nil, 0, err
			}
			if end > start {
				start = end
				continue
			}
		}
		if p.pattern[start] != 'O' {
			p.extras = append(p.extras, args[start:next]...)
			start = next
		}
		var (
			out parseOutcome
			err error
		)
		start, out, err = p.consumeOptional(start)
		if err != nil || out != outcomeRun {
			return p.o, out, err
		}
	}
	stop, err := p.consumePositionals(start)
	if err != nil {
		return nil, 0, err
	}
	p.extras = append(p.extras, args[stop:]...)
	if len(p.extras) > 0 {
		return nil, 0, fmt.Errorf("unrecognized arguments: %s", strings.Join(p.extras, " "))
	}
	return p.o, outcomeRun, nil
}

// parseOptional is argparse's _parse_optional: whether arg is an option
// string, and which.
func (p *parser) parseOptional(arg string) (matched, bool, error) {
	if arg == "" || arg[0] != '-' {
		return matched{}, false, nil
	}
	if s, ok := p.byName[arg]; ok {
		return matched{spec: s, str: arg}, true, nil
	}
	if len(arg) == 1 {
		return matched{}, false, nil
	}
	if name, explicit, ok := strings.Cut(arg, "="); ok {
		if s, ok := p.byName[name]; ok {
			return matched{spec: s, str: name, explicit: &explicit}, true, nil
		}
	}
	tuples := p.optionTuples(arg)
	switch {
	case len(tuples) > 1:
		names := make([]string, len(tuples))
		for i, t := range tuples {
			names[i] = t.str
		}
		return matched{}, false, fmt.Errorf("ambiguous option: %s could match %s", arg, strings.Join(names, ", "))
	case len(tuples) == 1:
		return tuples[0], true, nil
	}
	if isNegativeNumber(arg) || strings.Contains(arg, " ") {
		return matched{}, false, nil
	}
	return matched{str: arg}, true, nil
}

// optionTuples is argparse's _get_option_tuples: the options arg could
// stand for. A "--" argument is a prefix of long options (up to any "=");
// a single-dash one is either a known two-character option followed by
// its argument ("-w4") or a prefix of single-dash options.
func (p *parser) optionTuples(arg string) []matched {
	var out []matched
	if arg[1] == '-' {
		prefix, explicit, hasEq := strings.Cut(arg, "=")
		for _, n := range p.names {
			if strings.HasPrefix(n, prefix) {
				m := matched{spec: p.byName[n], str: n}
				if hasEq {
					e := explicit
					m.explicit = &e
				}
				out = append(out, m)
			}
		}
		return out
	}
	short, rest := arg[:2], arg[2:]
	for _, n := range p.names {
		switch {
		case n == short:
			r := rest
			out = append(out, matched{spec: p.byName[n], str: n, explicit: &r})
		case strings.HasPrefix(n, arg):
			out = append(out, matched{spec: p.byName[n], str: n})
		}
	}
	return out
}

// isNegativeNumber is argparse's _negative_number_matcher:
// ^-\d+$|^-\d*\.\d+$.
func isNegativeNumber(s string) bool {
	body := s[1:]
	intPart, frac, hasDot := strings.Cut(body, ".")
	allDigits := func(t string) bool {
		for i := 0; i < len(t); i++ {
			if t[i] < '0' || t[i] > '9' {
				return false
			}
		}
		return true
	}
	if !hasDot {
		return body != "" && allDigits(body)
	}
	return allDigits(intPart) && frac != "" && allDigits(frac)
}

// consumeOptional is argparse's consume_optional: it applies the option at
// args[start] (and, for "-bq", the options packed after it) and returns
// the index after its arguments.
func (p *parser) consumeOptional(start int) (int, parseOutcome, error) {
	m := p.opts[start]
	spec, str, explicit := m.spec, m.str, m.explicit
	type action struct {
		spec *optSpec
		args []string
	}
	var actions []action
	stop := start + 1
	for {
		if spec == nil {
			p.extras = append(p.extras, p.args[start])
			return start + 1, outcomeRun, nil
		}
		if explicit != nil {
			if spec.nargs == nargsZero {
				if str[1] != '-' && *explicit != "" {
					// "-bq": -b, then -q from what follows.
					actions = append(actions, action{spec: spec})
					_, size := utf8.DecodeRuneInString(*explicit)
					str = "-" + (*explicit)[:size]
					next, ok := p.byName[str]
					if !ok {
						return 0, 0, fmt.Errorf("argument %s: ignored explicit argument %s", spec.name(), pyRepr(*explicit))
					}
					spec = next
					if rest := (*explicit)[size:]; rest != "" {
						explicit = &rest
					} else {
						explicit = nil
					}
					continue
				}
				return 0, 0, fmt.Errorf("argument %s: ignored explicit argument %s", spec.name(), pyRepr(*explicit))
			}
			actions = append(actions, action{spec: spec, args: []string{*explicit}})
			break
		}
		n, err := matchArgument(spec, p.pattern[start+1:])
		if err != nil {
			return 0, 0, err
		}
		stop = start + 1 + n
		actions = append(actions, action{spec: spec, args: p.args[start+1 : stop]})
		break
	}
	for _, a := range actions {
		if out, err := p.takeAction(a.spec, a.args); err != nil || out != outcomeRun {
			return 0, out, err
		}
	}
	return stop, outcomeRun, nil
}

// matchArgument is argparse's _match_argument for an option: how many of
// the following arguments (pattern) the option takes.
func matchArgument(spec *optSpec, pattern []byte) (int, error) {
	n := 0
	for n < len(pattern) && pattern[n] == 'A' {
		n++
	}
	switch spec.nargs {
	case nargsZero:
		return 0, nil
	case nargsOne:
		if n == 0 {
			return 0, fmt.Errorf("argument %s: expected one argument", spec.name())
		}
		return 1, nil
	case nargsPlus:
		if n == 0 {
			return 0, fmt.Errorf("argument %s: expected at least one argument", spec.name())
		}
	}
	return n, nil
}

// consumePositionals gives the positional REF arguments at start, if they
// have not been taken yet: argparse matches its single nargs="*"
// positional once, with the first run of arguments it meets (which may
// be empty only at the very end), and any later run is unrecognized.
func (p *parser) consumePositionals(start int) (int, error) {
	if p.refsDone {
		return start, nil
	}
	n := 0
	for start+n < len(p.pattern) && (p.pattern[start+n] == 'A' || p.pattern[start+n] == '-') {
		n++
	}
	p.refsDone = true
	refs := append([]string(nil), p.args[start:start+n]...)
	for i, r := range refs {
		if r == "--" {
			refs = append(refs[:i], refs[i+1:]...)
			break
		}
	}
	p.o.refs = refs
	return start + n, nil
}

// takeAction converts and checks the arguments of an option and applies
// it, as argparse's take_action.
func (p *parser) takeAction(spec *optSpec, args []string) (parseOutcome, error) {
	switch spec.special {
	case specialHelp:
		return outcomeHelp, nil
	case specialVersion:
		return outcomeVersion, nil
	}
	vals := make([]value, len(args))
	for i, a := range args {
		v, err := convert(spec.kind, a)
		if err != nil {
			return 0, fmt.Errorf("argument %s: %w", spec.name(), err)
		}
		vals[i] = v
	}
	if spec.choices != nil {
		for _, v := range vals {
			if !contains(spec.choices, v.s) {
				quoted := make([]string, len(spec.choices))
				for i, c := range spec.choices {
					quoted[i] = pyRepr(c)
				}
				return 0, fmt.Errorf("argument %s: invalid choice: %s (choose from %s)", spec.name(), pyRepr(v.s), strings.Join(quoted, ", "))
			}
		}
	}
	if spec.mutex != 0 {
		if other := p.seenMut[spec.mutex]; other != nil && other != spec {
			return 0, fmt.Errorf("argument %s: not allowed with argument %s", spec.name(), other.name())
		}
		p.seenMut[spec.mutex] = spec
	}
	spec.apply(p.o, vals)
	if p.o.given == nil {
		p.o.given = map[string]bool{}
	}
	p.o.given[spec.names[0]] = true
	return outcomeRun, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// convert applies argparse's type= conversion.
func convert(kind valueKind, s string) (value, error) {
	switch kind {
	case kindInt:
		i, ok := pyInt(s)
		if !ok {
			return value{}, fmt.Errorf("invalid int value: %s", pyRepr(s))
		}
		return value{s: s, i: i}, nil
	case kindFloat:
		f, ok := py.ParseFloat(s)
		if !ok {
			return value{}, fmt.Errorf("invalid float value: %s", pyRepr(s))
		}
		return value{s: s, f: f}, nil
	}
	return value{s: s}, nil
}

// pyInt is argparse's type=int: Python's int(s) (py.ParseInt), within
// the range of Go's int.
func pyInt(s string) (int, bool) {
	neg, mag, err := py.ParseInt(s)
	if err != nil || !mag.IsInt64() || mag.Int64() > math.MaxInt {
		return 0, false
	}
	if neg {
		return -int(mag.Int64()), true
	}
	return int(mag.Int64()), true
}

// pyRepr is py.Repr, under the name the command's messages use.
func pyRepr(s string) string { return py.Repr(s) }
