package main

// The test-set options: --download, --list, --citation, --echo, and -t
// with -l as the source of the references, through package testset and
// sacreBLEU's cache ($SACREBLEU, by default ~/.sacrebleu).

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/testset"
)

// testSets is the catalogue the command knows and the cache it uses.
type testSets struct {
	lookup func(name string) (testset.Set, bool)
	all    func() []testset.Set
	cache  testset.Cache
}

// newTestSets returns sacreBLEU's catalogue with the cache in dir
// (cli.sacrebleuDir).
func newTestSets(dir string) *testSets {
	return &testSets{lookup: testset.Lookup, all: testset.Sets, cache: testset.Cache{Dir: dir}}
}

// setNames splits -t's comma-separated list.
func setNames(o *options) []string { return strings.Split(*o.testSet, ",") }

// testSetCache returns the cache with the progress bar when standard
// error is a terminal.
func (c *cli) testSetCache(o *options) *testset.Cache {
	tc := c.sets.cache
	tc.Waiting = func(lock string) {
		c.infof(o, "waiting for another process downloading the same file (lock file %s)", lock)
	}
	if bar := c.progressBar(o); bar != nil {
		tc.Progress = func(p testset.Progress) { bar(p.URL, p.Done, p.Total) }
	}
	return &tc
}

// progressBar returns the function that draws a download's progress on
// standard error (total is -1 when unknown), or nil when standard error
// is not a terminal or -q was given.
func (c *cli) progressBar(o *options) func(url string, done, total int64) {
	if !c.terminal || o.quiet {
		return nil
	}
	var last time.Time
	return func(url string, done, total int64) {
		if now := c.now(); now.Sub(last) < 100*time.Millisecond && done != total {
			return
		}
		last = c.now()
		of := "?"
		if total >= 0 {
			of = fmt.Sprintf("%.1f MB", float64(total)/1e6)
		}
		fmt.Fprintf(c.stderr, "\rbleu: downloading %s: %.1f MB of %s ", url, float64(done)/1e6, of)
		if done == total {
			fmt.Fprintln(c.stderr)
		}
	}
}

// testSetError is a failure of the cache (a download, a malformed file):
// exit status 1, with the message naming the URL or the file.
func testSetError(err error) error {
	if errors.Is(err, context.Canceled) {
		return &exitError{code: interruptedStatus, msg: "bleu: interrupted"}
	}
	return &exitError{code: 1, msg: "bleu: " + err.Error()}
}

// testSetInfo runs --download and --list, which sacreBLEU handles first;
// done is false when neither was given.
func (c *cli) testSetInfo(ctx context.Context, o *options) (done bool, err error) {
	switch {
	case o.download != nil:
		return true, c.download(ctx, o)
	case o.list:
		return true, c.list(ctx, o)
	}
	return false, nil
}

// download is --download SET: the set downloaded and the pair -l names (or
// every pair) processed. sacreBLEU crashes without -l for most sets.
func (c *cli) download(ctx context.Context, o *options) error {
	s, ok := c.sets.lookup(*o.download)
	if !ok {
		return &exitError{code: 1, msg: fmt.Sprintf("bleu: no such test set %s", pyRepr(*o.download))}
	}
	pairs := s.PairNames()
	if o.langPair != "" {
		pairs = []string{o.langPair}
	}
	tc := c.testSetCache(o)
	for _, p := range pairs {
		if _, err := tc.Fields(ctx, s, p); err != nil {
			return testSetError(err)
		}
	}
	return nil
}

