package main

// Tables as sacreBLEU draws them for several systems: with tabulate 0.8.9,
// headers="keys", colalign=("right",), stralign="center",
// numalign="center", floatfmt=".<width>f", in the "fancy_grid" format for
// -f text and "latex_booktabs" for -f latex. This is the part of tabulate
// those calls use, reproduced: columns as wide as their widest cell and at
// least two wider than their header, cells stripped and then aligned,
// columns of numbers reformatted with floatfmt, multi-line cells (the
// paired tests' "score\n(p = ...)") in fancy_grid, rows right-stripped.
// Widths count code points, as tabulate does without the optional wcwidth
// package (which sacreBLEU does not install).

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/py"
)

// table is a table to draw.
type table struct {
	headers []string
	rows    [][]string
	// align is each column's alignment: "right", "center" or "left".
	align []string
	// floatDecimals is the precision of floatfmt, for columns of numbers.
	floatDecimals int
}

// tableFormat is the part of a tabulate TableFormat the two formats use.
type tableFormat struct {
	multiline bool // whether cells may span lines (tabulate's multiline_formats)
	above     func(widths []int, aligns []string) string
	belowHead func(widths []int) string
	between   func(widths []int) string // "" for none
	below     func(widths []int) string
	row       func(cells []string) string
}

// gridLine draws a horizontal line of a grid format.
func gridLine(begin, fill, sep, end string) func([]int) string {
	return func(widths []int) string {
		cells := make([]string, len(widths))
		for i, w := range widths {
			cells[i] = strings.Repeat(fill, w)
		}
		return py.RStrip(begin + strings.Join(cells, sep) + end)
	}
}

var fancyGrid = tableFormat{
	multiline: true,
	above:     func(w []int, _ []string) string { return gridLine("╒", "═", "╤", "╕")(w) },
	belowHead: gridLine("╞", "═", "╪", "╡"),
	between:   gridLine("├", "─", "┼", "┤"),
	below:     gridLine("╘", "═", "╧", "╛"),
	row:       func(c []string) string { return py.RStrip("│" + strings.Join(c, "│") + "│") },
}

