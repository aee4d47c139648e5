package spm

// A byte trie of the pieces, standing in for the darts-clone tries
// sentencepiece builds at load time: the PrefixMatcher of user-defined
// symbols, and the source of the unigram model's double array
// (doublearray.go). Only what a trie answers matters to the output (which
// keys are prefixes of the text, shortest first), not how it is stored:
// here the root's children are in a table, every other node's children
// in a sorted run of labels.

import (
	"bytes"
	"slices"
	"strings"
)

type trieNode struct {
	first int32 // index of the first child's label in labels and next
	n     int32 // number of children
	id    int32 // value of the key ending here, or -1
}

type trie struct {
	root   [256]int32 // child of the root by label, or 0 for none
	nodes  []trieNode // nodes[0] is the root
	labels []byte     // children's labels, a sorted run per node
	next   []int32    // children's node indices, parallel to labels
}

type trieKey struct {
	key string
	id  int32
}

// newTrie builds the trie of keys; the keys must be distinct and
// non-empty.
func newTrie(keys []trieKey) *trie {
	keys = slices.Clone(keys)
	slices.SortFunc(keys, func(a, b trieKey) int { return strings.Compare(a.key, b.key) })
	size := 1
	for _, k := range keys {
		size += len(k.key)
	}
	// At most one node a key byte, and fewer as keys share prefixes.
	t := &trie{
		nodes:  make([]trieNode, 1, size),
		labels: make([]byte, 0, size),
		next:   make([]int32, 0, size),
	}
	t.nodes[0].id = -1
	// Breadth-first over ranges of keys sharing a prefix of length depth,
	// so that a node's children are made, and stored, together.
	type task struct {
		node, lo, hi, depth int
	}
	queue := make([]task, 1, size)
	queue[0] = task{0, 0, len(keys), 0}
	for qi := 0; qi < len(queue); qi++ {
		tk := queue[qi]
		lo := tk.lo
		if lo < tk.hi && len(keys[lo].key) == tk.depth {
			t.nodes[tk.node].id = keys[lo].id
			lo++
		}
		t.nodes[tk.node].first = int32(len(t.labels))
		for i := lo; i < tk.hi; {
			c := keys[i].key[tk.depth]
			j := i + 1
			for j < tk.hi && keys[j].key[tk.depth] == c {
				j++
			}
			child := len(t.nodes)
			t.nodes = append(t.nodes, trieNode{id: -1})
			t.labels = append(t.labels, c)
			t.next = append(t.next, int32(child))
			t.nodes[tk.node].n++
			if tk.node == 0 {
				t.root[c] = int32(child)
			}
			queue = append(queue, task{child, i, j, tk.depth + 1})
			i = j
		}
	}
	return t
}

// child returns the child of node n labelled c, or 0 for none.
func (t *trie) child(n int32, c byte) int32 {
	if n == 0 {
		return t.root[c]
	}
	nd := &t.nodes[n]
	labels := t.labels[nd.first : nd.first+nd.n]
	if len(labels) <= 8 {
		for i, l := range labels {
			if l == c {
				return t.next[nd.first+int32(i)]
			}
		}
		return 0
	}
	i := bytes.IndexByte(labels, c)
	if i < 0 {
		return 0
	}
	return t.next[nd.first+int32(i)]
}

// longestPrefix returns the length of the longest key that is a prefix
// of s, or 0.
func (t *trie) longestPrefix(s string) int {
	n, longest := int32(0), 0
	for i := 0; i < len(s); i++ {
		if n = t.child(n, s[i]); n == 0 {
			break
		}
		if t.nodes[n].id >= 0 {
			longest = i + 1
		}
	}
	return longest
}
