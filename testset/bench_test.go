package testset

import (
	"fmt"
	"strings"
	"testing"
)

// syntheticWMT is a WMT XML file of the shape of WMT22's en-de: docs
// documents of 20 segments with two references and systems outputs.
func syntheticWMT(docs, systems int) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="utf-8"?>` + "\n<dataset id=\"x\">\n")
	seg := func(id int, who string) string {
		return fmt.Sprintf(`<seg id="%d">The %s   translation of  segment %d, with &amp; and "quotes" über alles.</seg>`, id, who, id)
	}
	side := func(tag, attrs, who string) {
		fmt.Fprintf(&b, "<%s %s><p>\n", tag, attrs)
		for i := 1; i <= 20; i++ {
			b.WriteString(seg(i, who) + "\n")
		}
		fmt.Fprintf(&b, "</p></%s>\n", tag)
	}
	for d := range docs {
		fmt.Fprintf(&b, `<doc id="doc%d" origlang="en" domain="news">`+"\n", d)
		side("src", `lang="en"`, "source")
		side("ref", `lang="de" translator="A"`, "A")
		side("ref", `lang="de" translator="B"`, "B")
		for s := range systems {
			side("hyp", fmt.Sprintf(`lang="de" system="sys%d"`, s), "system")
		}
		b.WriteString("</doc>\n")
	}
	b.WriteString("</dataset>\n")
	return b.String()
}

// BenchmarkWMTXML reads a WMT XML file and cleans every field, the work
// of processing a WMT21+ pair (100 documents, 2,000 segments, 15 systems).
func BenchmarkWMTXML(b *testing.B) {
	xml := syntheticWMT(100, 15)
	b.SetBytes(int64(len(xml)))
	for b.Loop() {
		root, err := parseXML(strings.NewReader(xml))
		if err != nil {
			b.Fatal(err)
		}
		doc, err := unwrapWMT(root)
		if err != nil {
			b.Fatal(err)
		}
		for _, f := range doc.fields {
			for _, v := range f.values {
				_ = clean(v.s)
			}
		}
	}
}

// BenchmarkSGMLLine is the fake-SGML reader's work for one "<seg " line.
func BenchmarkSGMLLine(b *testing.B) {
	line := `<seg id="12">The  quick brown fox   jumps over the lazy dog, über alles, 12 times.</seg>` + "\n"
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		sgmlLine(line)
	}
}
