package testset

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// goldens is testdata/goldens.json, what sacreBLEU 2.6.0 makes of the
// generated sets (see testdata/goldens.py).
type goldens struct {
	Library []struct {
		Set       string            `json:"set"`
		Pair      string            `json:"pair"`
		Fields    []string          `json:"fields"`
		Files     map[string]string `json:"files"`
		Refs      []string          `json:"refs"`
		Origlangs result            `json:"origlangs"`
		Subsets   result            `json:"subsets"`
		Filters   []struct {
			Origlang *string `json:"origlang"`
			Subset   *string `json:"subset"`
			Value    []bool  `json:"value"`
			Error    string  `json:"error"`
		} `json:"filters"`
	} `json:"library"`
}

type result struct {
	Value []string `json:"value"`
	Error string   `json:"error"`
}

func readGoldens(t testing.TB) *goldens {
	t.Helper()
	data, err := os.ReadFile("testdata/goldens.json")
	if err != nil {
		t.Fatal(err)
	}
	var g goldens
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	return &g
}

// refsSorted sorts each run of "ref" fields, whose order in sacreBLEU's
// WMT XML reader follows Python's string hashing.
func refsSorted(names []string) []string {
	names = slices.Clone(names)
	for i := 0; i < len(names); {
		j := i
		for j < len(names) && strings.HasPrefix(names[j], "ref") {
			j++
		}
		slices.Sort(names[i:j])
		i = max(j, i+1)
	}
	return names
}

// crash reports whether sacreBLEU failed with an exception other than the
// ones it raises on purpose (Exception), where we do what we document.
func crash(err string) bool { return err != "" && err != "Exception" }

// TestGoldens processes the generated sets, downloaded from a local server,
// and compares every processed file, field list, reference choice,
// origlang and subset list and filter with sacreBLEU's.
func TestGoldens(t *testing.T) {
	sets, srv := generatedSets(t)
	c := Cache{Dir: t.TempDir(), MapURL: srv.MapURL}
	ctx := context.Background()
	for _, g := range readGoldens(t).Library {
		s := lookupTest(t, sets, g.Set)
		fields, err := c.Fields(ctx, s, g.Pair)
		if err != nil {
			t.Errorf("%s/%s: %v", g.Set, g.Pair, err)
			continue
		}
		var names []string
		for _, f := range fields {
			names = append(names, f.Name)
			want, ok := g.Files[filepath.Base(f.Path)]
			got, err := os.ReadFile(f.Path)
			if !ok || err != nil || string(got) != want {
				t.Errorf("%s/%s: %s (%v):\n got %q\nwant %q", g.Set, g.Pair, f.Path, err, got, want)
			}
		}
		if want := refsSorted(g.Fields); !slices.Equal(names, want) {
			t.Errorf("%s/%s: fields %q, want %q", g.Set, g.Pair, names, want)
		}
		if fn, err := c.FieldNames(ctx, s, g.Pair); err != nil || !slices.Equal(fn, names) {
			t.Errorf("%s/%s: FieldNames = %q, %v; want %q", g.Set, g.Pair, fn, err, names)
		}
		refs, err := c.References(ctx, s, g.Pair)
		var refNames []string
		for _, r := range refs {
			refNames = append(refNames, filepath.Base(r.Path))
		}
		if err != nil || !slices.Equal(refNames, g.Refs) {
			t.Errorf("%s/%s: references %q, %v; want %q", g.Set, g.Pair, refNames, err, g.Refs)
		}
		origlangs, err := c.Origlangs(ctx, s, g.Pair)
		checkList(t, g.Set+"/"+g.Pair+" origlangs", origlangs, err, g.Origlangs)
		domains, err := c.Domains(ctx, s, g.Pair)
		checkList(t, g.Set+"/"+g.Pair+" domains", domains, err, g.Subsets)
		for _, f := range g.Filters {
			var filter Filter
			if f.Origlang != nil {
				filter.Origlang = *f.Origlang
			}
			if f.Subset != nil {
				filter.Subset = *f.Subset
			}
			keep, err := c.Keep(ctx, s, g.Pair, filter)
			switch {
			case crash(f.Error):
			case f.Error != "":
				if err == nil {
					t.Errorf("%s/%s: Keep(%+v) = %v, want an error", g.Set, g.Pair, filter, keep)
				}
			case err != nil || !slices.Equal(keep, f.Value):
				t.Errorf("%s/%s: Keep(%+v) = %v, %v; want %v", g.Set, g.Pair, filter, keep, err, f.Value)
			}
		}
	}
}

func checkList(t *testing.T, what string, got []string, err error, want result) {
	t.Helper()
	if crash(want.Error) {
		return
	}
	if want.Value == nil {
		want.Value = []string{}
	}
	if got == nil {
		got = []string{}
	}
	if err != nil || !slices.Equal(got, want.Value) {
		t.Errorf("%s = %q, %v; want %q", what, got, err, want.Value)
	}
}
