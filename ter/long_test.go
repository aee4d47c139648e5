package ter

import "testing"

// TestLongSegment scores a pair of 10,000-word segments and checks that
// the scratch space grew with the beam (a band of about 50 cells a
// hypothesis word), not with the product of the lengths, and that the
// corpus route agrees with Add.
func TestLongSegment(t *testing.T) {
	hyp, ref := longPair(10000)
	var s Stats
	if err := s.Add(hyp, ref); err != nil {
		t.Fatal(err)
	}
	sc := s.Score()
	if sc.Edits <= 0 || sc.RefLength != 10000 {
		t.Fatalf("Score = %+v", sc)
	}
	n := len(s.w.hyp)
	limit := (2*beamWidth+1)*(n+1) + len(s.w.refs[0]) + 1
	al := &s.w.al
	for name, c := range map[string]int{"matrix": cap(al.mat.cost), "operations": cap(al.mat.op), "backward": cap(al.mat.back), "candidate": cap(al.cmat)} {
		if c > limit {
			t.Errorf("%s: %d cells for %d words, more than the band's %d", name, c, n, limit)
		}
	}
	got, err := Corpus([]string{hyp, "a"}, []string{ref, "a"})
	if err != nil {
		t.Fatal(err)
	}
	if got.Edits != sc.Edits || got.RefLength != sc.RefLength+1 {
		t.Errorf("Corpus %+v, Add %+v", got, sc)
	}
}
