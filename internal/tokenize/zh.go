package tokenize

import "github.com/go-bleu/bleu/internal/py"

// This file is the zh tokenizer's own part, its table of Chinese
// characters: scan13a (scan13a.go) does the scanning.

// tokenizeZh is sacreBLEU's TokenizerZh followed by str.split: each
// character of the table is a token of its own and separates words as
// whitespace does; the 13a rules, unpadded, apply to the rest. md is
// modeZh or modeZhFixed.
func tokenizeZh(sc *Scratch, dst []string, s string, md *scan13aMode) []string {
	return sc.scan13a(dst, py.Strip(s), md, false)
}

// zhRanges is sacreBLEU's _UCODE_RANGES as Python's string comparison
// reads it. Four of its entries were written as '\u20000', '\u2a6d6',
// '\u2f800' and '\u2fa1d', which Python parses as a BMP character followed
// by a digit; comparing one-character strings against them makes the
// ranges U+2001–U+2A6D and U+2F81–U+2FA1 ("\u2000" + "0" < c <= "\u2a6d" +
// "6" holds for U+2001..U+2A6D, and U+2000 itself is smaller than
// "\u20000").
var zhRanges = [...][2]rune{
	{0x3400, 0x4db5}, {0x4e00, 0x9fa5}, {0x9fa6, 0x9fbb}, {0xf900, 0xfa2d},
	{0xfa30, 0xfa6a}, {0xfa70, 0xfad9}, {0x2001, 0x2a6d}, {0x2f81, 0x2fa1},
	{0xff00, 0xffef}, {0x2e80, 0x2eff}, {0x3000, 0x303f}, {0x31c0, 0x31ef},
	{0x2f00, 0x2fdf}, {0x2ff0, 0x2fff}, {0x3100, 0x312f}, {0x31a0, 0x31bf},
	{0xfe10, 0xfe1f}, {0xfe30, 0xfe4f}, {0x2600, 0x26ff}, {0x2700, 0x27bf},
	{0x3200, 0x32ff}, {0x3300, 0x33ff},
}

// zhRangesFixed is zhRanges with the astral ranges as intended.
var zhRangesFixed = [...][2]rune{
	{0x3400, 0x4db5}, {0x4e00, 0x9fa5}, {0x9fa6, 0x9fbb}, {0xf900, 0xfa2d},
	{0xfa30, 0xfa6a}, {0xfa70, 0xfad9}, {0x20000, 0x2a6d6}, {0x2f800, 0x2fa1d},
	{0xff00, 0xffef}, {0x2e80, 0x2eff}, {0x3000, 0x303f}, {0x31c0, 0x31ef},
	{0x2f00, 0x2fdf}, {0x2ff0, 0x2fff}, {0x3100, 0x312f}, {0x31a0, 0x31bf},
	{0xfe10, 0xfe1f}, {0xfe30, 0xfe4f}, {0x2600, 0x26ff}, {0x2700, 0x27bf},
	{0x3200, 0x32ff}, {0x3300, 0x33ff},
}

func isZhChar(r rune) bool {
	if r < 0x2001 {
		return false
	}
	for _, rg := range zhRanges {
		if rg[0] <= r && r <= rg[1] {
			return true
		}
	}
	return false
}

func isZhCharFixed(r rune) bool {
	if r < 0x2600 {
		return false
	}
	for _, rg := range zhRangesFixed {
		if rg[0] <= r && r <= rg[1] {
			return true
		}
	}
	return false
}
