package report_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/report"
)

// A report comparing two systems on a tiny test set: FromCorpus scores
// them with the library, WriteHTML writes the page (here to a string; a
// tool would write it to a file).
func Example() {
	refs := []string{
		"The cat sat on the mat by the open window.",
		"It rains today in the city and in the hills around it.",
		"He read the whole book last night before he went to sleep.",
		"We will meet at the station at noon on Friday.",
		"The results were much better than anyone had expected.",
	}
	systemA := []string{
		"The cat sat on the mat by the open window.",
		"It is raining today in the city and in the hills around it.",
		"He read the whole book yesterday evening before going to sleep.",
		"We will meet at the station at noon on Friday.",
		"The results were much better than anybody had expected.",
	}
	systemB := []string{
		"The cat is sitting on the mat near the open window.",
		"Today it rains in the city and on the hills around.",
		"Last night he read the entire book before he slept.",
		"We meet on Friday at noon at the station.",
		"The results were far better than expected.",
	}
	r, err := report.FromCorpus(context.Background(), report.Corpus{
		References: [][]string{refs},
		Names:      []string{"system A", "system B"},
		Hypotheses: [][]string{systemA, systemB},
	}, report.Options{Test: bleu.ApproximateRandomization})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range r.Systems {
		fmt.Printf("%s: BLEU %.2f, 95%% interval %.2f–%.2f\n", s.Name, 100*s.Score.BLEU, 100*s.Interval.Low, 100*s.Interval.High)
	}
	fmt.Printf("%s (%d trials): p = %.4f\n", r.Test.Name, r.Test.N, r.Systems[1].PValue)
	var page strings.Builder
	if err := r.WriteHTML(&page); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.HasPrefix(page.String(), "<!DOCTYPE html>"))
	// Output:
	// system A: BLEU 77.88, 95% interval 56.33–94.41
	// system B: BLEU 22.09, 95% interval 11.33–31.46
	// paired approximate randomization (10000 trials): p = 0.0001
	// true
}