// list is --list: the fields of each pair of -t's set, or the sets (for
// -l's pair).
func (c *cli) list(ctx context.Context, o *options) error {
	if o.testSet != nil {
		s, ok := c.sets.lookup(*o.testSet)
		if !ok {
			return &exitError{code: 1, msg: fmt.Sprintf("bleu: Unknown test set %s", pyRepr(*o.testSet))}
		}
		pairs := s.PairNames()
		if o.langPair != "" {
			pairs = []string{o.langPair}
		}
		tc := c.testSetCache(o)
		for _, p := range pairs {
			fields, err := tc.FieldNames(ctx, s, p)
			if err != nil {
				return testSetError(err)
			}
			fmt.Fprintf(c.out, "%s: %s\n", p, strings.Join(fields, ", "))
		}
		return nil
	}
	var sets []testset.Set
	if o.langPair != "" {
		fmt.Fprintf(c.out, "The available test sets for %s are:\n", o.langPair)
		src, trg, _ := strings.Cut(o.langPair, "-")
		trg, _, _ = strings.Cut(trg, "-")
		for _, s := range c.sets.all() {
			if slices.Contains(s.PairNames(), src+"-"+trg) || slices.Contains(s.PairNames(), trg+"-"+src) {
				sets = append(sets, s)
			}
		}
	} else {
		fmt.Fprintln(c.out, "The available test sets are:")
		sets = c.sets.all()
	}
	slices.SortFunc(sets, func(a, b testset.Set) int { return strings.Compare(a.Name, b.Name) })
	for _, s := range sets {
		fmt.Fprintf(c.out, "%-30s: %s\n", s.Name, py.Strip(s.Description))
	}
	return nil
}

// citation is --citation: each set's BibTeX entry. (sacreBLEU 2.6.0
// crashes on it with a TypeError.)
func (c *cli) citation(o *options) error {
	if o.testSet == nil {
		return &exitError{code: 1, msg: "bleu: I need a test set (-t)."}
	}
	for _, name := range setNames(o) {
		s, ok := c.sets.lookup(name)
		if !ok {
			return &exitError{code: 1, msg: fmt.Sprintf("bleu: Unknown test set %s", pyRepr(name))}
		}
		if s.Citation == "" {
			fmt.Fprintf(c.stderr, "bleu: No citation found for %s\n", name)
			continue
		}
		fmt.Fprintln(c.out, s.Citation)
	}
	return nil
}

// checkTestSet makes sacreBLEU's checks of -t and -l, and of references
// given with -t.
func (c *cli) checkTestSet(o *options) error {
	if o.testSet == nil {
		return nil
	}
	var sets []testset.Set
	for _, name := range setNames(o) {
		s, ok := c.sets.lookup(name)
		if !ok {
			return &exitError{code: 1, msg: fmt.Sprintf("bleu: Unknown test set %s\nbleu: Please run with --list to see the available test sets.", pyRepr(name))}
		}
		sets = append(sets, s)
	}
	if len(o.refs) > 0 {
		return &exitError{code: 1, msg: "bleu: I need exactly one of (a) a predefined test set (-t) or (b) a list of references"}
	}
	if o.langPair == "" {
		return &exitError{code: 1, msg: "bleu: I need a language pair (-l). Use --list to see available language pairs for this test set."}
	}
	for _, s := range sets {
		if _, ok := s.Pair(o.langPair); !ok {
			return &exitError{code: 1, msg: fmt.Sprintf("bleu: No such language pair %s\nbleu: Available language pairs for %s are:\nbleu:  > %s",
				pyRepr(o.langPair), pyRepr(s.Name), strings.Join(s.PairNames(), "\nbleu:  > "))}
		}
	}
	return nil
}

// filter is the selection --origlang and --subset ask for.
func filter(o *options) testset.Filter {
	var f testset.Filter
	if o.origLang != nil {
		f.Origlang = *o.origLang
	}
	if o.subset != nil {
		f.Subset = *o.subset
	}
	return f
}

// keepAll reports whether f selects every segment.
func keepAll(f testset.Filter) bool { return f == testset.Filter{} }

