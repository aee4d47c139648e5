package main

import (
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-bleu/bleu/internal/testsetgen"
	"github.com/go-bleu/bleu/testset"
)

// offlineSets is sacreBLEU's catalogue over an empty cache in a temporary
// directory, with every download failing: tests use no network.
func offlineSets(t testing.TB) *testSets {
	ts := newTestSets(t.TempDir())
	ts.cache.Client = &http.Client{Transport: roundTripFunc(func(*http.Request) (*http.Response, error) {
		return nil, errors.New("no network in tests")
	})}
	return ts
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

var generatedFormats = map[string]testset.Format{
	"PlainText": testset.PlainText, "FakeSGMLDataset": testset.FakeSGML, "WMTAdditionDataset": testset.WMTAddition,
	"IWSLTXMLDataset": testset.IWSLTXML, "TSVDataset": testset.TSV, "WMTXMLDataset": testset.WMTXML,
}

// generatedSets is the catalogue of testset/testdata's generated sets,
// served from a local server into a temporary cache, as goldens.py
// registers them with sacreBLEU.
func generatedSets(t testing.TB) (*testSets, *testsetgen.Server) {
	gen, srv := testsetgen.Load(t, "../../testset/testdata")
	var sets []testset.Set
	for _, g := range gen {
		s := testset.Set{Name: g.Name, Format: generatedFormats[g.Format], URLs: g.URLs, MD5s: g.MD5s, Refs: g.Refs,
			Description: "Generated " + g.Format + " set."}
		for _, p := range g.Pairs {
			s.Pairs = append(s.Pairs, testset.Pair{Name: p.Name, Files: p.Files, Refs: p.Refs})
		}
		sets = append(sets, s)
	}
	// goldens.py adds the generated sets to sacreBLEU's catalogue.
	all := testset.Sets()
	for _, s := range sets {
		i := slices.IndexFunc(all, func(a testset.Set) bool { return a.Name == s.Name })
		if i >= 0 {
			all[i] = s
		} else {
			all = append(all, s)
		}
	}
	lookup := func(name string) (testset.Set, bool) {
		for _, s := range all {
			if s.Name == name {
				return s, true
			}
		}
		return testset.Set{}, false
	}
	return &testSets{lookup: lookup, all: func() []testset.Set { return slices.Clone(all) },
		cache: testset.Cache{Dir: t.TempDir(), MapURL: srv.MapURL}}, srv
}

type cliGolden struct {
	Args    []string `json:"args"`
	Stdout  string   `json:"stdout"`
	Status  int      `json:"status"`
	Crashed bool     `json:"crashed"`
}

func readCLIGoldens(t testing.TB) []cliGolden {
	data, err := os.ReadFile("../../testset/testdata/goldens.json")
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		CLI []cliGolden `json:"cli"`
	}
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	return g.CLI
}

// refOrder returns, for a "--list" line of sacreBLEU's ("pair: f1, f2"),
// the fields in sacreBLEU's order and in ours (each run of "ref" fields
// sorted: sacreBLEU orders a WMT XML file's references as Python iterates
// a set of strings, which changes from run to run).
func refOrder(line string) (theirs, ours []string) {
	_, fields, _ := strings.Cut(line, ": ")
	theirs = strings.Split(fields, ", ")
	ours = slices.Clone(theirs)
	for i := 0; i < len(ours); {
		j := i
		for j < len(ours) && strings.HasPrefix(ours[j], "ref") {
			j++
		}
		slices.Sort(ours[i:j])
		i = max(j, i+1)
	}
	return theirs, ours
}

// reorder puts the tab-separated columns of out, in our field order, into
// sacreBLEU's.
func reorder(out string, theirs, ours []string) string {
	lines := strings.SplitAfter(out, "\n")
	for k, l := range lines {
		if l == "" {
			continue
		}
		cols := strings.Split(strings.TrimSuffix(l, "\n"), "\t")
		if len(cols) != len(ours) {
			continue
		}
		moved := make([]string, len(cols))
		for i, name := range theirs {
			moved[i] = cols[slices.Index(ours, name)]
		}
		lines[k] = strings.Join(moved, "\t") + "\n"
	}
	return strings.Join(lines, "")
}

