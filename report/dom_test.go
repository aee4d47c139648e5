package report

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

// A small DOM for the tests, read with encoding/xml: the report is
// well-formed XML as well as HTML, and reading it strictly checks that
// every element is closed and every attribute quoted.

// node is an element with its attributes and children, or a text node
// (name "").
type node struct {
	name string
	attr map[string]string
	kids []*node
	text string
}

// parseXHTML parses b strictly as XML, failing the test on any error.
func parseXHTML(t *testing.T, b []byte) *node {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	d.Strict = true
	root := &node{name: "#document"}
	stack := []*node{root}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the report is not well-formed: %v", err)
		}
		top := stack[len(stack)-1]
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &node{name: tok.Name.Local, attr: map[string]string{}}
			for _, a := range tok.Attr {
				n.attr[a.Name.Local] = a.Value
			}
			top.kids = append(top.kids, n)
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			top.kids = append(top.kids, &node{text: string(tok)})
		}
	}
	if len(stack) != 1 {
		t.Fatalf("%d elements left open", len(stack)-1)
	}
	return root
}

// all returns the elements under n (n included) for which f is true, in
// document order.
func (n *node) all(f func(*node) bool) []*node {
	var out []*node
	var walk func(*node)
	walk = func(n *node) {
		if n.name != "" && f(n) {
			out = append(out, n)
		}
		for _, k := range n.kids {
			walk(k)
		}
	}
	walk(n)
	return out
}

// byName returns the elements named name under n.
func (n *node) byName(name string) []*node {
	return n.all(func(m *node) bool { return m.name == name })
}

// byID returns the element with the given id, or nil.
func (n *node) byID(id string) *node {
	found := n.all(func(m *node) bool { return m.attr["id"] == id })
	if len(found) == 0 {
		return nil
	}
	return found[0]
}

// textContent is the text of n and its descendants, as the DOM's
// textContent.
func (n *node) textContent() string {
	var b strings.Builder
	var walk func(*node)
	walk = func(n *node) {
		b.WriteString(n.text)
		for _, k := range n.kids {
			walk(k)
		}
	}
	walk(n)
	return b.String()
}
