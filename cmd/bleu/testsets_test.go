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
	ts := newTestSets(lookupIn(map[string]string{"SACREBLEU": t.TempDir()}))
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
