package resample

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-bleu/bleu/internal/numpy"
)

// storeOf returns a Rows holding rows.
func storeOf(rows ...[]int64) *Rows {
	var r Rows
	for _, row := range rows {
		r.Append(row)
	}
	return &r
}

// TestSumFloat32 checks the float32 sums of resampled rows: exact below
// 2^24, and past it rounded in resample order, as NumPy's
// stats[idx].sum(0) on a float32 array.
func TestSumFloat32(t *testing.T) {
	const big = 1 << 24
	rows := storeOf([]int64{big, 0}, []int64{1, 0}, []int64{1<<25 + 1, 7})
	if rows.size != 4 {
		t.Fatalf("value size %d, want 4", rows.size)
	}
	acc := make([]float32, 2)
	for _, tc := range []struct {
		idx  []uint32
		want []float32
	}{
		{[]uint32{0, 1, 1}, []float32{big, 0}},      // 2^24+1 rounds to even, twice
		{[]uint32{1, 1, 0}, []float32{big + 2, 0}},  // 2+2^24 is exact
		{[]uint32{2}, []float32{1 << 25, 7}},        // a value rounded to float32 first
		{[]uint32{1, 2, 1}, []float32{1 << 25, 14}}, // ...and sums of it
		{nil, []float32{0, 0}},
	} {
		tc.want[1] = float32(7 * countOf(tc.idx, 2))
		if !sumFloat32(context.Background(), ownView(rows), tc.idx, [][]float32{acc}) {
			t.Fatal("sumFloat32 stopped")
		}
		if !slices.Equal(acc, tc.want) {
			t.Errorf("sum of rows %v = %v, want %v", tc.idx, acc, tc.want)
		}
	}
}

// ownView returns the view of a store's own rows.
func ownView(st *Rows) []rowView { return []rowView{{st, st.w, 0, st.w}} }

func countOf(idx []uint32, v uint32) int {
	n := 0
	for _, x := range idx {
		if x == v {
			n++
		}
	}
	return n
}

// TestRowStoreWidens checks that rows keep their values when the store
// moves to wider integers, across block boundaries, and that the order-4
// and other row widths give the same float32 sums.
func TestRowStoreWidens(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, w := range []int{10, 4} {
		var st Rows
		var want [][]int64
		for i := range blockRows + 300 {
			row := make([]int64, w)
			for c := range row {
				row[c] = int64(r.IntN(200))
			}
			switch i {
			case 1000:
				row[w-1] = 60000 // to uint16
			case blockRows + 5:
				row[0] = 1<<32 - 1 // to uint32
			}
			st.Append(row)
			want = append(want, row)
			switch {
			case i < 1000 && st.size != 1, i >= 1000 && i < blockRows+5 && st.size != 2, i >= blockRows+5 && st.size != 4:
				t.Fatalf("w %d row %d: value size %d", w, i, st.size)
			}
		}
		got := make([]int64, w)
		for i, row := range want {
			st.Row(i, got)
			if !slices.Equal(row, got) {
				t.Fatalf("w %d row %d = %v, want %v", w, i, got, row)
			}
		}
		idx := []uint32{3, blockRows + 1, 1000, 0, blockRows + 299}
		acc := make([]float32, w)
		sumFloat32(context.Background(), ownView(&st), idx, [][]float32{acc})
		wantAcc := make([]float32, w)
		for c := range w {
			for _, i := range idx {
				wantAcc[c] = float32(wantAcc[c] + float32(want[i][c]))
			}
		}
		if !slices.Equal(acc, wantAcc) {
			t.Errorf("w %d: sums %v, want %v", w, acc, wantAcc)
		}
		// Interleaved with a narrower store, the sums are the same.
		var narrow Rows
		for i := range want {
			row := make([]int64, w)
			row[0] = int64(i % 7)
			narrow.Append(row)
		}
		views := interleave(Draw{Series: []Series{{&narrow, nil}, {&st, nil}, {&narrow, nil}}})
		if views[0].store.size != 4 || views[1].off != w {
			t.Errorf("w %d: interleaved as size %d, offset %d", w, views[0].store.size, views[1].off)
		}
		accs := [][]float32{make([]float32, w), make([]float32, w), make([]float32, w)}
		sumFloat32(context.Background(), views, idx, accs)
		if !slices.Equal(accs[1], wantAcc) || !slices.Equal(accs[0], accs[2]) || accs[0][0] != float32(3%7+(blockRows+1)%7+1000%7+0+(blockRows+299)%7) {
			t.Errorf("w %d: interleaved sums %v", w, accs)
		}
		if st.Bytes() < int64(4*w*len(want)) {
			t.Errorf("w %d: %d bytes for %d uint32 rows", w, st.Bytes(), len(want))
		}
	}
}