// TestTestSetGoldens runs sacreBLEU's command lines on the generated sets
// (--list, --echo, --citation, --origlang, --subset, errors) and compares
// standard output and exit status, where sacreBLEU does not crash.
func TestTestSetGoldens(t *testing.T) {
	sets, _ := generatedSets(t)
	goldens := readCLIGoldens(t)
	// sacreBLEU's field order of each pair, from its --list output.
	order := map[string]string{}
	for _, g := range goldens {
		if len(g.Args) == 5 && g.Args[4] == "--list" && g.Status == 0 {
			order[g.Args[1]+"/"+g.Args[3]] = strings.TrimSuffix(g.Stdout, "\n")
		}
	}
	for _, g := range goldens {
		if g.Crashed {
			continue
		}
		name := strings.Join(g.Args, " ")
		var out, errb strings.Builder
		c := &cli{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, lookupEnv: lookupIn(nil), now: time.Now, sets: sets}
		rc := c.main(g.Args)
		got := out.String()
		want := g.Stdout
		if len(g.Args) >= 2 && g.Args[0] == "-t" {
			for key, line := range order {
				if !strings.HasPrefix(key, g.Args[1]+"/") {
					continue
				}
				theirs, ours := refOrder(line)
				if len(g.Args) >= 4 && key == g.Args[1]+"/"+g.Args[3] && slices.Contains(g.Args, "all") {
					got = reorder(got, theirs, ours)
				}
				want = strings.ReplaceAll(want, strings.Join(theirs, ", "), strings.Join(ours, ", "))
			}
		}
		if rc != g.Status || got != want {
			t.Errorf("%s: exit status %d, standard output\n%q\nsacreBLEU: %d,\n%q\n(standard error %q)", name, rc, got, g.Status, want, errb.String())
		}
		if rc != 0 && !strings.HasPrefix(errb.String(), "bleu: ") {
			t.Errorf("%s: standard error %q", name, errb.String())
		}
	}
}

// TestTestSetScoring scores the generated hypotheses against the
// generated sets as sacreBLEU did (testdata/goldens.json "scoring"), in
// testset/testdata, where sacreBLEU ran: the systems' names are their
// paths.
func TestTestSetScoring(t *testing.T) {
	sets, _ := generatedSets(t)
	data, err := os.ReadFile("../../testset/testdata/goldens.json")
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Scoring []cliGolden `json:"scoring"`
	}
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	t.Chdir("../../testset/testdata")
	for _, run := range g.Scoring {
		if run.Crashed {
			continue
		}
		args, stdin := run.Args, ""
		if i := slices.Index(args, "<"); i >= 0 {
			b, err := os.ReadFile(args[i+1])
			if err != nil {
				t.Fatal(err)
			}
			args, stdin = args[:i], string(b)
		}
		var out, errb strings.Builder
		c := &cli{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, lookupEnv: lookupIn(nil), now: time.Now, sets: sets}
		rc := c.main(args)
		if want := ourVersion.Replace(run.Stdout); rc != run.Status || out.String() != want {
			t.Errorf("%s: exit status %d, standard output\n%s\nsacreBLEU: %d,\n%s\n(standard error %q)",
				strings.Join(run.Args, " "), rc, out.String(), run.Status, want, errb.String())
		}
	}
}

