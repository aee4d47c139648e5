package testset

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzWMTXML feeds arbitrary text to the WMT XML reader: it returns
// fields or an error, never panics, and its fields are of one length
// (the segments kept) except the systems'.
func FuzzWMTXML(f *testing.F) {
	f.Add(`<set><doc id="d" origlang="en" domain="news"><src lang="en"><seg id="1">a</seg></src>` +
		`<ref lang="de" translator="A"><seg id="1">b</seg></ref><hyp system="s"><seg id="1">c</seg></hyp></doc></set>`)
	f.Add(`<set><doc id="d" origlang="en"><src lang="en"><seg id=" 2 ">a<!-- x -->b</seg></src><ref lang="de"><seg id="2"><![CDATA[c]]></seg></ref></doc></set>`)
	f.Fuzz(func(t *testing.T, s string) {
		root, err := parseXML(strings.NewReader(s))
		if err != nil {
			return
		}
		doc, err := unwrapWMT(root)
		if err != nil {
			return
		}
		n := len(doc.field("src"))
		for _, name := range []string{"docid", "origlang"} {
			if len(doc.field(name)) != n {
				t.Errorf("field %s has %d values, src %d", name, len(doc.field(name)), n)
			}
		}
		for _, f := range doc.fields {
			for _, v := range f.values {
				if !v.none && !utf8.ValidString(clean(v.s)) {
					t.Errorf("field %s: invalid UTF-8", f.name)
				}
			}
		}
	})
}

// FuzzSGMLLine: the fake-SGML line reader never panics and its output is
// one line of cleaned text.
func FuzzSGMLLine(f *testing.F) {
	f.Add(`<seg id="1"> a  b </seg>` + "\n")
	f.Add(`<seg id=1>x</seg><seg>y</seg>`)
	f.Fuzz(func(t *testing.T, line string) {
		if !utf8.ValidString(line) {
			return
		}
		out, ok := sgmlLine(line)
		if ok && (strings.Contains(out, "\n") || out != clean(out)) {
			t.Errorf("sgmlLine(%q) = %q", line, out)
		}
	})
}
