package main

// From options to scores: the configuration sacreBLEU would build, and the
// reading of references and hypotheses in lockstep, one line at a time.

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/ja"
)

// scoring is the BLEU configuration a command line asks for.
type scoring struct {
	cfg bleu.Config
	// smoothLabel, when not "", replaces the signature's smooth field (see
	// smoothing).
	smoothLabel string
}

// tokenizerName chooses the tokenizer's name as sacreBLEU's BLEU does: -tok
// if given, else from the target language of -l (zh for Chinese, MeCab for
// Japanese and Korean), else 13a. It returns the warnings sacreBLEU gives
// for a -tok that does not suit the target language.
func tokenizerName(o *options) (string, []string, error) {
	trg := ""
	if o.langPair != "" {
		parts := strings.Split(o.langPair, "-")
		if len(parts) < 2 {
			return "", nil, usageErrorf("-l/--language-pair needs a source-target pair such as en-de, not %s", pyRepr(o.langPair))
		}
		trg = parts[1]
	}
	name := o.tokenize
	var warnings []string
	if name == "" {
		name = "13a"
		switch trg {
		case "zh":
			name = "zh"
		case "ja":
			name = "ja-mecab"
		case "ko":
			name = "ko-mecab"
		}
	} else {
		switch {
		case trg == "zh" && name != "zh":
			warnings = append(warnings, "Consider using the 'zh' or 'spm' tokenizer for Chinese.")
		case trg == "ja" && name != "ja-mecab":
			warnings = append(warnings, "Consider using the 'ja-mecab' or 'spm' tokenizer for Japanese.")
		case trg == "ko" && name != "ko-mecab":
			warnings = append(warnings, "Consider using the 'ko-mecab' or 'spm' tokenizer for Korean.")
		}
	}
	return name, warnings, nil
}

// tokenizerFor returns the tokenizer tokenizerName chooses, loading its
// dictionary or model, and the warnings.
func (c *cli) tokenizerFor(o *options) (bleu.Tokenizer, []string, error) {
	name, warnings, err := tokenizerName(o)
	if err != nil {
		return nil, nil, err
	}
	if isSPMTokenizer(name) {
		if name == "spm" {
			warnings = append(warnings, "Tokenizer 'spm' has been changed to 'flores101', and may be removed in the future.")
		}
		tok, err := c.spmTokenizer(o, name)
		return tok, warnings, err
	}
	if name == "ja-mecab" {
		// Only now: the dictionary takes half a second to load.
		if err := ja.Load(); err != nil {
			return nil, warnings, &exitError{code: 1, msg: "bleu: " + err.Error()}
		}
		return ja.MeCab, warnings, nil
	}
	tok, err := bleu.TokenizerByName(name)
	if err != nil {
		return nil, warnings, unavailableTokenizer(name, o)
	}
	return tok, warnings, nil
}

// unavailableTokenizer is the error for a sacreBLEU tokenizer this
// implementation does not have. sacreBLEU fails the same way (exit 1)
// when the tokenizer's Python dependencies are missing.
func unavailableTokenizer(name string, o *options) error {
	why := "it needs " + map[string]string{
		"ko-mecab": "the MeCab-ko morphological analyser and its dictionary, which there is no reference to test against here",
	}[name]
	chosen := ""
	if o.tokenize == "" {
		chosen = fmt.Sprintf(" (sacreBLEU's choice for -l %s)", o.langPair)
	}
	return &exitError{code: 1, msg: fmt.Sprintf("bleu: the %s tokenizer%s is not available in this implementation: %s.\n"+
		"bleu: choose another with -tok (one of 13a, intl, zh, char, none, ja-mecab); for Korean, -tok char is a common choice.", name, chosen, why)}
}

// smoothing returns the smoothing configuration. sacreBLEU takes -sv only
// for floor and add-k (it ignores it otherwise). A value of 0 is used as
// given, not as "the default": floor 0 and add-k 0 leave zero counts
// unsmoothed, which is SmoothNone's arithmetic, so they are computed as
// that and labelled as sacreBLEU labels them ("floor[0.00]").
func smoothing(o *options) (bleu.SmoothMethod, float64, string, error) {
	m, err := bleu.SmoothMethodByName(o.smoothMethod)
	if err != nil {
		return 0, 0, "", usageErrorf("%s", strings.TrimPrefix(err.Error(), "bleu: "))
	}
	if !o.smoothValueGiven || (m != bleu.SmoothFloor && m != bleu.SmoothAddK) {
		return m, 0, "", nil
	}
	v := o.smoothValue
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0) || v < 0:
		return 0, 0, "", usageErrorf("-sv/--smooth-value must be a finite number >= 0, not %s", py.FloatRepr(v))
	case v > 1<<40:
		// The library bounds the value so that no precision becomes +Inf.
		return 0, 0, "", usageErrorf("-sv/--smooth-value must be at most 2^40 in this implementation, not %s", py.FloatRepr(v))
	case m == bleu.SmoothAddK && v != math.Trunc(v):
		return 0, 0, "", usageErrorf("add-k smoothing needs a whole-number -sv/--smooth-value in this implementation, not %s", py.FloatRepr(v))
	case v == 0:
		return bleu.SmoothNone, 0, fmt.Sprintf("%s[0.00]", m), nil
	}
	return m, v, "", nil
}

