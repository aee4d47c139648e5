package testset

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Filter selects the segments of a test set by their documents, as
// sacreBLEU's --origlang and --subset do. Its zero value selects every
// segment.
type Filter struct {
	// Origlang, if not "", keeps the documents whose original language
	// is Origlang, or, written "non-XX", is not XX.
	Origlang string
	// Subset, if not "", keeps the documents whose annotation matches the
	// regular expression Subset (Go's syntax; sacreBLEU's is Python's):
	// for [WMTXML] the domain attribute, for the sets [Subsets] annotates
	// their "COUNTRY-domain" annotation; a "country:" prefix is dropped.
	Subset string
}

var (
	origlangRE = regexp.MustCompile(`.* origlang="([^"]+)".*\n`)
	docidRE    = regexp.MustCompile(`.* docid="([^"]+)".*\n`)
)

// pySub is Python's re.sub(pattern, r'\1', line) for the two patterns
// above, which match a whole line or nothing.
func pySub(re *regexp.Regexp, line string) string {
	return re.ReplaceAllString(line, "${1}")
}

// Keep returns, for each segment of the pair pair of s, whether f keeps
// it (sacreBLEU's filter_subset), reading the raw files of a [WMTXML] set
// or the source's ".sgm" file; other sets cannot be filtered. It
// downloads s if needed.
func (c *Cache) Keep(ctx context.Context, s Set, pair string, f Filter) ([]bool, error) {
	if err := c.check(&s); err != nil {
		return nil, err
	}
	p, err := s.pair(pair)
	if err != nil {
		return nil, err
	}
	var subset *regexp.Regexp
	if f.Subset != "" {
		if subset, err = regexp.Compile(strings.TrimPrefix(f.Subset, "country:")); err != nil {
			return nil, fmt.Errorf("testset: subset %q: %w", f.Subset, err)
		}
	}
	keepLang := func(origlang string) bool {
		switch {
		case f.Origlang == "":
			return true
		case strings.HasPrefix(f.Origlang, "non-"):
			return origlang != f.Origlang[4:]
		}
		return origlang == f.Origlang
	}
	if s.Format == WMTXML {
		doc, err := c.readWMT(ctx, &s, p)
		if err != nil {
			return nil, err
		}
		origlangs, domains := doc.field("origlang"), doc.field("domain")
		keep := make([]bool, len(origlangs))
		for i, o := range origlangs {
			keep[i] = keepLang(o.s)
			if subset != nil && (i >= len(domains) || domains[i].none || !subset.MatchString(domains[i].s)) {
				keep[i] = false
			}
		}
		return keep, nil
	}
	if len(p.Files) == 0 || !strings.HasSuffix(p.Files[0], ".sgm") {
		return nil, fmt.Errorf("testset: --origlang and --subset support only WMT *.xml and *.sgm files, not %s/%s", s.Name, p.Name)
	}
	var tags map[string]string
	if subset != nil {
		if tags = Subsets(s.Name); tags == nil {
			return nil, fmt.Errorf("testset: no subset annotation available for test set %s", s.Name)
		}
	}
	if err := c.download(ctx, &s); err != nil {
		return nil, err
	}
	var keep []bool
	include := false
	err = eachLine(c.rawFile(&s, p.Files[0]), func(line string) error {
		if strings.HasPrefix(line, "<doc ") {
			include = keepLang(pySub(origlangRE, line))
			if subset != nil && !subset.MatchString(tags[pySub(docidRE, line)]) {
				include = false
			}
		}
		if strings.HasPrefix(line, "<seg ") {
			keep = append(keep, include)
		}
		return nil
	})
	return keep, err
}

// Origlangs returns the original languages of the documents of the pair
// pair of s, sorted (sacreBLEU's get_available_origlangs): those of a
// [WMTXML] file or of the "<doc " lines of an ".sgm" source; none for
// other sets. It downloads s if needed.
func (c *Cache) Origlangs(ctx context.Context, s Set, pair string) ([]string, error) {
	if err := c.check(&s); err != nil {
		return nil, err
	}
	p, err := s.pair(pair)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	if s.Format == WMTXML {
		doc, err := c.readWMT(ctx, &s, p)
		if err != nil {
			return nil, err
		}
		for _, o := range doc.field("origlang") {
			seen[o.s] = true
		}
	} else if len(p.Files) > 0 && strings.HasSuffix(p.Files[0], ".sgm") {
		if err := c.download(ctx, &s); err != nil {
			return nil, err
		}
		err := eachLine(c.rawFile(&s, p.Files[0]), func(line string) error {
			if strings.HasPrefix(line, "<doc ") {
				seen[pySub(origlangRE, line)] = true
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return sortedKeys(seen), nil
}

// Domains returns the subsets sacreBLEU's -d/--detail reports for the pair
// pair of s, sorted (get_available_subsets): the domains of a [WMTXML]
// file, or for a set [Subsets] annotates, every "country:COUNTRY" and
// domain of the annotation. It downloads a [WMTXML] set if needed.
func (c *Cache) Domains(ctx context.Context, s Set, pair string) ([]string, error) {
	if err := c.check(&s); err != nil {
		return nil, err
	}
	p, err := s.pair(pair)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	if s.Format == WMTXML {
		doc, err := c.readWMT(ctx, &s, p)
		if err != nil {
			return nil, err
		}
		for _, d := range doc.field("domain") {
			if d.none {
				return nil, fmt.Errorf("testset: %s/%s: a document has no domain", s.Name, pair)
			}
			seen[d.s] = true
		}
	} else {
		for _, v := range Subsets(s.Name) {
			country, rest, _ := strings.Cut(v, "-")
			domain, _, _ := strings.Cut(rest, "-")
			seen["country:"+country] = true
			seen[domain] = true
		}
	}
	return sortedKeys(seen), nil
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