// echo is --echo FIELD...: the fields of each of -t's sets side by side,
// tab-separated, as sacreBLEU's print_test_set prints them.
func (c *cli) echo(ctx context.Context, o *options) error {
	tc := c.testSetCache(o)
	if slices.Contains(o.echo, "all") && len(o.echo) != 1 {
		return &exitError{code: 1, msg: "bleu: Cannot use --echo all with other fields"}
	}
	for _, name := range setNames(o) {
		s, _ := c.sets.lookup(name)
		fields, err := tc.Fields(ctx, s, o.langPair)
		if err != nil {
			return testSetError(err)
		}
		var names []string
		for _, f := range fields {
			names = append(names, f.Name)
		}
		want := o.echo
		if want[0] == "all" {
			want = names
		}
		var paths []string
		for _, w := range want {
			if w == "ref" && !slices.Contains(names, "ref") {
				w = firstRef(names) // sacreBLEU's backwards compatibility
			}
			i := slices.Index(names, w)
			if i < 0 {
				msg := fmt.Sprintf("bleu: No such field %s in test set %s for language pair %s.\nbleu: available fields for %s/%s: %s",
					w, name, o.langPair, name, o.langPair, strings.Join(names, ", "))
				if !slices.Contains(names, "ref") {
					msg += fmt.Sprintf("\nbleu: 'ref' also allowed for backwards compatibility (will return %s)", firstRef(names))
				}
				return &exitError{code: 1, msg: msg}
			}
			paths = append(paths, fields[i].Path)
		}
		columns := make([][]string, len(paths))
		for i, p := range paths {
			if columns[i], err = readLines(p); err != nil {
				return testSetError(err)
			}
		}
		if f := filter(o); !keepAll(f) {
			keep, err := tc.Keep(ctx, s, o.langPair, f)
			if err != nil {
				return testSetError(err)
			}
			for i := range columns {
				columns[i] = selectLines(columns[i], keep)
			}
		}
		n := len(columns[0])
		for _, col := range columns {
			n = min(n, len(col))
		}
		row := make([]string, len(columns))
		for j := range n {
			for i, col := range columns {
				row[i] = py.RStrip(col[j])
			}
			c.out.WriteString(strings.Join(row, "\t"))
			c.out.WriteByte('\n')
		}
	}
	return nil
}

// firstRef is the least field name starting with "ref" (Python's min).
func firstRef(names []string) string {
	first := ""
	for _, n := range names {
		if strings.HasPrefix(n, "ref") && (first == "" || n < first) {
			first = n
		}
	}
	return first
}

// selectLines keeps the lines keep selects, as sacreBLEU's filter_subset
// zips them: the shorter of the two decides.
func selectLines(lines []string, keep []bool) []string {
	var out []string
	for i := range min(len(lines), len(keep)) {
		if keep[i] {
			out = append(out, lines[i])
		}
	}
	return out
}

// readLines reads a processed field: its lines, each with its '\n' as
// Python reads them with newline="\n".
func readLines(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s := string(b)
	var lines []string
	for s != "" {
		i := strings.IndexByte(s, '\n') + 1
		if i == 0 {
			i = len(s)
		}
		lines = append(lines, s[:i])
		s = s[i:]
	}
	return lines, nil
}

// detailSystem returns the lines of the first system, unfiltered, as
// sacreBLEU holds them for -d: those of the first -i file, or the first
// field of each line of standard input, which useTestSet kept.
func (c *cli) detailSystem(o *options) ([]string, error) {
	enc, _ := lookupEncoding(o.encoding)
	var lr *lineReader
	if o.inputGiven {
		var err error
		if lr, err = openLines(nil, o.inputs[0], enc, o.replaceInvalid, nil); err != nil {
			return nil, err
		}
		defer lr.Close()
	} else {
		lr = newStdinLines(bytes.NewReader(o.detailStdin), enc, o.replaceInvalid)
	}
	var lines []string
	for {
		line, ok, err := lr.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			return lines, nil
		}
		line = py.RStrip(line)
		if !o.inputGiven {
			first, _, _ := strings.Cut(line, "\t")
			line = py.RStrip(first)
		}
		lines = append(lines, line)
	}
}

