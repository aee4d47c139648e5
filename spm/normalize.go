package spm

// The normalizer of sentencepiece 0.1.97 (normalizer.cc), for encoding:
// the text is rewritten a prefix at a time by the longest rule of the
// precompiled charsmap, with user-defined symbols kept as they are, and
// whitespace is trimmed, squeezed and escaped as the NormalizerSpec says.

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"unicode/utf8"
)

// spaceSymbol is U+2581 LOWER ONE EIGHTH BLOCK, which stands for a space
// in pieces.
const spaceSymbol = "\u2581"

type normalizer struct {
	trie       dartsArray // the charsmap's rules, keyed by input prefix
	normalized string     // NUL-terminated replacements the rules point to
	user       *trie      // user-defined symbols, or nil

	addDummyPrefix          bool
	removeExtraWhitespaces  bool
	escapeWhitespaces       bool
	treatWhitespaceAsSuffix bool
}

// newNormalizer decodes the precompiled charsmap
// (<trie size: 4 bytes LE><double array><normalized strings>) and checks
// that every rule points at a NUL-terminated string inside the blob.
func newNormalizer(spec *protoNormalizer, suffix bool, user *trie) (*normalizer, error) {
	n := &normalizer{
		user:                    user,
		addDummyPrefix:          spec.addDummyPrefix,
		removeExtraWhitespaces:  spec.removeExtraWhitespaces,
		escapeWhitespaces:       spec.escapeWhitespaces,
		treatWhitespaceAsSuffix: suffix,
	}
	blob := spec.charsmap
	if len(blob) == 0 {
		return n, nil
	}
	if len(blob) <= 4 || uint64(binary.LittleEndian.Uint32(blob)) >= uint64(len(blob)) {
		return nil, errors.New("spm: malformed model: blob for normalization rule is broken")
	}
	size := int(binary.LittleEndian.Uint32(blob))
	blob = blob[4:]
	n.trie = newDartsArray(blob[:size])
	n.normalized = string(blob[size:])
	err := n.trie.leafValues(func(v int32) error {
		if int(v) >= len(n.normalized) || strings.IndexByte(n.normalized[v:], 0) < 0 {
			return errors.New("spm: malformed model: normalization rule out of range")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return n, nil
}

// prefix returns the normalized form of the shortest prefix of s that
// normalizes as a unit, and that prefix's length (NormalizePrefix).
func (n *normalizer) prefix(s string) (string, int) {
	if n.user != nil {
		if l := n.user.longestPrefix(s); l > 0 {
			return s[:l], l
		}
	}
	if l, v := n.trie.longestPrefix(s); l > 0 {
		r := n.normalized[v:]
		return r[:strings.IndexByte(r, 0)], l
	}
	if s[0] < utf8.RuneSelf {
		return s[:1], 1
	}
	r, l := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && l == 1 {
		// A malformed byte becomes U+FFFD, one byte at a time.
		return "\uFFFD", 1
	}
	return s[:l], l
}

// normalize appends the normalized form of s to dst (Normalize).
func (n *normalizer) normalize(dst []byte, s string) []byte {
	if s == "" {
		return dst
	}
	start := len(dst)
	if n.removeExtraWhitespaces {
		for s != "" {
			p, l := n.prefix(s)
			if p != " " {
				break
			}
			s = s[l:]
		}
		if s == "" {
			return dst
		}
	}
	space := " "
	if n.escapeWhitespaces {
		space = spaceSymbol
	}
	if !n.treatWhitespaceAsSuffix && n.addDummyPrefix {
		dst = append(dst, space...)
	}
	prevSpace := n.removeExtraWhitespaces
	for s != "" {
		p, l := n.prefix(s)
		if prevSpace {
			p = strings.TrimLeft(p, " ")
		}
		if p != "" {
			if n.escapeWhitespaces {
				dst = appendEscaped(dst, p)
			} else {
				dst = append(dst, p...)
			}
			prevSpace = p[len(p)-1] == ' '
		}
		s = s[l:]
		if !n.removeExtraWhitespaces {
			prevSpace = false
		}
	}
	if n.removeExtraWhitespaces {
		for bytes.HasSuffix(dst[start:], []byte(space)) {
			dst = dst[:len(dst)-len(space)]
		}
	}
	if n.treatWhitespaceAsSuffix && n.addDummyPrefix {
		dst = append(dst, space...)
	}
	return dst
}

// appendEscaped appends p to dst with every ' ' replaced by U+2581.
func appendEscaped(dst []byte, p string) []byte {
	for {
		i := strings.IndexByte(p, ' ')
		if i < 0 {
			return append(dst, p...)
		}
		dst = append(dst, p[:i]...)
		dst = append(dst, spaceSymbol...)
		p = p[i+1:]
	}
}
