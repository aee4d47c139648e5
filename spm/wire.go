package spm

import "encoding/binary"

// The protobuf wire format, as much of it as parsing a ModelProto needs,
// with the rules of protobuf-go's protowire: a varint has at most 10
// bytes and fits 64 bits, a field number is at least 1 and fits an int32,
// a group ends with the end tag of its own number, and wire types 6 and 7
// are reserved. Each consume function returns a negative length for bytes
// that break them or end too soon.

// wireType is a protobuf wire type.
type wireType uint8

// The wire types.
const (
	varintType     wireType = 0
	fixed64Type    wireType = 1
	bytesType      wireType = 2
	startGroupType wireType = 3
	endGroupType   wireType = 4
	fixed32Type    wireType = 5
)

// maxGroupDepth bounds the nesting of groups that skipValue follows, as
// protowire's DefaultRecursionLimit does.
const maxGroupDepth = 10000

// consumeVarint returns the varint that b starts with, and its length.
func consumeVarint(b []byte) (v uint64, n int) {
	for i := 0; i < len(b) && i < 10; i++ {
		c := b[i]
		if i == 9 && c > 1 {
			return 0, -1 // past 64 bits
		}
		v |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			return v, i + 1
		}
	}
	return 0, -1
}

// consumeTag returns the field number and wire type of the tag that b
// starts with, and its length.
func consumeTag(b []byte) (num int32, typ wireType, n int) {
	v, n := consumeVarint(b)
	if n < 0 || v>>3 < 1 || v>>3 > 1<<31-1 {
		return 0, 0, -1
	}
	return int32(v >> 3), wireType(v & 7), n
}

// consumeBytes returns the length-delimited value that b starts with, and
// its length with its prefix.
func consumeBytes(b []byte) (v []byte, n int) {
	m, n := consumeVarint(b)
	if n < 0 || m > uint64(len(b)-n) {
		return nil, -1
	}
	return b[n : n+int(m)], n + int(m)
}

// consumeFixed32 returns the little-endian 32-bit value that b starts
// with, and its length.
func consumeFixed32(b []byte) (v uint32, n int) {
	if len(b) < 4 {
		return 0, -1
	}
	return binary.LittleEndian.Uint32(b), 4
}

// skipValue returns the length of the value of field num, of wire type
// typ, that b starts with; a group's runs to its end tag, past groups
// nested at most depth deep.
func skipValue(num int32, typ wireType, b []byte, depth int) int {
	switch typ {
	case varintType:
		_, n := consumeVarint(b)
		return n
	case fixed32Type:
		_, n := consumeFixed32(b)
		return n
	case fixed64Type:
		if len(b) < 8 {
			return -1
		}
		return 8
	case bytesType:
		_, n := consumeBytes(b)
		return n
	case startGroupType:
		if depth < 0 {
			return -1
		}
		n0 := len(b)
		for {
			num2, typ2, n := consumeTag(b)
			if n < 0 {
				return -1
			}
			b = b[n:]
			if typ2 == endGroupType {
				if num2 != num {
					return -1
				}
				return n0 - len(b)
			}
			if n = skipValue(num2, typ2, b, depth-1); n < 0 {
				return -1
			}
			b = b[n:]
		}
	}
	return -1 // an end tag out of a group, or a reserved wire type
}