// useTestSet makes -t's references the REF files (concatenated into
// temporary files when -t names several sets) and, for --origlang or
// --subset, selects the segments to score. cleanup removes the temporary
// files.
func (c *cli) useTestSet(ctx context.Context, o *options) (cleanup func(), err error) {
	cleanup = func() {}
	if o.tokenize == "none" {
		c.warnf("You are turning off BLEU's internal tokenizer presumably to supply your own tokenized files.")
		c.warnf("Published numbers will not be comparable to other papers.")
	}
	if o.detail && !o.inputGiven {
		// -d scores the first system again: keep standard input.
		data, err := io.ReadAll(c.stdin)
		if err != nil {
			return cleanup, &exitError{code: 1, msg: "bleu: reading standard input: " + err.Error()}
		}
		o.detailStdin, c.stdin = data, bytes.NewReader(data)
	}
	tc := c.testSetCache(o)
	var perSet [][]string
	for _, name := range setNames(o) {
		s, _ := c.sets.lookup(name)
		refs, err := tc.References(ctx, s, o.langPair)
		if err != nil {
			return cleanup, testSetError(err)
		}
		if len(refs) == 0 {
			c.warnf("No references found for test set %s/%s.", name, o.langPair)
		}
		var paths []string
		for _, r := range refs {
			paths = append(paths, r.Path)
		}
		perSet = append(perSet, paths)
		if f := filter(o); !keepAll(f) {
			keep, err := tc.Keep(ctx, s, o.langPair, f)
			if err != nil {
				return cleanup, testSetError(err)
			}
			o.keep = append(o.keep, keep...)
		}
	}
	if o.keep != nil && !slices.Contains(o.keep, true) {
		msg := fmt.Sprintf("bleu: Test set %s contains no sentence with", pyRepr(*o.testSet))
		if o.origLang != nil {
			msg += " origlang=" + *o.origLang
		}
		if o.subset != nil {
			msg += " subset=" + *o.subset
		}
		return cleanup, &exitError{code: 1, msg: msg}
	}
	if len(perSet) == 1 {
		o.refs = perSet[0]
		return cleanup, nil
	}
	return c.concatRefs(o, perSet)
}

// concatRefs writes the references of several test sets, stream by
// stream, into temporary files that become the REF files, as sacreBLEU
// concatenates them.
func (c *cli) concatRefs(o *options, perSet [][]string) (cleanup func(), err error) {
	dir, err := os.MkdirTemp("", "bleu-refs-")
	if err != nil {
		return func() {}, &exitError{code: 1, msg: "bleu: " + err.Error()}
	}
	cleanup = func() { os.RemoveAll(dir) }
	o.refs = nil
	for k := range perSet[0] {
		var b strings.Builder
		for i, paths := range perSet {
			if k >= len(paths) {
				continue
			}
			lines, err := readLines(paths[k])
			if err != nil {
				return cleanup, testSetError(err)
			}
			for _, l := range lines {
				b.WriteString(strings.TrimSuffix(l, "\n"))
				b.WriteByte('\n')
			}
			if k == 0 && i > 0 && len(paths) > len(perSet[0]) {
				return cleanup, &exitError{code: 1, msg: "bleu: the test sets of -t have different numbers of references"}
			}
		}
		name := filepath.Join(dir, fmt.Sprintf("ref%d", k))
		if err := os.WriteFile(name, []byte(b.String()), 0o600); err != nil {
			return cleanup, &exitError{code: 1, msg: "bleu: " + err.Error()}
		}
		o.refs = append(o.refs, name)
	}
	return cleanup, nil
}

// detail is -d/--detail, sacreBLEU's print_subset_results: the first
// system's score under each metric of ms on the segments of each original
// language, and of each domain (or country) within it, over the whole test
// set (--origlang and --subset choose what to list, not what to score).
func (c *cli) detail(o *options, ms []metric) error {
	if o.testSet == nil {
		fmt.Fprintln(c.out, "No subset information found. Consider using --origlang argument.")
		return nil
	}
	if o.inputGiven && len(o.inputs) == 0 {
		return unsupportedf("-d/--detail with -t needs a system")
	}
	ctx := c.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	tc := c.testSetCache(o)
	var sets []testset.Set
	for _, name := range setNames(o) {
		set, _ := c.sets.lookup(name)
		sets = append(sets, set)
	}
	origlangs, subsets, err := detailGroups(ctx, o, tc, sets)
	if err != nil {
		return err
	}
	if len(origlangs) == 0 {
		fmt.Fprintln(c.out, "No subset information found. Consider using --origlang argument.")
		return nil
	}
	// print_subset_results takes the metrics in the order of -m, where the
	// other outputs sort them.
	ms = slices.Clone(ms)
	slices.SortStableFunc(ms, func(a, b metric) int {
		return slices.Index(o.metrics, strings.ToLower(a.key())) - slices.Index(o.metrics, strings.ToLower(b.key()))
	})
	system, err := c.detailSystem(o)
	if err != nil {
		return err
	}
	refs := make([][]string, len(o.refs))
	for i, r := range o.refs {
		if refs[i], err = readStripped(r); err != nil {
			return testSetError(err)
		}
	}
	var results []detailRow
	for _, origlang := range origlangs {
		for _, subset := range subsets {
			var keep []bool
			for _, set := range sets {
				k, err := tc.Keep(ctx, set, o.langPair, testset.Filter{Origlang: origlang, Subset: subset})
				if err != nil {
					return testSetError(err)
				}
				keep = append(keep, k...)
			}
			sys := selectLines(system, keep)
			if len(sys) == 0 {
				continue
			}
			sel := make([][]string, len(refs))
			for i := range refs {
				sel[i] = selectLines(refs[i], keep)
			}
			key := detailKey(origlang, subset)
			for _, m := range ms {
				st := m.newStats()
				if err := st.AddCorpus(sys, sel...); err != nil {
					return err
				}
				sc := st.score()
				results = append(results, detailRow{key, sc.name, py.FormatFixed(sc.percent, o.width), len(sys)})
			}
		}
	}
	if len(results) == 0 {
		return &exitError{code: 1, msg: "bleu: -d/--detail: no segment has the original languages " + strings.Join(origlangs, ", ")}
	}
	c.printDetail(results)
	return nil
}

