package spm_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/spm"
)

// Encoding text with a model: the pieces are what sentencepiece's
// EncodeAsPieces returns.
func ExampleModel_Encode() {
	m, err := spm.LoadFile("testdata/models/bpe_identity.model")
	if err != nil {
		log.Fatal(err)
	}
	pieces, err := m.Encode("kamirote lusa, 東京大学 123")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%q\n", pieces)
	// Output: ["▁" "ka" "mi" "ro" "te" "▁" "lu" "sa" "," "▁" "東" "京" "大" "学" "▁1" "2" "3"]
}

// spBLEU with a model of one's own: the tokenizer goes into bleu.Config,
// and the signature names it.
func ExampleNewTokenizer() {
	m, err := spm.LoadFile("testdata/models/bpe_identity.model")
	if err != nil {
		log.Fatal(err)
	}
	cfg := bleu.Config{Tokenizer: spm.NewTokenizer(m, "my-spm")}
	sc, err := cfg.Corpus([]string{"kamirote lusa nepo"}, []string{"kamirote lusa nepodi"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(sc)
	fmt.Println(sc.Signature.Tok)
	// Output:
	// BLEU = 91.31 100.0/100.0/100.0/100.0 (BP = 0.913 ratio = 0.917 hyp_len = 11 ref_len = 12)
	// my-spm
}

// The named tokenizers read sacreBLEU's model files from its cache
// directory; a missing one is reported with the file and the URL.
func ExampleLoadTokenizer() {
	_, err := spm.LoadTokenizer("/nonexistent/.sacrebleu", spm.Flores200)
	fmt.Println(err)
	// Output:
	// spm: the flores200 tokenizer's model is missing: download https://tinyurl.com/flores200sacrebleuspm to /nonexistent/.sacrebleu/models/flores200sacrebleuspm
}

// A named tokenizer, its model downloaded from sacreBLEU's URL into
// sacreBLEU's cache directory the first time (not run here: it needs the
// network).
func ExampleCache_Tokenizer() {
	home, err := os.UserHomeDir()
	if err != nil {
		log.Fatal(err)
	}
	c := spm.Cache{Dir: filepath.Join(home, ".sacrebleu")}
	tok, err := c.Tokenizer(context.Background(), spm.Flores200)
	if err != nil {
		log.Fatal(err)
	}
	cfg := bleu.Config{Tokenizer: tok}
	sc, err := cfg.Corpus([]string{"The cat sat on the mat."}, []string{"The cat is on the mat."})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(sc.Signature)
}