// latexEscapes are tabulate's LATEX_ESCAPE_RULES.
var latexEscapes = strings.NewReplacer(
	"&", `\&`, "%", `\%`, "$", `\$`, "#", `\#`, "_", `\_`, "^", `\^{}`,
	"{", `\{`, "}", `\}`, "~", `\textasciitilde{}`, `\`, `\textbackslash{}`,
	"<", `\ensuremath{<}`, ">", `\ensuremath{>}`,
)

var latexBooktabs = tableFormat{
	above: func(_ []int, aligns []string) string {
		var spec strings.Builder
		for _, a := range aligns {
			switch a {
			case "right", "decimal":
				spec.WriteByte('r')
			case "center":
				spec.WriteByte('c')
			default:
				spec.WriteByte('l')
			}
		}
		return `\begin{tabular}{` + spec.String() + "}\n" + `\toprule`
	},
	belowHead: func([]int) string { return `\midrule` },
	below:     func([]int) string { return `\bottomrule` + "\n" + `\end{tabular}` },
	row: func(c []string) string {
		esc := make([]string, len(c))
		for i, s := range c {
			esc[i] = latexEscapes.Replace(s)
		}
		return py.RStrip(strings.Join(esc, "&") + `\\`)
	},
}

// width is a cell line's width: its code points.
func width(s string) int { return utf8.RuneCountInString(s) }

// cellWidth is the width of a possibly multi-line cell.
func cellWidth(s string) int {
	w := 0
	for _, l := range strings.Split(s, "\n") {
		w = max(w, width(l))
	}
	return w
}

// pad aligns s in a field of n code points as Python's format does:
// "right" is "{:>n}", "left" "{:<n}", "center" "{:^n}" (the odd space on
// the right).
func pad(s string, n int, align string) string {
	gap := n - width(s)
	if gap <= 0 {
		return s
	}
	switch align {
	case "right":
		return strings.Repeat(" ", gap) + s
	case "center":
		return strings.Repeat(" ", gap/2) + s + strings.Repeat(" ", gap-gap/2)
	}
	return s + strings.Repeat(" ", gap)
}

// render draws the table in format f.
func (t table) render(f tableFormat) string {
	ncol := len(t.headers)
	multiline := false
	if f.multiline {
		for _, h := range t.headers {
			multiline = multiline || strings.Contains(h, "\n")
		}
		for _, r := range t.rows {
			for _, c := range r {
				multiline = multiline || strings.Contains(c, "\n")
			}
		}
	}
	// Columns: format numbers, strip, find widths, align.
	cols := make([][]string, ncol)
	widths := make([]int, ncol)
	for j := range ncol {
		col := make([]string, len(t.rows))
		for i, r := range t.rows {
			col[i] = r[j]
		}
		if columnIsFloat(col) {
			for i, c := range col {
				col[i] = formatPyFloat(c, t.floatDecimals)
			}
		}
		w := width(t.headers[j]) + 2 // tabulate's MIN_PADDING
		for i, c := range col {
			col[i] = py.Strip(c)
			w = max(w, cellWidth(col[i]))
		}
		for i, c := range col {
			lines := strings.Split(c, "\n")
			for k, l := range lines {
				lines[k] = pad(l, w, t.align[j])
			}
			col[i] = strings.Join(lines, "\n")
		}
		cols[j], widths[j] = col, w
	}
	headers := make([]string, ncol)
	for j, h := range t.headers {
		headers[j] = pad(h, widths[j], t.align[j])
	}
	padded := make([]int, ncol)
	for j, w := range widths {
		padded[j] = w + 2
	}
	var lines []string
	addRow := func(cells []string) {
		if !multiline {
			out := make([]string, len(cells))
			for j, c := range cells {
				out[j] = " " + c + " "
			}
			lines = append(lines, f.row(out))
			return
		}
		split := make([][]string, len(cells))
		n := 0
		for j, c := range cells {
			split[j] = strings.Split(c, "\n")
			n = max(n, len(split[j]))
		}
		for k := range n {
			out := make([]string, len(cells))
			for j := range cells {
				l := strings.Repeat(" ", widths[j])
				if k < len(split[j]) {
					l = split[j][k]
				}
				out[j] = " " + l + " "
			}
			lines = append(lines, f.row(out))
		}
	}
	lines = append(lines, f.above(padded, t.align))
	addRow(headers)
	lines = append(lines, f.belowHead(padded))
	for i := range t.rows {
		if i > 0 && f.between != nil {
			lines = append(lines, f.between(padded))
		}
		row := make([]string, ncol)
		for j := range ncol {
			row[j] = cols[j][i]
		}
		addRow(row)
	}
	lines = append(lines, f.below(padded))
	return strings.Join(lines, "\n")
}

// columnIsFloat reports whether tabulate types the column as float: every
// cell is a number (as Python's int or float reads it) and not every cell
// is an integer or a boolean.
func columnIsFloat(col []string) bool {
	anyFloat := false
	for _, c := range col {
		switch {
		case c == "True" || c == "False":
		case isPyInt(c):
		case isPyNumber(c):
			anyFloat = true
		default:
			return false
		}
	}
	return anyFloat
}

// isPyInt is tabulate's _isint for a string: int(s) works.
func isPyInt(s string) bool {
	_, _, err := py.ParseInt(s)
	return err == nil
}

// isPyNumber is tabulate's _isnumber: float(s) works, and an infinite or
// NaN value is spelt "inf", "-inf" or "nan" (in any case).
func isPyNumber(s string) bool {
	f, ok := py.ParseFloat(s)
	if !ok {
		return false
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		switch strings.ToLower(s) {
		case "inf", "-inf", "nan":
			return true
		}
		return false
	}
	return true
}

// formatPyFloat is Python's format(float(s), ".<decimals>f").
func formatPyFloat(s string, decimals int) string {
	f, _ := py.ParseFloat(s)
	return py.FormatFixed(f, decimals)
}
