package testset

import (
	"bufio"
	"cmp"
	"compress/gzip"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/go-bleu/bleu/internal/cache"
	"github.com/go-bleu/bleu/internal/py"
)

// element is the part of an lxml element that sacreBLEU's WMT XML reader
// looks at.
type element struct {
	name  string
	attrs []xml.Attr
	// text is lxml's .text: the character data before the first child
	// (element, comment or processing instruction); none when it is empty.
	text    string
	hasText bool
	kids    []*element
}

func (e *element) get(name string) (string, bool) {
	for _, a := range e.attrs {
		if a.Name.Space == "" && a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}

// findAll returns the descendants of e named name in document order, as
// lxml's e.findall(".//name").
func (e *element) findAll(name string) []*element {
	var found []*element
	var walk func(*element)
	walk = func(e *element) {
		for _, k := range e.kids {
			if k.name == name {
				found = append(found, k)
			}
			walk(k)
		}
	}
	walk(e)
	return found
}

// parseXML reads an XML document into elements.
func parseXML(r io.Reader) (*element, error) {
	d := xml.NewDecoder(r)
	root := &element{}
	stack := []*element{root}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		top := stack[len(stack)-1]
		switch t := tok.(type) {
		case xml.StartElement:
			name := t.Name.Local
			if t.Name.Space != "" {
				name = "{" + t.Name.Space + "}" + name
			}
			e := &element{name: name, attrs: t.Attr}
			top.kids = append(top.kids, e)
			stack = append(stack, e)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(top.kids) == 0 && top != root {
				top.text += string(t)
				top.hasText = top.text != ""
			}
		case xml.Comment, xml.ProcInst:
			if top != root {
				// A comment or instruction is a child in lxml and ends .text.
				top.kids = append(top.kids, &element{})
			}
		}
	}
	if len(root.kids) != 1 {
		return nil, errors.New("no root element")
	}
	return root.kids[0], nil
}

// cell is one value of a field: a string, or Python's None.
type cell struct {
	s    string
	none bool
}

// wmtDoc holds the fields of a WMT XML file, in sacreBLEU's order.
type wmtDoc struct {
	fields []wmtField
}

type wmtField struct {
	name   string
	values []cell
}

func (d *wmtDoc) names() []string {
	names := make([]string, len(d.fields))
	for i := range d.fields {
		names[i] = d.fields[i].name
	}
	return names
}

func (d *wmtDoc) field(name string) []cell {
	for i := range d.fields {
		if d.fields[i].name == name {
			return d.fields[i].values
		}
	}
	return nil
}

// set sets the field name as a Python dict sets a key: a new name goes
// last, an old one keeps its place.
func (d *wmtDoc) set(name string, values []cell) {
	for i := range d.fields {
		if d.fields[i].name == name {
			d.fields[i].values = values
			return
		}
	}
	d.fields = append(d.fields, wmtField{name, values})
}

// translatorField is sacreBLEU's _get_field_by_translator.
func translatorField(translator string) string {
	if translator == "" {
		return "ref"
	}
	return "ref:" + translator
}

// translator is a ref element's translator attribute, which may be
// absent (None) or empty; both name the field "ref".
type translator struct {
	name    string
	present bool
}

