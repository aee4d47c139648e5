package ja

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-bleu/bleu/internal/conftest"
)

// TestCutExact compares the lattice that forgets the nodes before each
// offset every path passes through, and compacts (compact.go), with the
// one that keeps them all, on
// random text of every kind of character MeCab treats apart (kana, kanji,
// Latin letters and digits, full-width forms, symbols, spaces) and on the
// conformance set's Japanese lines joined into one long line.
func TestCutExact(t *testing.T) {
	d, err := load()
	if err != nil {
		t.Fatal(err)
	}
	pieces := []string{"あ", "い", "う", "の", "は", "を", "ア", "カ", "ー", "日", "本", "語", "東京", "私", "学生", "です", "。", "、",
		"a", "B", "1", "２", "Ｚ", " ", "\t", "　", "!", "?", "「", "」", "・", "😀", "\u0301", "é"}
	rng := rand.New(rand.NewPCG(7, 11))
	var texts []string
	for i := range 3040 {
		n := rng.IntN(60)
		if i >= 3000 {
			n = 2000 + rng.IntN(20000) // past minCompact nodes: compact runs
		}
		var b strings.Builder
		for range n {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	// Runs with no offset that every path passes through.
	for _, run := range []string{"ア", "あ", "日", "a", "ー", "アイ", "カタカナ"} {
		texts = append(texts, strings.Repeat(run, 6000), "東京"+strings.Repeat(run, 9000)+"です。")
	}
	if dir := conftest.WMTDir(".."); dir != "" {
		lines := readSegments(t, filepath.Join(dir, "data", "en-ja", "ref.txt"))
		texts = append(texts, strings.Join(lines, ""), strings.Join(lines, " "))
	}
	cut, whole := new(lattice), &lattice{whole: true}
	for _, s := range texts {
		got := cut.analyze(d, nil, s)
		want := whole.analyze(d, nil, s)
		if !slices.Equal(got, want) {
			t.Fatalf("%q: cut %q, whole %q", s, got, want)
		}
	}
}