// configure builds the scoring configuration and returns sacreBLEU's
// warnings about it.
func (c *cli) configure(o *options) (scoring, []string, error) {
	tok, warnings, err := c.tokenizerFor(o)
	if err != nil {
		return scoring{}, warnings, err
	}
	m, v, label, err := smoothing(o)
	if err != nil {
		return scoring{}, warnings, err
	}
	return scoring{
		cfg: bleu.Config{
			Tokenizer:      tok,
			Lowercase:      o.lowercase,
			Smooth:         m,
			SmoothValue:    v,
			EffectiveOrder: o.sentenceLevel,
		},
		smoothLabel: label,
	}, warnings, nil
}

// label applies the signature override to a score.
func (s scoring) label(sc bleu.Score) bleu.Score {
	sc.Signature = s.labelSignature(sc.Signature)
	return sc
}

// labelSignature applies the signature override to a signature.
func (s scoring) labelSignature(g bleu.Signature) bleu.Signature {
	if s.smoothLabel != "" {
		g.Smooth = s.smoothLabel
	}
	return g
}

// corpus reads the references and the hypotheses of one or more systems
// in lockstep: segment i is line i of every file.
type corpus struct {
	refs    []*lineReader // one per REF file
	numRefs int           // -nr: tab-separated references per line of the one REF file
	hyps    []*lineReader // one per -i file, or standard input
	// stdinSystems: the hypotheses come from standard input, one system
	// per tab-separated field, as sacreBLEU reads them.
	stdinSystems bool
	// stdinTerminal: that standard input is a terminal (see stdinRest).
	stdinTerminal bool
	nsys          int // systems; for standard input known after the first line
	segments      int
	// arena holds the text of the lines read, for every file: see
	// newArena.
	arena strings.Builder

	hypOut, refOut []string
	refOK, hypOK   []bool
	// read holds the lines the current call of next has read, as read,
	// in the order it reads them (readers; "" for an input that has
	// ended). Their UTF-8 is checked only when something fails (see
	// badLine).
	read []string
	// names are the names of the inputs, in the order next reads them.
	names []string
	// files opens the inputs, sharing the descriptors when they run out.
	files descriptors
	// keep, when not nil, selects the lines scored (-t with --origlang or
	// --subset); lines counts the lines read.
	keep  []bool
	lines int
}

// readers returns the inputs in the order next reads them.
func (c *corpus) readers() []*lineReader { return slices.Concat(c.refs, c.hyps) }

// badLine returns the error of the first line next has read for the
// segment being read that is not valid UTF-8, or nil. The lines are read
// unchecked, as the library checks the text it scores; when the segment
// fails for another reason, that line's error comes first, as it would
// have in reading line by line.
func (c *corpus) badLine() error {
	for k, lr := range c.readers()[:len(c.read)] {
		if err := utf8Error(lr.name, lr.n, []byte(c.read[k])); err != nil {
			return err
		}
	}
	return nil
}

// newArena starts a new arena for the lines to come, with room for size
// bytes; the lines read before stay valid.
func (c *corpus) newArena(size int) {
	c.arena = strings.Builder{}
	c.arena.Grow(size)
}

// systemNames returns the names sacreBLEU gives the systems.
func (c *corpus) systemNames() []string {
	if !c.stdinSystems {
		names := make([]string, len(c.hyps))
		for i, h := range c.hyps {
			names[i] = h.name
		}
		return names
	}
	names := make([]string, c.nsys)
	for i := range names {
		names[i] = fmt.Sprintf("System %d", i+1)
	}
	return names
}