// unwrapWMT is sacreBLEU's WMTXMLDataset._unwrap_wmt21_or_later. The
// references' fields, which sacreBLEU orders as Python happens to iterate
// a set of strings (differently from run to run), are in the order of
// their names.
func unwrapWMT(root *element) (*wmtDoc, error) {
	translators, err := wmtTranslators(root)
	if err != nil {
		return nil, err
	}
	d := &wmtDoc{}
	d.set("src", nil)
	for _, t := range translators {
		d.set(translatorField(t.name), nil)
	}
	var systems wmtDoc
	var docids, origlangs, domains []cell
	seenDomain := false
	for _, doc := range root.findAll("doc") {
		if _, ok := doc.get("testsuite"); ok {
			continue
		}
		segs, err := docSegments(doc)
		if err != nil {
			return nil, err
		}
		ids := make([]int64, 0, len(segs.src))
		for id := range segs.src {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		docid, hasID := doc.get("id")
		origlang, hasOrig := doc.get("origlang")
		domain, hasDomain := doc.get("domain")
		for _, id := range ids {
			hasRef := false
			for _, sents := range segs.refs {
				if sents[id] != "" {
					hasRef = true
					break
				}
			}
			if !hasRef {
				continue // no reference for this segment
			}
			for _, t := range translators {
				f := &d.fields[slices.IndexFunc(d.fields, func(f wmtField) bool { return f.name == translatorField(t.name) })]
				f.values = append(f.values, cell{s: segs.refs[t][id]})
			}
			d.fields[0].values = append(d.fields[0].values, segs.src[id])
			for _, name := range segs.hypNames {
				text, ok := segs.hyps[name][id]
				if !ok {
					return nil, fmt.Errorf("system %s has no segment %d in document %s", name, id, docid)
				}
				systems.set(name, append(systems.field(name), cell{s: text}))
			}
			if !hasID || !hasOrig {
				return nil, errors.New("a document has no id or no origlang attribute")
			}
			docids = append(docids, cell{s: docid})
			origlangs = append(origlangs, cell{s: origlang})
			domains = append(domains, cell{domain, !hasDomain})
			seenDomain = hasDomain // sacreBLEU looks at the last segment's document
		}
	}
	src := d.fields[0].values
	d.set("src", src) // the dict literal's first key
	d.set("docid", docids)
	d.set("origlang", origlangs)
	for _, f := range systems.fields {
		d.set(f.name, f.values)
	}
	if seenDomain {
		d.set("domain", domains)
	}
	return d, nil
}

// wmtTranslators returns the translators of the references of root, in
// the order of their fields' names, after checking that root has one
// source and one reference language.
func wmtTranslators(root *element) ([]translator, error) {
	srcLangs, refLangs := map[cell]bool{}, map[cell]bool{}
	for _, e := range root.findAll("src") {
		v, ok := e.get("lang")
		srcLangs[cell{v, !ok}] = true
	}
	var translators []translator
	for _, e := range root.findAll("ref") {
		v, ok := e.get("lang")
		refLangs[cell{v, !ok}] = true
		t, ok := e.get("translator")
		if tr := (translator{t, ok}); !slices.Contains(translators, tr) {
			translators = append(translators, tr)
		}
	}
	if len(srcLangs) != 1 {
		return nil, errors.New("multiple source languages found in the file")
	}
	if len(refLangs) != 1 {
		return nil, fmt.Errorf("found %d reference languages in the file", len(refLangs))
	}
	slices.SortFunc(translators, func(a, b translator) int {
		if c := strings.Compare(translatorField(a.name), translatorField(b.name)); c != 0 {
			return c
		}
		return cmp.Compare(a.name, b.name)
	})
	return translators, nil
}

// docSegs are the segments of a document of a WMT file by id.
type docSegs struct {
	src      map[int64]cell
	refs     map[translator]map[int64]string
	hyps     map[string]map[int64]string // by system
	hypNames []string                    // the systems, in the order first seen
}

// docSegments returns the segments of doc.
func docSegments(doc *element) (*docSegs, error) {
	src := map[int64]cell{}
	for _, s := range doc.findAll("src") {
		for _, seg := range s.findAll("seg") {
			id, err := segID(seg)
			if err != nil {
				return nil, err
			}
			src[id] = cell{seg.text, !seg.hasText}
		}
	}
	refs := map[translator]map[int64]string{}
	for _, r := range doc.findAll("ref") {
		t, ok := r.get("translator")
		sents, err := segTexts(r)
		if err != nil {
			return nil, err
		}
		refs[translator{t, ok}] = sents
	}
	var hypNames []string
	hyps := map[string]map[int64]string{}
	for _, h := range doc.findAll("hyp") {
		name, ok := h.get("system")
		if !ok {
			return nil, errors.New("a hyp element has no system attribute")
		}
		sents, err := segTexts(h)
		if err != nil {
			return nil, err
		}
		if _, ok := hyps[name]; !ok {
			hypNames = append(hypNames, name)
		}
		hyps[name] = sents
	}
	return &docSegs{src, refs, hyps, hypNames}, nil
}

// segID is int(seg.get("id")).
func segID(seg *element) (int64, error) {
	v, ok := seg.get("id")
	if !ok {
		return 0, errors.New("a seg element has no id")
	}
	neg, mag, err := py.ParseInt(v)
	if err != nil || !mag.IsInt64() {
		return 0, fmt.Errorf("seg id %q is not an integer", v)
	}
	if neg {
		return -mag.Int64(), nil
	}
	return mag.Int64(), nil
}

// segTexts is get_sents: the text of each seg under e by id, "" for none.
func segTexts(e *element) (map[int64]string, error) {
	sents := map[int64]string{}
	for _, seg := range e.findAll("seg") {
		id, err := segID(seg)
		if err != nil {
			return nil, err
		}
		sents[id] = seg.text
	}
	return sents, nil
}

// readWMT downloads s if needed and reads the XML file of its pair p.
func (c *Cache) readWMT(ctx context.Context, s *Set, p *Pair) (*wmtDoc, error) {
	if err := c.download(ctx, s); err != nil {
		return nil, err
	}
	if len(p.Files) == 0 {
		return nil, fmt.Errorf("testset: %s/%s has no file", s.Name, p.Name)
	}
	path := c.rawFile(s, p.Files[0])
	doc, err := readWMTFile(path)
	if err != nil {
		return nil, c.damaged(s, fmt.Errorf("testset: %s: %w", path, err))
	}
	return doc, nil
}

func readWMTFile(path string) (*wmtDoc, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = bufio.NewReaderSize(f, 64<<10)
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(r)
		if err != nil {
			return nil, err
		}
		defer zr.Close()
		r = zr
	}
	root, err := parseXML(r)
	if err != nil {
		return nil, err
	}
	return unwrapWMT(root)
}

// writeWMT is WMTXMLDataset.process_to_text for the pair p, read into
// doc: every field whose file is missing or empty is written, each value
// cleaned.
func (c *Cache) writeWMT(s *Set, p *Pair, doc *wmtDoc) error {
	for _, f := range doc.fields {
		out := c.fieldPath(s, p.Name, f.name)
		if cache.Exists(out) {
			continue
		}
		err := c.writeField(s, out, func(w *bufio.Writer) error {
			for i, v := range f.values {
				if v.none {
					return fmt.Errorf("testset: %s/%s: segment %d of field %s has no text (sacreBLEU fails on it too)", s.Name, p.Name, i+1, f.name)
				}
				w.WriteString(clean(v.s))
				w.WriteByte('\n')
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
