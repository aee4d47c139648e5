package testset

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestCatalogueInvariants(t *testing.T) {
	sets := Sets()
	pairs := 0
	md5RE := regexp.MustCompile(`^[0-9a-f]{32}$`)
	pairRE := regexp.MustCompile(`^[a-z]{2,3}(_[A-Za-z]+)?-[a-z]{2,3}(_[A-Za-z]+)?$`)
	seen := map[string]bool{}
	for _, s := range sets {
		if seen[s.Name] {
			t.Errorf("%s: listed twice", s.Name)
		}
		seen[s.Name] = true
		if s.Format >= numFormats {
			t.Errorf("%s: format %v", s.Name, s.Format)
		}
		if len(s.URLs) == 0 || len(s.URLs) != len(s.MD5s) {
			t.Errorf("%s: %d URLs, %d MD5s", s.Name, len(s.URLs), len(s.MD5s))
		}
		for i, u := range s.URLs {
			if !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "http://") {
				t.Errorf("%s: URL %q", s.Name, u)
			}
			if !md5RE.MatchString(s.MD5s[i]) {
				t.Errorf("%s: MD5 %q", s.Name, s.MD5s[i])
			}
		}
		if s.Description == "" {
			t.Errorf("%s: no description", s.Name)
		}
		if (s.Refs != nil) != (s.Format == WMTXML) {
			t.Errorf("%s: refs %q for format %v", s.Name, s.Refs, s.Format)
		}
		if len(s.Pairs) == 0 {
			t.Errorf("%s: no language pairs", s.Name)
		}
		pairSeen := map[string]bool{}
		for _, p := range s.Pairs {
			pairs++
			if pairSeen[p.Name] || !pairRE.MatchString(p.Name) {
				t.Errorf("%s: pair %q repeated or malformed", s.Name, p.Name)
			}
			pairSeen[p.Name] = true
			var ok bool
			switch s.Format {
			case WMTXML:
				ok = len(p.Files) == 1 && strings.HasSuffix(p.Files[0], ".xml")
			case PlainText, TSV:
				ok = len(p.Files) == 2
			default:
				ok = len(p.Files) >= 2
			}
			if !ok {
				t.Errorf("%s/%s: files %q for format %v", s.Name, p.Name, p.Files, s.Format)
			}
			if p.Refs != nil && (s.Format != WMTXML || len(p.Refs) == 0) {
				t.Errorf("%s/%s: refs %q", s.Name, p.Name, p.Refs)
			}
			for _, f := range p.Files {
				if f == "" || strings.HasPrefix(f, "/") || strings.Contains(f, "..") {
					t.Errorf("%s/%s: file %q", s.Name, p.Name, f)
				}
			}
		}
		got, ok := Lookup(s.Name)
		if !ok || got.Name != s.Name || len(got.Pairs) != len(s.Pairs) {
			t.Errorf("Lookup(%q) = %v, %v", s.Name, got.Name, ok)
		}
	}
	// The figures of sacreBLEU 2.6.0's DATASETS.
	if len(sets) != 67 || pairs != 452 {
		t.Errorf("%d sets, %d pairs; want 67, 452", len(sets), pairs)
	}
	if _, ok := Lookup("wmt99"); ok {
		t.Error("Lookup(wmt99) found a set")
	}
	if names := Names(); len(names) != 67 || names[0] != "wmt24" {
		t.Errorf("Names() = %q...", names[:3])
	}
}

func TestCatalogueEntries(t *testing.T) {
	s, ok := Lookup("wmt22")
	if !ok {
		t.Fatal("no wmt22")
	}
	if s.Format != WMTXML || s.URLs[0] != "https://github.com/wmt-conference/wmt22-news-systems/archive/refs/tags/v1.1.tar.gz" ||
		s.MD5s[0] != "0840978b9b50b9ac3b2b081e37d620b9" || !slices.Equal(s.Refs, []string{"A"}) {
		t.Errorf("wmt22 = %+v", s)
	}
	p, ok := s.Pair("cs-en")
	if !ok || !slices.Equal(p.Refs, []string{"B"}) || p.Files[0] != "wmt22-news-systems-1.1/xml/wmttest2022.cs-en.all.xml" {
		t.Errorf("wmt22 cs-en = %+v", p)
	}
	if p, _ := s.Pair("de-en"); p.Refs != nil {
		t.Errorf("wmt22 de-en refs %q", p.Refs)
	}
	m, _ := Lookup("mtnt2019")
	if p, _ := m.Pair("en-fr"); m.Format != TSV || !slices.Equal(p.Files, []string{"2:MTNT2019/en-fr.final.tsv", "3:MTNT2019/en-fr.final.tsv"}) {
		t.Errorf("mtnt2019 en-fr = %+v", p)
	}
	w, _ := Lookup("wmt14")
	if w.Format != FakeSGML || w.Citation == "" {
		t.Errorf("wmt14: %v, citation %q", w.Format, w.Citation)
	}
	if d, _ := Lookup("wmt21/dev"); !slices.Equal(d.Refs, []string{"A", ""}) {
		t.Errorf("wmt21/dev refs %q", d.Refs)
	}
	got := SetsForPair("de-en")
	if len(got) == 0 || !slices.Contains(got, "wmt22") || !slices.Contains(got, "wmt14") {
		t.Errorf("SetsForPair(de-en) = %q", got)
	}
	if sub := Subsets("wmt19"); sub["bbc.381790"] != "GB-politics" || len(Subsets("wmt18")) == 0 || Subsets("wmt22") != nil {
		t.Errorf("Subsets: %d wmt19 entries", len(sub))
	}
}

// TestLookupCopies checks that the catalogue cannot be changed through
// what it returns.
func TestLookupCopies(t *testing.T) {
	s, _ := Lookup("wmt22")
	s.URLs[0] = "changed"
	s.Pairs[0].Files[0] = "changed"
	s.Refs[0] = "changed"
	s2, _ := Lookup("wmt22")
	if s2.URLs[0] == "changed" || s2.Pairs[0].Files[0] == "changed" || s2.Refs[0] == "changed" {
		t.Error("Lookup returned the catalogue's own slices")
	}
}