// TestTestSetBeyondSacrebleu covers what sacreBLEU crashes on (a
// traceback) and what it does not have; each is what the command's
// documentation says.
func TestTestSetBeyondSacrebleu(t *testing.T) {
	sets, srv := generatedSets(t)
	tests := []struct {
		name   string
		args   []string
		rc     int
		stdout string // a prefix of standard output
		stderr string // a part of standard error
	}{
		{"citation", []string{"--citation", "-t", "wmt14"}, 0, "@InProceedings{bojar-EtAl:2014:W14-33,", ""},
		{"no citation", []string{"--citation", "-t", "gen/plain"}, 0, "", "No citation found for gen/plain"},
		{"origlang of plain text", []string{"-t", "gen/plain", "-l", "en-de", "--echo", "src", "--origlang", "en"}, 1, "", "only WMT *.xml and *.sgm"},
		{"subset without annotation", []string{"-t", "wmt08/gen", "-l", "fr-en", "--echo", "src", "--subset", "news"}, 1, "", "no subset annotation"},
		{"origlang of a pair with its own references", []string{"-t", "gen/xml", "-l", "de-en", "--echo", "origlang", "--origlang", "en"}, 0, "en\nen\n", ""},
		{"download", []string{"--download", "gen/iwslt"}, 0, "", ""},
		{"download, unknown set", []string{"--download", "nosuch"}, 1, "", "no such test set 'nosuch'"},
		{"detail, origlang", []string{"-t", "gen/xml", "-l", "en-de", "-i", "../../testset/testdata/hyps/xml-en-de-1.txt", "-d", "--origlang", "en"}, 1,
			"BLEU|nrefs:1|", "no segment has the original languages e, n"},
		{"html", []string{"-t", "gen/xml", "-l", "en-de", "-i", "../../testset/testdata/hyps/xml-en-de-1.txt", "-f", "html"}, 0, "<!DOCTYPE html>", ""},
	}
	for _, tt := range tests {
		var out, errb strings.Builder
		c := &cli{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, lookupEnv: lookupIn(nil), now: time.Now, sets: sets}
		rc := c.main(tt.args)
		if rc != tt.rc || !strings.HasPrefix(out.String(), tt.stdout) || !strings.Contains(errb.String(), tt.stderr) {
			t.Errorf("%s: exit status %d, standard output %.200q, standard error %q", tt.name, rc, out.String(), errb.String())
		}
	}
	if _, err := os.Stat(sets.cache.RawPath(mustLookup(t, sets, "gen/iwslt"), srv.URL+"/gen/iwslt.zip")); err != nil {
		t.Errorf("--download left no download: %v", err)
	}
}

func mustLookup(t *testing.T, sets *testSets, name string) testset.Set {
	s, ok := sets.lookup(name)
	if !ok {
		t.Fatalf("no set %s", name)
	}
	return s
}

// TestListCatalogue: --list names every set of sacreBLEU's catalogue.
func TestListCatalogue(t *testing.T) {
	got := runCLI(t, "", "--list")
	lines := strings.Split(strings.TrimSuffix(got.Stdout, "\n"), "\n")
	if got.RC != 0 || len(lines) != 68 || lines[0] != "The available test sets are:" ||
		lines[1] != "iwslt17                       : Official evaluation data for IWSLT." {
		t.Errorf("--list: %d, %d lines: %q", got.RC, len(lines), lines[:min(3, len(lines))])
	}
}

// TestDownloadProgress: on a terminal, a download draws its progress on
// standard error; elsewhere it is silent.
func TestDownloadProgress(t *testing.T) {
	for _, terminal := range []bool{true, false} {
		sets, _ := generatedSets(t)
		var out, errb strings.Builder
		c := &cli{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, lookupEnv: lookupIn(nil), now: time.Now, sets: sets, terminal: terminal}
		rc := c.main([]string{"--download", "gen/xml"})
		drawn := strings.Contains(errb.String(), "\rbleu: downloading ") && strings.HasSuffix(errb.String(), "\n")
		if rc != 0 || out.String() != "" || drawn != terminal || (!terminal && errb.String() != "") {
			t.Errorf("terminal %v: exit status %d, standard error %q", terminal, rc, errb.String())
		}
	}
}
