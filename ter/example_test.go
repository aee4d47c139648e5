package ter_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/go-bleu/bleu/ter"
)

func Example() {
	hyps := []string{"the cat sat on the mat", "d e f g h a b c"}
	refs := []string{"on the mat the cat sat", "a b c d e f g h"}
	score, err := ter.Corpus(hyps, refs)
	if err != nil {
		panic(err)
	}
	fmt.Println(score)
	fmt.Println(score.Edits, score.RefLength)
	// Output:
	// TER = 14.29
	// 2 14
}

func ExampleConfig_Sentence() {
	c := ter.Config{Normalized: true, CaseSensitive: true}
	score, err := c.Sentence("Hello, world!", "Hello world .")
	if err != nil {
		panic(err)
	}
	fmt.Printf("%.4f %d\n", score.TER, score.Edits)
	fmt.Println(score.Signature.Short()[:40])
	// Output:
	// 0.6667 2
	// #:1|c:mixed|t:tercom|nr:yes|pn:yes|as:no
}

func ExampleConfig_Tokenize() {
	c := ter.Config{Normalized: true, AsianSupport: true}
	fmt.Println(c.Tokenize("Jim's car costs 4.2 million (about €4m)."))
	fmt.Println(c.Tokenize("美众院公布对特"))
	// Output:
	// jim 's car costs 4.2 million ( about €4m ) .
	// 美 众 院 公 布 对 特
}

func ExampleStats_Merge() {
	// Two shards, scored apart (on two machines, say), then merged.
	var a, b, total ter.Stats
	_ = a.Add("a b c", "a c b")
	_ = b.Add("x y", "x y z")
	data, _ := b.MarshalBinary() // sent to the coordinator
	var received ter.Stats
	if err := received.UnmarshalBinary(data); err != nil {
		panic(err)
	}
	_ = total.Merge(&a)
	_ = total.Merge(&received)
	fmt.Println(total.Score(), total.Len())
	// Output: TER = 33.33 2
}

func ExampleStats_AddReaders() {
	hyp := strings.NewReader("the cat sat\nhello world\n")
	ref := strings.NewReader("the cat sat down\nhello there world\n")
	var s ter.Stats
	if err := s.AddReaders(context.Background(), hyp, ref); err != nil {
		panic(err)
	}
	fmt.Println(s.Score())
	// Output: TER = 28.57
}

func ExampleConfig_Rows() {
	// The per-segment statistics that significance tests resample, and
	// sacreBLEU's score of a resample's float32 sums.
	rows, err := ter.Config{}.Rows([]string{"a b c", "x y"}, []string{"a c b", "x y z"}, []string{"a b c", "y"})
	if err != nil {
		panic(err)
	}
	fmt.Println(rows)
	var sums [2]float32
	for _, r := range []int{0, 1, 1} { // a bootstrap resample
		sums[0] += float32(rows[r][0])
		sums[1] += float32(rows[r][1])
	}
	// As NumPy: stats = np.array(rows, dtype="float32")[[0, 1, 1]].sum(0)
	fmt.Println(ter.PercentFromFloat32Sums(sums))
	// Output:
	// [[0 3] [1 2]]
	// 28.57142984867096
}
