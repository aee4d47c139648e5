package ja_test

import (
	"fmt"
	"strings"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/ja"
)

func ExampleTokenizer_Tokenize() {
	toks := ja.MeCab.Tokenize(nil, "今日は東京で大事な会議があります。")
	fmt.Println(strings.Join(toks, " | "))
	// Output: 今日 | は | 東京 | で | 大事 | な | 会議 | が | あり | ます | 。
}

// Scoring Japanese as sacreBLEU's -tok ja-mecab (and -l xx-ja) does.
func Example() {
	s := bleu.Stats{Config: bleu.Config{Tokenizer: ja.MeCab}}
	if err := s.Add("今日は東京で重要な会議があります。", "今日は東京で大事な会議があります。"); err != nil {
		panic(err)
	}
	sc := s.Score()
	fmt.Println(sc)
	fmt.Println(sc.Signature.Short())
	// Output:
	// BLEU = 70.17 90.9/80.0/66.7/50.0 (BP = 1.000 ratio = 1.000 hyp_len = 11 ref_len = 11)
	// #:1|c:mixed|e:no|tok:ja-mecab-0.996-IPA|s:exp|v:0.1.0
}