// detailGroups returns -d/--detail's original languages (--origlang's
// characters, as sacreBLEU iterates over the string, else those of the
// test sets) and subsets ("" for every document, sacreBLEU's None, then
// --subset or the test sets' domains).
func detailGroups(ctx context.Context, o *options, tc *testset.Cache, sets []testset.Set) (origlangs, subsets []string, err error) {
	if o.origLang != nil && *o.origLang != "" {
		for _, r := range *o.origLang {
			origlangs = append(origlangs, string(r))
		}
	} else if origlangs, err = fromSets(sets, func(set testset.Set) ([]string, error) {
		return tc.Origlangs(ctx, set, o.langPair)
	}); err != nil {
		return nil, nil, err
	}
	subsets = []string{""}
	if o.subset != nil {
		return origlangs, append(subsets, *o.subset), nil
	}
	domains, err := fromSets(sets, func(set testset.Set) ([]string, error) {
		return tc.Domains(ctx, set, o.langPair)
	})
	if err != nil {
		return nil, nil, err
	}
	return origlangs, append(subsets, domains...), nil
}

// fromSets returns, sorted, every value that get returns for one of sets.
func fromSets(sets []testset.Set, get func(testset.Set) ([]string, error)) ([]string, error) {
	seen := map[string]bool{}
	for _, set := range sets {
		values, err := get(set)
		if err != nil {
			return nil, testSetError(err)
		}
		for _, v := range values {
			seen[v] = true
		}
	}
	return sortedSet(seen), nil
}

// detailRow is a line of -d/--detail: a metric's score on the segments of
// one original language and subset.
type detailRow struct {
	key, name, score string
	n                int // segments
}

// detailKey is the label of the segments of origlang and subset ("" for
// all).
func detailKey(origlang, subset string) string {
	key := "origlang=" + origlang
	switch {
	case subset == "":
		return key + " domain=ALL"
	case strings.HasPrefix(subset, "country:"):
		return key + " country=" + subset[8:]
	}
	return key + " domain=" + subset
}

// printDetail prints -d/--detail's rows. sacreBLEU pads the keys to the
// longest and the metric names to the longest among the first key's
// scores.
func (c *cli) printDetail(results []detailRow) {
	width, nameWidth := 0, 0
	for _, r := range results {
		width = max(width, utf8.RuneCountInString(r.key)+1)
		if r.key == results[0].key {
			nameWidth = max(nameWidth, utf8.RuneCountInString(r.name))
		}
	}
	for _, r := range results {
		pad := strings.Repeat(" ", width-utf8.RuneCountInString(r.key))
		fmt.Fprintf(c.out, "%s%s: sentences=%-6d %-*s = %s\n", r.key, pad, r.n, nameWidth, r.name, r.score)
	}
}

// readStripped reads a file's lines, each without trailing white space,
// as sacreBLEU holds a system's or the references' lines.
func readStripped(path string) ([]string, error) {
	lines, err := readLines(path)
	for i, l := range lines {
		lines[i] = py.RStrip(l)
	}
	return lines, err
}

func sortedSet(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
