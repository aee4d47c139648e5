package bleu

import (
	"fmt"
	"strings"

	"github.com/go-bleu/bleu/internal/py"
	"golang.org/x/text/unicode/norm"
)

// A Normalizer rewrites a segment before it is lowercased and tokenized,
// for example to a Unicode normal form. Normalize must return the
// normalized text and leave its input alone (strings are immutable, so it
// cannot do otherwise).
//
// The signature of a score names the normalizer by its String method when
// it has one (see [fmt.Stringer]) and "custom" otherwise.
//
// A Normalizer used by several [Stats] at once must be safe for concurrent
// use; the built-in [StandardNormalizer] values are.
type Normalizer interface {
	Normalize(text string) string
}

// NormalizerFunc adapts an ordinary function to the [Normalizer]
// interface. Its signature name is "custom".
type NormalizerFunc func(text string) string

// Normalize returns f(text).
func (f NormalizerFunc) Normalize(text string) string { return f(text) }

// StandardNormalizer is one of the normalizers built into this package.
// None of them is applied by sacreBLEU; scores computed with one are
// comparable only with scores computed the same way, and the signature
// shows it (for example "norm:nfkc"). StandardNormalizer values are safe for
// concurrent use.
type StandardNormalizer uint8

// The standard normalizers.
const (
	// NFC composes text to Unicode Normalization Form C, so that "é" typed
	// as e + U+0301 and "é" typed as U+00E9 become the same word.
	NFC StandardNormalizer = iota + 1
	// NFKC applies Unicode Normalization Form KC: compatibility characters
	// such as full-width Latin letters, ligatures and superscripts become
	// their plain forms.
	NFKC
	// Lowercase lowercases text as Python's str.lower does (see
	// [Config.Lowercase], which applies it after any other normalizer and
	// is what sacreBLEU's -lc does). As a Normalizer it is useful inside
	// [Chain].
	Lowercase
)

// String returns the normalizer's signature name: "nfc", "nfkc" or "lc".
func (n StandardNormalizer) String() string {
	switch n {
	case NFC:
		return "nfc"
	case NFKC:
		return "nfkc"
	case Lowercase:
		return "lc"
	}
	return fmt.Sprintf("StandardNormalizer(%d)", uint8(n))
}

// Normalize returns text normalized. It panics if n is not one of the
// defined constants.
func (n StandardNormalizer) Normalize(text string) string {
	switch n {
	case NFC:
		return norm.NFC.String(text)
	case NFKC:
		return norm.NFKC.String(text)
	case Lowercase:
		return py.Lower(text)
	}
	panic(fmt.Sprintf("bleu: invalid StandardNormalizer %d", uint8(n)))
}

// Chain returns a Normalizer that applies ns in order. Its signature name
// joins theirs with "+", for example "nfkc+lc".
func Chain(ns ...Normalizer) Normalizer {
	return chain(append([]Normalizer(nil), ns...))
}

type chain []Normalizer

func (c chain) Normalize(text string) string {
	for _, n := range c {
		text = n.Normalize(text)
	}
	return text
}

func (c chain) String() string {
	names := make([]string, len(c))
	for i, n := range c {
		names[i] = normalizerName(n)
	}
	return strings.Join(names, "+")
}

// normalizerName is the name a signature gives n; "" for nil.
func normalizerName(n Normalizer) string {
	if n == nil {
		return ""
	}
	if s, ok := n.(fmt.Stringer); ok {
		return s.String()
	}
	return "custom"
}
