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
func (k Kind) Tokenize(sc *Scratch, dst []string, text string) []string {
	sc.arena = sc.arena[:0]
	switch k {
	case Kind13a:
		return tokenize13a(sc, dst, text)
	case KindIntl:
		return tokenizeIntl(sc, dst, text)
	case KindZh:
		return tokenizeZh(sc, dst, text, &modeZh)
	case KindZhFixed:
		return tokenizeZh(sc, dst, text, &modeZhFixed)
	case KindChar:
		return AppendChars(dst, text)
	case KindNone:
		return py.AppendFields(dst, text)
	}
	panic(fmt.Sprintf("bleu: invalid StandardTokenizer %d", uint8(k)))
}
