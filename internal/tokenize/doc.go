// Package tokenize holds the scanners of sacreBLEU's standard
// tokenizers (13a, intl, zh, char and none), the event masks and kernels
// they find special bytes with, and the cutting of long texts into pieces
// that are tokenized one at a time. Package bleu's StandardTokenizer is
// its public face.
//
// # Contract
//
// [Kind.Tokenize] appends to dst exactly the words that sacreBLEU 2.6.0
// gets by applying the tokenizer and then Python's str.split to the text;
// invalid UTF-8 bytes are kept and treated as characters that are neither
// space, punctuation, symbol nor digit. Tokens are substrings of the text
// or of the [Scratch]'s buffers, valid until the Scratch is used again. A
// text gives the tokens of its pieces ([NextCut]), one piece after the
// other, so a long text may be tokenized a piece at a time.
//
// # Invariants
//
// Every kernel in assembly (events_amd64.s) has a Go twin
// (events13aLineGo, eventsIntlLineGo) that runs under the purego build
// tag and on other architectures, and every go test compares the two.
// The scanners never allocate once their Scratch has grown, and write at
// most one entry past the last token they keep, within [TokenBound].
//
// # How the tokenizers work
//
// sacreBLEU's 13a, intl and zh tokenizers are regular-expression rewrites
// of the whole line followed by str.split. Each rule matches one or two
// adjacent characters, and whitespace plays the same part in every rule as
// the spaces the rules insert: it is a non-digit that is neither
// punctuation nor symbol nor one of 13a's characters. So no rule can carry
// an effect across whitespace, and each whitespace-separated word can be
// tokenized on its own, knowing only whether whitespace (or 13a's padding)
// comes before and after it rather than the start or end of the line.
//
// The same holds within a word for the characters that become tokens of
// their own whatever surrounds them, with the spaces the rules put around
// them: 13a's rule 1 characters, zh's characters and intl's symbols. They
// cut words into pieces, and a piece's tokens follow from a few local
// facts (is this period between digits, is this hyphen after one, is this
// punctuation next to other punctuation), so most pieces are cut up
// directly into substrings of the input (see scan13a and tokenizeIntl for
// the exact conditions). The others go through the rules literally
// (rules13a, rulesIntl) in a small buffer.
//
// The scanners find the bytes that matter several at a time (asciiEvents,
// pySpaceEvents): ASCII bytes other than letters and digits, and the lead
// bytes of multi-byte characters, the only ones that can start whitespace,
// punctuation, a symbol or a character of zh's table. Letters, digits and
// continuation bytes are skipped without being looked at one by one. The
// 13a, zh and intl scanners find the events of a line before they scan
// it, as one mask per 64 bytes (lineEvents; on amd64, in assembly, 16
// bytes an instruction). 13a and zh let through only the lead bytes that
// can start whitespace (C2, E1, E2, E3) or, for zh, a character of its
// table (E0 and above), so that the accented letters of European languages
// (and for 13a, Chinese characters) are skipped too, and E3 not when the
// byte after it makes a kana, which is neither (kanaLeads): Japanese
// words of kana are skipped whole. They cut pieces at periods, commas and
// hyphens themselves, and leave to the rules only the pieces with two
// periods or commas to split. They handle the other
// characters of three bytes themselves too: zh's by a bit a character
// (scan13aMode.zh), so that Chinese text, where every character is a token,
// does not leave the loop; whitespace they leave to scan13a. intl lets
// through every lead byte but C3, whose characters are letters but for ×
// and ÷, which it finds by their last byte, E4..E9, Chinese characters
// but for a block of symbols found the same way (leadIntl), and E3 where
// the two bytes after it make a kana that is a letter (kanaLeadsIntl);
// it looks up the class of characters of two or three bytes in a table
// (bmpClasses), handles punctuation next to ASCII, such characters or
// each other itself, and leaves to the rules only the words with two
// punctuation characters in a row next to a digit.
// The tests (tokenize_test.go) check all this against the rules applied literally to
// whole lines, with the special characters at every offset of the chunks
// and blocks.
package tokenize
