package report

import (
	"strconv"
	"strings"
	"unicode"
)

// What a name or text may not do on the page: reorder or hide what is
// shown beside it. Every string of a Report passes through one of these
// before the template escapes it:
//
//   - names (systems, title, bands, signatures) show every format
//     character (Unicode's Cf: the bidi embeddings, overrides, isolates
//     and marks, zero-width spaces and joiners, soft hyphens, BOMs), line
//     and paragraph separators, and runs of more than maxMarks combining
//     marks as visible "[U+XXXX]" tokens; the template also puts each in
//     a <bdi>, and an SVG label puts it between FSI and PDI, so that a
//     right-to-left name does not carry the number after it along;
//   - texts (hypotheses, references) keep the zero-width joiner and
//     non-joiner that scripts need and show every other format character
//     visibly (BLEU counts them as parts of words, so a reader needs to
//     see them), and are put in elements with dir="auto" whose bidi is
//     isolated by the style sheet.

// maxMarks is the number of combining marks shown on one base character;
// more are shown as one token, so that no stack grows over a neighbour.
const maxMarks = 3

// shownName returns name as the page shows it (see above).
func shownName(name string) string {
	var b strings.Builder
	marks := 0
	hidden := 0
	flush := func() {
		if hidden > 0 {
			b.WriteString("[+" + strconv.Itoa(hidden) + " marks]")
			hidden = 0
		}
	}
	for _, r := range visible(name) {
		if unicode.In(r, unicode.Mn, unicode.Me) {
			if marks++; marks > maxMarks {
				hidden++
				continue
			}
			b.WriteRune(r)
			continue
		}
		flush()
		marks = 0
		if unicode.Is(unicode.Cf, r) || r == 0x2028 || r == 0x2029 {
			b.WriteString(codePoint(r))
			continue
		}
		b.WriteRune(r)
	}
	flush()
	return b.String()
}

// shownText returns a hypothesis or reference as the page shows it: the
// format characters other than the joiners made visible, the rest as is.
func shownText(s string) string {
	v := visible(s)
	if !strings.ContainsFunc(v, hiddenInText) {
		return v
	}
	var b strings.Builder
	for _, r := range v {
		if hiddenInText(r) {
			b.WriteString(codePoint(r))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// hiddenInText reports whether a text shows r as a token: a format
// character other than ZWNJ and ZWJ, or a line or paragraph separator.
func hiddenInText(r rune) bool {
	return r != 0x200c && r != 0x200d && (unicode.Is(unicode.Cf, r) || r == 0x2028 || r == 0x2029)
}

// codePoint is r as a visible token, "[U+202E]".
func codePoint(r rune) string {
	h := strings.ToUpper(strconv.FormatInt(int64(r), 16))
	for len(h) < 4 {
		h = "0" + h
	}
	return "[U+" + h + "]"
}

// isolated is a shown name between FSI and PDI, for SVG text, where <bdi>
// cannot go: the name's direction does not reach what follows it.
func isolated(name string) string { return "\u2068" + name + "\u2069" }