// stdinRest returns, for the hypotheses on standard input, a function
// that looks for a line of standard input with another number of fields
// than the first (see firstFault) in the batches ra has read and not sent
// yet, and in the rest of standard input; nil for hypothesis files and a
// terminal. ra must be closed first.
func (c *corpus) stdinRest(ra *readAhead) func() error {
	if !c.stdinSystems || c.stdinTerminal {
		return nil // a terminal would be waited on for nothing
	}
	return func() error {
		for b := range ra.batches {
			if isFieldFault(b.err) {
				return b.err
			}
		}
		f, _, _ := stdinFault(c.hyps[0], c.nsys)
		return f
	}
}

// close closes every file.
func (c *corpus) close() {
	for _, r := range c.refs {
		r.Close()
	}
	for _, h := range c.hyps {
		h.Close()
	}
}

// next returns the next segment: the hypothesis of every system and the
// references, as sacreBLEU holds them (each line rstrip()ped). ok is false
// after the last segment. The slices are reused by the next call.
func (c *corpus) next() (hyps, refs []string, ok bool, err error) {
	for {
		hyps, refs, ok, err = c.nextLine()
		if !ok || err != nil || c.keep == nil {
			return hyps, refs, ok, err
		}
		i := c.lines
		c.lines++
		if i >= len(c.keep) {
			// sacreBLEU's filter_subset zips the lines with the
			// selection: the lines past it are dropped.
			return nil, nil, false, nil
		}
		if c.keep[i] {
			return hyps, refs, ok, err
		}
	}
}

// nextLine is next without the selection of -t's --origlang/--subset.
func (c *corpus) nextLine() (hyps, refs []string, ok bool, err error) {
	c.refOut = c.refOut[:0]
	c.read = c.read[:0]
	c.refOK = slices.Grow(c.refOK[:0], len(c.refs))[:len(c.refs)]
	c.hypOK = slices.Grow(c.hypOK[:0], len(c.hyps))[:len(c.hyps)]
	refOK, hypOK := c.refOK, c.hypOK
	fail := func(err error) ([]string, []string, bool, error) {
		if bad := c.badLine(); bad != nil {
			err = bad
		}
		return nil, nil, false, err
	}
	for i, r := range c.refs {
		line, ok, err := r.next()
		if err != nil {
			return fail(err)
		}
		c.read = append(c.read, line)
		refOK[i] = ok
		if !ok {
			continue
		}
		line = py.RStrip(line)
		if c.numRefs == 1 {
			c.refOut = append(c.refOut, line)
			continue
		}
		fields, ok := refFields(line, c.numRefs)
		if !ok {
			return fail(refFieldsError(r.name, r.n, c.numRefs, len(fields)))
		}
		c.refOut = append(c.refOut, fields...)
	}
	c.hypOut = c.hypOut[:0]
	for i, h := range c.hyps {
		line, ok, err := h.next()
		if err != nil {
			return fail(err)
		}
		c.read = append(c.read, line)
		if !c.stdinSystems {
			hypOK[i] = ok
			if ok {
				c.hypOut = append(c.hypOut, py.RStrip(line))
			}
			continue
		}
		if c.segments == 0 {
			// sacreBLEU reads the first line with readline(), which gives
			// "" at the end of the input: empty input is one empty line.
			// The fields of the first line are not stripped one by one.
			c.hypOut = append(c.hypOut, strings.Split(py.RStrip(line), "\t")...)
			c.nsys = len(c.hypOut)
			hypOK[i] = true
			if !ok {
				h.n = 1 // the empty line readline() gave
			}
			continue
		}
		hypOK[i] = ok
		if !ok {
			continue
		}
		fields := strings.Split(py.RStrip(line), "\t")
		if len(fields) != c.nsys {
			return fail(stdinFieldsError(h.name, h.n, len(fields), c.nsys))
		}
		for _, f := range fields {
			c.hypOut = append(c.hypOut, py.RStrip(f))
		}
	}
	all, none := true, true
	for _, oks := range [][]bool{refOK, hypOK} {
		for _, ok := range oks {
			all = all && ok
			none = none && !ok
		}
	}
	switch {
	case all:
		c.segments++
		return c.hypOut, c.refOut, true, nil
	case none && c.segments > 0:
		return nil, nil, false, nil
	}
	if err := c.badLine(); err != nil {
		return nil, nil, false, err
	}
	for i, ok := range hypOK {
		if !ok && c.segments == 0 {
			return nil, nil, false, lateErrorf("bleu: %s is empty: there are no hypotheses to score", c.hyps[i].name)
		}
	}
	return nil, nil, false, c.lengthError(refOK, hypOK)
}

