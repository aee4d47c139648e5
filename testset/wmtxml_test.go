package testset

import (
	"slices"
	"strings"
	"testing"
)

// TestUnwrapWMT covers what the generated goldens do not: the files
// sacreBLEU fails on, and lxml's .text rules.
func TestUnwrapWMT(t *testing.T) {
	const ok = `<doc id="d" origlang="en"><src lang="en"><p><seg id="1">s1</seg><seg id="2">s2</seg></p></src>` +
		`<ref lang="de" translator="A"><p><seg id="1">r1</seg><seg id="2">r2</seg></p></ref>`
	tests := []struct {
		name, xml string
		fields    map[string][]string // expected values of some fields
		err       string
	}{
		{"basic", `<set>` + ok + `<hyp system="s"><p><seg id="1">h1</seg><seg id="2"/></p></hyp></doc></set>`,
			map[string][]string{"src": {"s1", "s2"}, "ref:A": {"r1", "r2"}, "s": {"h1", ""}, "docid": {"d", "d"}}, ""},
		{"text stops at a child", `<set><doc id="d" origlang="en"><src lang="en"><seg id="1">a<b>x</b>c</seg><seg id="2">b</seg></src>` +
			`<ref lang="de"><seg id="1">r<!-- c -->x</seg><seg id="2"><!-- c -->dropped</seg></ref></doc></set>`,
			map[string][]string{"src": {"a"}, "ref": {"r"}}, ""},
		{"two source languages", `<set><doc id="d" origlang="en"><src lang="en"/><src lang="fr"/><ref lang="de"/></doc></set>`, nil, "multiple source languages"},
		{"no reference", `<set><doc id="d" origlang="en"><src lang="en"><seg id="1">x</seg></src></doc></set>`, nil, "found 0 reference languages"},
		{"no origlang", `<set><doc id="d"><src lang="en"><seg id="1">x</seg></src><ref lang="de"><seg id="1">y</seg></ref></doc></set>`, nil, "no id or no origlang"},
		{"missing hyp segment", `<set>` + ok + `<hyp system="s"><seg id="1">h</seg></hyp></doc></set>`, nil, "system s has no segment 2"},
		{"bad id", `<set><doc id="d" origlang="en"><src lang="en"><seg id="x">x</seg></src><ref lang="de"/></doc></set>`, nil, `seg id "x"`},
		{"not XML", `<set><doc>`, nil, "EOF"},
	}
	for _, tt := range tests {
		root, err := parseXML(strings.NewReader(tt.xml))
		var doc *wmtDoc
		if err == nil {
			doc, err = unwrapWMT(root)
		}
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: err = %v, want %q", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		for name, want := range tt.fields {
			var got []string
			for _, c := range doc.field(name) {
				got = append(got, c.s)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: field %s = %q, want %q", tt.name, name, got, want)
			}
		}
	}
}

// TestWriteWMTNoText: a source segment without text that has a reference
// fails processing (sacreBLEU fails on it too) instead of writing a file.
func TestWriteWMTNoText(t *testing.T) {
	root, err := parseXML(strings.NewReader(`<set><doc id="d" origlang="en"><src lang="en"><seg id="1"></seg></src>` +
		`<ref lang="de"><seg id="1">r</seg></ref></doc></set>`))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := unwrapWMT(root)
	if err != nil {
		t.Fatal(err)
	}
	c := Cache{Dir: t.TempDir()}
	s := Set{Name: "x", Format: WMTXML}
	err = c.writeWMT(&s, &Pair{Name: "en-de"}, doc)
	if err == nil || !strings.Contains(err.Error(), "segment 1 of field src has no text") {
		t.Errorf("err = %v", err)
	}
}

func TestClean(t *testing.T) {
	for in, want := range map[string]string{
		"  a \t b\u00a0c\u001c\n": "a b c",
		"\u200bx\u3000y":          "\u200bx y",
		"":                        "",
		" \r\n ":                  "",
	} {
		if got := clean(in); got != want {
			t.Errorf("clean(%q) = %q, want %q", in, got, want)
		}
	}
}
