package tokenize

import (
	"fmt"

	"github.com/go-bleu/bleu/internal/py"
)

// Kind is one of the standard tokenizers, numbered as package bleu's
// StandardTokenizer numbers them.
type Kind uint8

// The standard tokenizers.
const (
	Kind13a Kind = iota
	KindIntl
	KindZh
	KindChar
	KindNone
	KindZhFixed

	// NumKinds is the number of standard tokenizers.
	NumKinds
)

// Names are the tokenizers' names by Kind: sacreBLEU's, and ours for
// KindZhFixed.
var Names = [NumKinds]string{"13a", "intl", "zh", "char", "none", "zh-fixed"}

// String returns the tokenizer's name.
func (k Kind) String() string {
	if k < NumKinds {
		return Names[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Tokenize appends the tokens of text to dst and returns the extended
// slice. The tokens may point into sc's buffers and are valid only until
// sc is used again. It panics if k is not one of the defined constants.
// (Package bleu's StandardTokenizer makes the same choice itself, calling
// the functions below directly: one call fewer for every text.)
func (k Kind) Tokenize(sc *Scratch, dst []string, text string) []string {
	switch k {
	case Kind13a:
		return Tokenize13a(sc, dst, text)
	case KindIntl:
		return TokenizeIntl(sc, dst, text)
	case KindZh:
		return TokenizeZh(sc, dst, text)
	case KindZhFixed:
		return TokenizeZhFixed(sc, dst, text)
	case KindChar:
		return AppendChars(dst, text)
	case KindNone:
		return py.AppendFields(dst, text)
	}
	panic(fmt.Sprintf("bleu: invalid StandardTokenizer %d", uint8(k)))
}

// Tokenize13a, TokenizeIntl, TokenizeZh and TokenizeZhFixed append the
// tokens of text by the 13a, intl, zh and zh-fixed tokenizers to dst, as
// Kind.Tokenize does; AppendChars (char) and py.AppendFields (none) need
// no scratch space.
func Tokenize13a(sc *Scratch, dst []string, text string) []string {
	sc.arena = sc.arena[:0]
	return tokenize13a(sc, dst, text)
}

func TokenizeIntl(sc *Scratch, dst []string, text string) []string {
	sc.arena = sc.arena[:0]
	return tokenizeIntl(sc, dst, text)
}

func TokenizeZh(sc *Scratch, dst []string, text string) []string {
	sc.arena = sc.arena[:0]
	return tokenizeZh(sc, dst, text, modeZh())
}

func TokenizeZhFixed(sc *Scratch, dst []string, text string) []string {
	sc.arena = sc.arena[:0]
	return tokenizeZh(sc, dst, text, modeZhFixed())
}