// lengthError reports inputs of different lengths, naming every file
// with its number of lines.
func (c *corpus) lengthError(refOK, hypOK []bool) error {
	type count struct {
		name string
		n    int
	}
	var counts []count
	add := func(r *lineReader, ok bool) error {
		n := r.n
		if ok {
			var rest int
			var err error
			if c.stdinSystems && r == c.hyps[0] {
				// sacreBLEU reads standard input to its end before it
				// compares the lengths.
				var fault error
				if fault, rest, err = stdinFault(r, c.nsys); fault != nil {
					return fault
				}
			} else {
				rest, err = r.countRest()
			}
			if err != nil {
				return err
			}
			n += rest
		}
		counts = append(counts, count{r.name, n})
		return nil
	}
	for i, h := range c.hyps {
		if err := add(h, hypOK[i]); err != nil {
			return err
		}
	}
	for i, r := range c.refs {
		if err := add(r, refOK[i]); err != nil {
			return err
		}
	}
	if len(counts) == 2 {
		return lateErrorf("bleu: %s has %s but %s has %s: hypotheses and references must have the same number of lines",
			counts[0].name, lines(counts[0].n), counts[1].name, lines(counts[1].n))
	}
	parts := make([]string, len(counts))
	for i, ct := range counts {
		parts[i] = fmt.Sprintf("%s has %s", ct.name, lines(ct.n))
	}
	return lateErrorf("bleu: the inputs have different numbers of lines: %s", strings.Join(parts, ", "))
}

// lines is "1 line" or "n lines".
func lines(n int) string {
	if n == 1 {
		return "1 line"
	}
	return fmt.Sprintf("%d lines", n)
}

// openCorpus opens the inputs of a scoring run. The progress counter
// follows the first hypothesis input.
func (c *cli) openCorpus(o *options, enc encoding) (*corpus, *progress, error) {
	cp := &corpus{numRefs: o.numRefs, nsys: len(o.inputs), keep: o.keep}
	counter := &countingReader{}
	var total int64
	fail := func(err error) (*corpus, *progress, error) {
		cp.close()
		return nil, nil, firstFault(o, enc, err, nil)
	}
	for _, name := range o.refs {
		r, err := openLines(&cp.files, name, enc, o.replaceInvalid, nil)
		if err != nil {
			return fail(err)
		}
		cp.refs = append(cp.refs, r)
	}
	if !o.inputGiven {
		counter.r = c.stdin
		cp.hyps = []*lineReader{newStdinLines(counter, enc, o.replaceInvalid)}
		cp.stdinSystems = true
		f, ok := c.stdin.(*os.File)
		cp.stdinTerminal = ok && isTerminal(f)
	} else {
		for i, name := range o.inputs {
			for _, prev := range o.inputs[:i] {
				if prev == name {
					return fail(&exitError{code: 1, msg: fmt.Sprintf("bleu: %s already used to name a system: give each system's file once", pyRepr(name))})
				}
			}
			var cr *countingReader
			if i == 0 {
				cr = counter
			}
			h, err := openLines(&cp.files, name, enc, o.replaceInvalid, cr)
			if err != nil {
				return fail(err)
			}
			if i == 0 {
				if fi, err := os.Stat(name); err == nil && fi.Mode().IsRegular() {
					total = fi.Size()
				}
			}
			cp.hyps = append(cp.hyps, h)
		}
	}
	setLineBudget(o, cp)
	p := newProgress(c.stderr, c.terminal && !o.quiet, cp.hyps[0].name, total, counter, c.now)
	return cp, p, nil
}

// checkFirst makes the checks of the first batch of segments read: a
// line-by-line reading stops at a first line that is not valid UTF-8,
// before the systems are counted, and the systems of standard input are
// known only now.
func (cp *corpus) checkFirst(o *options, b *batch) error {
	if err := b.badLine(0); err != nil {
		return err
	}
	if cp.stdinSystems {
		if err := checkSystems(o, len(b.hyps)); err != nil {
			return orFieldFault(err, b.err)
		}
	}
	return nil
}

// segmentAdder is what scoreCorpus feeds: a [bleu.Stats] (corpus totals,
// constant memory) or, for the significance tests, a [bleu.Segments] (a
// row of statistics per segment).
type segmentAdder interface {
	Add(hyp string, refs ...string) error
	Score() bleu.Score
}

