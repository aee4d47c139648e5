// Package py reproduces the parts of Python 3.11 that sacreBLEU's results
// depend on, exactly, so that the library, the command line and the other
// BLEU implementations of package compat share one copy.
//
// # Strings
//
// [IsSpace], [Strip], [RStrip], [AppendFields] and [Lower] are Python
// 3.11's str.isspace, str.strip and str.rstrip and str.split without
// arguments, and str.lower. Python 3.11 uses Unicode 14.0, Go's unicode
// package a newer version; the Unicode data comes from package unidata,
// pinned to Python's (and so do [DecimalValue]'s digits and what [Repr]
// escapes), and the tests check every code point against Python's answers. Strings are UTF-8: a byte that is
// not part of a valid UTF-8 sequence is one non-space, caseless character
// and is kept unchanged. Results are substrings of the input where Python
// would return an equal string ([Lower] returns its input unchanged when
// nothing changes), and nothing allocates but Lower's result.
//
// [MultiByteSpace] and [SpaceAt] let scanners that read bytes find
// whitespace without decoding characters.
//
// # Numbers
//
// [ParseInt] and [ParseFloat] read a string as int() and float() do:
// Unicode decimal digits, underscores between digits, surrounding
// whitespace but for \x1c-\x1f, at most [IntMaxStrDigits] digits for
// int(). [FloatRepr] is repr() of a float, [FormatFixed] format(f, ".Nf"),
// both with Python's "nan", "inf" and "-inf"; [Repr] is repr() of a str.
// [Mean] is statistics.mean of floats: the exact mean, correctly rounded.
//
// Every function is safe for concurrent use; the package has no mutable
// state.
package py
