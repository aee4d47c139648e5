package ter

import "testing"

// TestLimitsDecide shows that the goldens exercise each of lib_ter's
// limits: for each, some golden segment has sacreBLEU's number of edits
// with the limit and another without it (the limit raised in the
// aligner, which the naive twin checks under any limits in
// TestAlignerLimits).
func TestLimitsDecide(t *testing.T) {
	g := loadGoldens(t)
	raised := map[string]limits{
		"shift size 10":     {beamWidth, 100, maxShiftDist, maxShiftCandidates},
		"shift distance 50": {beamWidth, maxShiftSize, 1000, maxShiftCandidates},
		"1,000 candidates":  {beamWidth, maxShiftSize, maxShiftDist, 1 << 30},
		"beam width 25":     {2000, maxShiftSize, maxShiftDist, maxShiftCandidates},
	}
	decided := map[string]int{}
	for _, set := range g.Segments {
		if set.Name != "long" || set.Options != (pyOptions{}) {
			continue
		}
		for _, tc := range set.Cases {
			var s Stats
			if _, _, err := s.add(tc.Hyp, tc.Refs); err != nil {
				t.Fatal(err)
			}
			hyp, ref := s.w.hyp, s.w.refs[0]
			if len(hyp)*len(ref) > 500000 {
				continue // the raised beam makes these slow
			}
			for name, l := range raised {
				a := aligner{lim: &l}
				if int64(a.edits(hyp, ref, len(s.w.ids))) != tc.Edits {
					decided[name]++
				}
			}
		}
	}
	for name := range raised {
		if decided[name] == 0 {
			t.Errorf("no golden segment whose edits the %s limit decides", name)
		}
	}
	t.Logf("segments decided by each limit: %v", decided)
}