// scoreCorpus scores every system over the whole corpus in one pass and
// prints the result: in constant memory, or for a significance test
// keeping a row of statistics per segment (about 10 bytes).
func (c *cli) scoreCorpus(o *options, s scoring, enc encoding) error {
	cp, prog, err := c.openCorpus(o, enc)
	if err != nil {
		return err
	}
	defer cp.close()
	var (
		systems   []segmentAdder
		segs      []*bleu.Segments // the same systems, with -ci or a paired test
		tokenized []int            // lines ending in " ." per system
	)
	ra := cp.readAhead()
	fail := func(err error) error {
		ra.close()
		prog.done()
		return firstFault(o, enc, err, cp.stdinRest(ra))
	}
	for b := range ra.batches {
		if b.n > 0 && systems == nil {
			if err := cp.checkFirst(o, b); err != nil {
				return fail(err)
			}
			for range b.hyps {
				if o.keepsRows() {
					sg := &bleu.Segments{Config: s.cfg}
					segs = append(segs, sg)
					systems = append(systems, sg)
				} else {
					systems = append(systems, &bleu.Stats{Config: s.cfg})
				}
			}
			tokenized = make([]int, len(b.hyps))
			if len(b.hyps) > 1 {
				c.infof(o, "Found %d systems.", len(b.hyps))
			}
		}
		if b.n > 0 {
			if err := addBatch(systems, b); err != nil {
				return fail(err)
			}
			for i, n := range b.tokenized {
				tokenized[i] += n
			}
			prog.add(b.n)
		}
		if b.err != nil {
			return fail(b.err)
		}
	}
	ra.close()
	prog.done()
	names := cp.systemNames()
	c.warnTokenized(o, names, tokenized)
	if o.paired() {
		return c.pairedTest(o, s, pairedNames(names, cp.stdinSystems), segs)
	}
	if len(systems) > 1 {
		results := make([]systemScore, len(systems))
		for i, st := range systems {
			results[i] = plainScore(names[i], s.label(st.Score()))
		}
		printMulti(c.out, results, o)
		return nil
	}
	r := plainScore(names[0], s.label(systems[0].Score()))
	if o.bootstrap() {
		if r, err = c.confidenceScore(o, s, names[0], segs[0]); err != nil {
			return err
		}
	}
	printSingle(c.out, r, o)
	if o.detail {
		ms, err := metricsFor(o, s)
		if err != nil {
			return err
		}
		return c.detail(o, ms)
	}
	return nil
}

// warnTokenized warns, as sacreBLEU does, about every system with 100
// lines or more ending in " ." (tokenized[i] of system names[i]), unless
// --force.
func (c *cli) warnTokenized(o *options, names []string, tokenized []int) {
	for i, n := range tokenized {
		if !o.force && n >= 100 {
			c.warnf("%d lines of %s end in a tokenized period (' .'): it looks like you forgot to detokenize your test data, which may hurt your score. If you insist your data is detokenized, or don't care, --force suppresses this message.", n, names[i])
		}
	}
}

// scoreSentences prints the score of every segment. The lines are kept
// (in a spool) until the input has been read to its end, so that bad
// input prints nothing but the error.
func (c *cli) scoreSentences(o *options, s scoring, enc encoding) error {
	cp, prog, err := c.openCorpus(o, enc)
	if err != nil {
		return err
	}
	defer cp.close()
	// With inputs parked, a temporary file would take the descriptor they
	// share: the scores stay in memory.
	out := spool{noFile: cp.files.parked > 0}
	defer out.close()
	ra := cp.readAhead()
	fail := func(err error) error {
		ra.close()
		prog.done()
		return firstFault(o, enc, err, cp.stdinRest(ra))
	}
	ss := &sentenceScorer{cfg: s.cfg, text: func(sc bleu.Score, sigs *signatures) string {
		sc = s.label(sc)
		return formatText(plainScore("", sc), o.width, o.scoreOnly, sigs.of(sc.Signature, o.short))
	}}
	if o.scoreOnly {
		ss.number = func(v float64) string {
			return formatText(plainScore("", bleu.Score{BLEU: v / 100, BLEUPercent: v}), o.width, true, "")
		}
	}
	var lines []string
	for b := range ra.batches {
		if b.n > 0 && b.first == 0 && cp.stdinSystems {
			if err := b.badLine(0); err != nil { // as in scoreCorpus
				return fail(err)
			}
			if err := checkSystems(o, len(b.hyps)); err != nil {
				return fail(orFieldFault(err, b.err))
			}
		}
		lines = slices.Grow(lines[:0], b.n)[:b.n]
		if err := ss.score(b, lines); err != nil {
			return fail(err)
		}
		for _, l := range lines {
			out.writeLine(l)
		}
		prog.add(b.n)
		if b.err != nil {
			return fail(b.err)
		}
	}
	ra.close()
	prog.done()
	return out.writeTo(c.out)
}
