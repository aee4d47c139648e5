package ja

import (
	"sync"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/py"
)

// Tokenizer is sacreBLEU 2.6.0's "ja-mecab" tokenizer: MeCab 0.996 with the
// IPA dictionary (mecab-ipadic 2.7.0-20070801), -Owakati, applied to the
// segment with Python whitespace stripped from both ends; the words MeCab
// outputs are split again at Python whitespace, as BLEU splits the
// tokenized line.
//
// The zero value is ready to use (and equal to [MeCab]). The dictionary is
// loaded on first use (see [Load]). Tokenizer values are safe for
// concurrent use.
type Tokenizer struct{}

// MeCab is the ja-mecab tokenizer, for [bleu.Config.Tokenizer].
var MeCab Tokenizer

// SignatureName is the tokenizer's name in sacreBLEU's signatures:
// "ja-mecab-" + MeCab's version + "-IPA".
const SignatureName = "ja-mecab-0.996-IPA"

// String returns [SignatureName], the name signatures give the tokenizer.
func (Tokenizer) String() string { return SignatureName }

var _ bleu.Tokenizer = Tokenizer{}

var lattices = sync.Pool{New: func() any { return new(lattice) }}

// maxPooledNodes bounds the lattices kept for reuse (32 bytes a node; an
// ordinary line needs a few hundred): the one of a huge line is dropped.
const maxPooledNodes = 1 << 16

// Tokenize appends the tokens of text to dst and returns the extended
// slice. The tokens are substrings of text. Joined together they give text
// without its leading and trailing Python whitespace, without the
// characters MeCab skips as spaces before a word (U+0020, tab, LF and VT,
// IPADIC's SPACE category) and without the Python whitespace inside the
// words MeCab outputs (U+3000, for example, is a word of its own
// for MeCab, and no token for BLEU).
//
// It panics if the dictionary cannot be loaded (see [Load]).
func (Tokenizer) Tokenize(dst []string, text string) []string {
	d, err := load()
	if err != nil {
		panic(err)
	}
	text = py.Strip(text)
	l := lattices.Get().(*lattice)
	start := len(dst)
	dst = l.analyze(d, dst, text)
	if cap(l.nodes) <= maxPooledNodes {
		lattices.Put(l)
	}
	for i := start; i < len(dst); i++ {
		if hasPySpace(dst[i]) {
			// Rare: split the word and its successors again.
			words := append([]string(nil), dst[i:]...)
			dst = dst[:i]
			for _, w := range words {
				dst = bleu.TokenizerNone.Tokenize(dst, w)
			}
			break
		}
	}
	return dst
}

// Load loads the dictionary if it is not loaded yet, and reports whether
// the embedded data is the expected one. Tokenize loads it by itself; Load
// lets a program choose when to pay for it (about 0.3 s of CPU and 31 MB)
// and handle the error that can only come from a wrong version of
// github.com/ikawaha/kagome-dict/ipa.
func Load() error {
	_, err := load()
	return err
}

// hasPySpace reports whether s contains Python whitespace.
func hasPySpace(s string) bool {
	for i := 0; i < len(s); i++ {
		if py.SpaceAt(s, i) > 0 {
			return true
		}
	}
	return false
}