// TestInterleavedPast2p24 checks that rows copied side by side for a
// draw of several series are summed as NumPy sums them past 2^24, as a
// series' own rows are: the interleaved copy keeps the rows' largest value,
// so the integer shortcut is not taken where a float32 sum rounds.
func TestInterleavedPast2p24(t *testing.T) {
	const N, w = 70000, 10 // 70,000 × 255 > 2^24; 10 values, BLEU's at order 4
	var a, b Rows
	for i := range N {
		ra, rb := make([]int64, w), make([]int64, w)
		for c := range w {
			ra[c], rb[c] = 255, int64((i+c)%200)
		}
		a.Append(ra)
		b.Append(rb)
	}
	idx := make([]uint32, N)
	numpy.NewPCG64(7).FillIndices(idx, N)
	own := [][]float32{make([]float32, w), make([]float32, w)}
	sumFloat32(context.Background(), []rowView{{&a, w, 0, w}}, idx, own[:1])
	sumFloat32(context.Background(), []rowView{{&b, w, 0, w}}, idx, own[1:])
	want := make([]float32, w)
	for range idx {
		for c := range w {
			want[c] = float32(want[c] + 255)
		}
	}
	if !slices.Equal(own[0], want) || want[0] == float32(255*N) {
		t.Fatalf("own rows: %v, want %v (exact %d)", own[0], want, 255*N)
	}
	views := interleave(Draw{Series: []Series{{&a, nil}, {&b, nil}}})
	got := [][]float32{make([]float32, w), make([]float32, w)}
	sumFloat32(context.Background(), views, idx, got)
	if !slices.Equal(got[0], own[0]) || !slices.Equal(got[1], own[1]) {
		t.Errorf("interleaved sums %v, own rows' %v", got, own)
	}
}

// bruteBootstrap is sacreBLEU's _bootstrap_resample written out for rows
// given as float64 values: the index array drawn at once, the rows
// converted to float32, each resample summed in float32 in order.
func bruteBootstrap(rows [][]float64, n int, seed uint64, sc Scorer) []float64 {
	N := len(rows)
	idx := make([]int, n*N)
	numpy.NewPCG64(seed).FillIntn(idx, N)
	out := make([]float64, n)
	for r := range n {
		sum := make([]float32, len(rows[0]))
		for _, i := range idx[r*N : (r+1)*N] {
			for c, v := range rows[i] {
				sum[c] = float32(sum[c] + float32(v))
			}
		}
		out[r] = sc.Score(Sum{Float32: sum})
	}
	return out
}

// ratio is a Scorer of [hits, total] rows on float32 sums, in float32
// arithmetic as NumPy scalars compute it.
var ratio = ScoreFunc(func(s Sum) float64 {
	if s.Float32 != nil {
		if s.Float32[1] == 0 {
			return 0
		}
		return float64(s.Float32[0] / s.Float32[1] * 100)
	}
	if s.Int64 != nil {
		if s.Int64[1] == 0 {
			return 0
		}
		return 100 * float64(s.Int64[0]) / float64(s.Int64[1])
	}
	if s.Float64[1] == 0 {
		return 0
	}
	return 100 * s.Float64[0] / s.Float64[1]
})

// testRows returns n random rows of [hits, total] as integers and as
// float64 values with fractions (like TER's average reference lengths).
func testRows(n int, seed uint64) (ints, floats [][]float64) {
	r := rand.New(rand.NewPCG(seed, 1))
	for range n {
		tot := 1 + r.IntN(60)
		hits := r.IntN(tot + 1)
		ints = append(ints, []float64{float64(hits), float64(tot)})
		floats = append(floats, []float64{float64(hits), float64(tot) / float64(1+r.IntN(3))})
	}
	return ints, floats
}

// TestBootstrapMatchesBrute checks Bootstrap on integer and float rows,
// alone and in a draw of two series, against sacreBLEU's loop written out.
func TestBootstrapMatchesBrute(t *testing.T) {
	for _, float := range []bool{false, true} {
		ints, floats := testRows(500, 3)
		src := ints
		if float {
			src = floats
		}
		var rows Rows
		for _, row := range src {
			if float {
				rows.AppendFloat(row)
			} else {
				rows.Append([]int64{int64(row[0]), int64(row[1])})
			}
		}
		for _, n := range []int{1, 7, 100} {
			want := bruteBootstrap(src, n, 12345, ratio)
			one := make([]float64, n)
			d := Draw{RNG: numpy.NewPCG64(12345), Series: []Series{{&rows, one}}}
			if err := Bootstrap(context.Background(), ratio, n, []Draw{d}, nil); err != nil {
				t.Fatal(err)
			}
			two := [][]float64{make([]float64, n), make([]float64, n)}
			d = Draw{RNG: numpy.NewPCG64(12345), Series: []Series{{&rows, two[0]}, {&rows, two[1]}}}
			if err := Bootstrap(context.Background(), ratio, n, []Draw{d}, NewProgress(nil, n)); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(one, want) || !slices.Equal(two[0], want) || !slices.Equal(two[1], want) {
				t.Errorf("float rows %v, n %d: scores %v and %v, brute force %v", float, n, one, two, want)
			}
		}
	}
}

// TestBootstrapCanceled checks that a canceled bootstrap returns the
// context's cause.
func TestBootstrapCanceled(t *testing.T) {
	var rows Rows
	rows.Append([]int64{1, 2})
	ctx, cancel := context.WithCancelCause(context.Background())
	cause := errors.New("stop")
	cancel(cause)
	d := Draw{RNG: numpy.NewPCG64(1), Series: []Series{{&rows, make([]float64, 10)}}}
	if err := Bootstrap(ctx, ratio, 10, []Draw{d}, nil); err != cause {
		t.Errorf("error %v, want the cause", err)
	}
}

func BenchmarkBootstrap(b *testing.B) {
	var rows Rows
	ints, _ := testRows(100000, 1)
	for _, r := range ints {
		rows.Append([]int64{int64(r[0]), int64(r[1])})
	}
	scores := make([]float64, 100)
	b.ReportAllocs()
	for b.Loop() {
		d := Draw{RNG: numpy.NewPCG64(1), Series: []Series{{&rows, scores}}}
		if err := Bootstrap(context.Background(), ratio, len(scores), []Draw{d}, nil); err != nil {
			b.Fatal(err)
		}
	}
}
