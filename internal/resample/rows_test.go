package resample

import (
	"math"
	"slices"
	"testing"
)

func TestRowsTotals(t *testing.T) {
	var r Rows
	if r.Totals() != nil || r.Width() != 0 || r.ValueSize() != 0 {
		t.Fatalf("zero Rows: totals %v, width %d, size %d", r.Totals(), r.Width(), r.ValueSize())
	}
	r.Append([]int64{1, 2, 3})
	r.Append([]int64{4, 300, 0})
	if got := r.Totals(); !slices.Equal(got, []int64{5, 302, 3}) || r.Len() != 2 || r.ValueSize() != 2 || r.Float() {
		t.Errorf("totals %v, len %d, size %d", got, r.Len(), r.ValueSize())
	}
	var f Rows
	f.AppendFloat([]float64{1.5, 2})
	row := make([]float64, 2)
	f.RowFloat(0, row)
	if !f.Float() || f.ValueSize() != 8 || f.Totals() != nil || !slices.Equal(row, []float64{1.5, 2}) || f.Bytes() < 16 {
		t.Errorf("float rows: size %d, totals %v, row %v, %d bytes", f.ValueSize(), f.Totals(), row, f.Bytes())
	}
}

// TestRowsMisuse checks that Append and AppendFloat panic on what the
// metrics must check first.
func TestRowsMisuse(t *testing.T) {
	for name, f := range map[string]func(){
		"negative":    func() { var r Rows; r.Append([]int64{-1}) },
		"2^32":        func() { var r Rows; r.Append([]int64{1 << 32}) },
		"width":       func() { var r Rows; r.Append([]int64{1}); r.Append([]int64{1, 2}) },
		"float width": func() { var r Rows; r.AppendFloat([]float64{1}); r.AppendFloat(nil) },
		"mixed":       func() { var r Rows; r.Append([]int64{1}); r.AppendFloat([]float64{1}) },
		"mixed float": func() { var r Rows; r.AppendFloat([]float64{1}); r.Append([]int64{1}) },
		"NaN":         func() { var r Rows; r.AppendFloat([]float64{math.NaN()}) },
		"Inf":         func() { var r Rows; r.AppendFloat([]float64{math.Inf(1)}) },
		"Row":         func() { var r Rows; r.AppendFloat([]float64{1}); r.Row(0, make([]int64, 1)) },
		"RowFloat":    func() { var r Rows; r.Append([]int64{1}); r.RowFloat(0, make([]float64, 1)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}
