package numpy_test

import (
	"fmt"

	"github.com/go-bleu/bleu/internal/numpy"
)

func ExamplePCG64_FillIntn() {
	// np.random.default_rng(12345).integers(0, 1000, size=6)
	idx := make([]int, 6)
	numpy.NewPCG64(12345).FillIntn(idx, 1000)
	fmt.Println(idx)
	// Output: [699 227 788 316 204 797]
}

func ExampleSum() {
	// np.array([0.1] * 10).sum(): eight pairwise accumulators, where
	// Python's sum() adds left to right and gives 0.9999999999999999.
	a := []float64{0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1}
	fmt.Println(numpy.Sum(a), numpy.Mean(a))
	// Output: 1 0.1
}
