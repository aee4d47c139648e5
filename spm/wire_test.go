package spm

import (
	"bytes"
	"testing"
)

// appendVarint appends v as a varint.
func appendVarint(b []byte, v uint64) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

// appendBytesField appends field num as a length-delimited value v.
func appendBytesField(b []byte, num int32, v []byte) []byte {
	b = appendVarint(b, uint64(num)<<3|uint64(bytesType))
	return append(appendVarint(b, uint64(len(v))), v...)
}

func TestConsumeVarint(t *testing.T) {
	for _, c := range []struct {
		in []byte
		v  uint64
		n  int
	}{
		{[]byte{0}, 0, 1},
		{[]byte{0x7f, 0xff}, 127, 1},
		{[]byte{0x80, 0x01}, 128, 2},
		{[]byte{0xac, 0x02}, 300, 2},
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 0, 10}, // padded
		{[]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, 1<<64 - 1, 10},
		{[]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}, 0, -1},       // past 64 bits
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 0, -1}, // 11 bytes
		{[]byte{0x80}, 0, -1},
		{nil, 0, -1},
	} {
		if v, n := consumeVarint(c.in); v != c.v || n != c.n {
			t.Errorf("consumeVarint(% x) = %d, %d; want %d, %d", c.in, v, n, c.v, c.n)
		}
		if c.n > 0 && c.n < 10 && !bytes.Equal(appendVarint(nil, c.v), c.in[:c.n]) {
			t.Errorf("appendVarint(%d) = % x, want % x", c.v, appendVarint(nil, c.v), c.in[:c.n])
		}
	}
}

func TestConsumeTag(t *testing.T) {
	for _, c := range []struct {
		tag uint64
		num int32
		typ wireType
		n   int
	}{
		{1<<3 | 2, 1, bytesType, 1},
		{35 << 3, 35, varintType, 2},
		{(1<<29-1)<<3 | 5, 1<<29 - 1, fixed32Type, 5},
		{(1<<31-1)<<3 | 7, 1<<31 - 1, 7, 5}, // read; the type is refused where used
		{2, 0, 0, -1},                       // field number 0
		{1 << 31 << 3, 0, 0, -1},            // past an int32
	} {
		num, typ, n := consumeTag(appendVarint(nil, c.tag))
		if num != c.num || typ != c.typ || n != c.n {
			t.Errorf("consumeTag(%#x) = %d, %d, %d; want %d, %d, %d", c.tag, num, typ, n, c.num, c.typ, c.n)
		}
	}
}

func TestSkipValue(t *testing.T) {
	tag := func(num int32, typ wireType) []byte { return appendVarint(nil, uint64(num)<<3|uint64(typ)) }
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	nested := func(depth int) []byte {
		var b []byte
		for range depth {
			b = append(b, tag(7, startGroupType)...)
		}
		for range depth {
			b = append(b, tag(7, endGroupType)...)
		}
		return b
	}
	for _, c := range []struct {
		name string
		num  int32
		typ  wireType
		in   []byte
		n    int
	}{
		{"varint", 1, varintType, []byte{0x96, 0x01, 9}, 2},
		{"fixed32", 1, fixed32Type, []byte{1, 2, 3, 4, 5}, 4},
		{"fixed32 short", 1, fixed32Type, []byte{1, 2, 3}, -1},
		{"fixed64", 1, fixed64Type, []byte{1, 2, 3, 4, 5, 6, 7, 8, 9}, 8},
		{"fixed64 short", 1, fixed64Type, []byte{1, 2, 3, 4, 5, 6, 7}, -1},
		{"bytes", 1, bytesType, []byte{3, 'a', 'b', 'c', 'd'}, 4},
		{"bytes short", 1, bytesType, []byte{4, 'a', 'b', 'c'}, -1},
		{"group", 5, startGroupType, cat(tag(1, varintType), []byte{1}, tag(2, bytesType), []byte{1, 'x'}, tag(5, endGroupType), []byte{0xff}), 6},
		{"nested groups", 5, startGroupType, cat(tag(6, startGroupType), tag(6, endGroupType), tag(5, endGroupType)), 3},
		{"group ended by another number", 5, startGroupType, cat(tag(1, varintType), []byte{1}, tag(6, endGroupType)), -1},
		{"group without its end", 5, startGroupType, cat(tag(1, varintType), []byte{1}), -1},
		{"groups at the depth limit", 7, startGroupType, nested(maxGroupDepth + 1)[1:], 2*(maxGroupDepth+1) - 1},
		{"groups past the depth limit", 7, startGroupType, nested(maxGroupDepth + 2)[1:], -1},
		{"end tag alone", 5, endGroupType, nil, -1},
		{"reserved 6", 1, 6, []byte{0, 0, 0, 0, 0, 0, 0, 0}, -1},
		{"reserved 7", 1, 7, []byte{0, 0, 0, 0, 0, 0, 0, 0}, -1},
	} {
		if n := skipValue(c.num, c.typ, c.in, maxGroupDepth); n != c.n {
			t.Errorf("%s: skipValue = %d, want %d", c.name, n, c.n)
		}
	}
}
