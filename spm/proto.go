package spm

// The parts of sentencepiece's ModelProto (sentencepiece_model.proto,
// proto2) that encoding reads, parsed (wire.go) as the protobuf C++
// runtime parses them: a scalar field seen twice keeps its last value, an
// embedded message seen twice is merged, a repeated field appends, and an
// enum value the schema does not define is ignored (proto2 enums are
// closed) so the field keeps its previous value. Unknown fields are
// skipped.

import (
	"errors"
	"math"
	"strconv"
)

// pieceType is ModelProto.SentencePiece.Type.
type pieceType uint8

// The piece types, with sentencepiece's numbers.
const (
	typeNormal      pieceType = 1
	typeUnknown     pieceType = 2
	typeControl     pieceType = 3
	typeUserDefined pieceType = 4
	typeUnused      pieceType = 5
	typeByte        pieceType = 6
)

// ModelType is the segmentation algorithm of a model
// (TrainerSpec.model_type), with sentencepiece's numbers.
type ModelType uint8

// The model types.
const (
	Unigram ModelType = 1
	BPE     ModelType = 2
	Word    ModelType = 3
	Char    ModelType = 4
)

// String returns the name spm_train's --model_type gives the type.
func (t ModelType) String() string {
	switch t {
	case Unigram:
		return "unigram"
	case BPE:
		return "bpe"
	case Word:
		return "word"
	case Char:
		return "char"
	}
	return "ModelType(" + strconv.Itoa(int(t)) + ")"
}

type protoPiece struct {
	piece string
	score float32
	typ   pieceType
}

type protoTrainer struct {
	modelType               ModelType
	treatWhitespaceAsSuffix bool
	byteFallback            bool
}

type protoNormalizer struct {
	name                   string
	charsmap               []byte
	addDummyPrefix         bool
	removeExtraWhitespaces bool
	escapeWhitespaces      bool
}

type protoSample struct{ input, expected string }

type protoModel struct {
	pieces     []protoPiece
	trainer    protoTrainer
	normalizer protoNormalizer
	samples    []protoSample

	// hasTrainer and hasNormalizer record whether the fields were present.
	hasTrainer, hasNormalizer bool
}

var errWire = errors.New("spm: malformed model: bad protobuf encoding")

// field reads the next field of b: its number, its wire type, the bytes
// of a length-delimited value or the number of a varint or fixed32 value,
// and the rest of b.
type field struct {
	num   int32
	typ   wireType
	bytes []byte
	v     uint64
}

// nextField consumes one field from b.
func nextField(b []byte) (field, []byte, error) {
	num, typ, n := consumeTag(b)
	if n < 0 {
		return field{}, nil, errWire
	}
	b = b[n:]
	f := field{num: num, typ: typ}
	switch typ {
	case varintType:
		f.v, n = consumeVarint(b)
	case fixed32Type:
		var v uint32
		v, n = consumeFixed32(b)
		f.v = uint64(v)
	case bytesType:
		f.bytes, n = consumeBytes(b)
	default:
		n = skipValue(num, typ, b, maxGroupDepth)
	}
	if n < 0 {
		return field{}, nil, errWire
	}
	return f, b[n:], nil
}

// each calls fn for every field of the message b.
func each(b []byte, fn func(f field) error) error {
	for len(b) > 0 {
		f, rest, err := nextField(b)
		if err != nil {
			return err
		}
		if err := fn(f); err != nil {
			return err
		}
		b = rest
	}
	return nil
}

// is reports whether f is field num with wire type typ. A known field
// with another wire type is treated as unknown, as the C++ runtime does.
func (f field) is(num int32, typ wireType) bool {
	return f.num == num && f.typ == typ
}

// parseModel parses a serialized ModelProto.
func parseModel(b []byte) (*protoModel, error) {
	m := &protoModel{
		trainer:    protoTrainer{modelType: Unigram},
		normalizer: protoNormalizer{addDummyPrefix: true, removeExtraWhitespaces: true, escapeWhitespaces: true},
	}
	err := each(b, func(f field) error {
		switch {
		case f.is(1, bytesType):
			p := protoPiece{typ: typeNormal}
			if err := parsePiece(f.bytes, &p); err != nil {
				return err
			}
			m.pieces = append(m.pieces, p)
		case f.is(2, bytesType):
			m.hasTrainer = true
			return parseTrainer(f.bytes, &m.trainer)
		case f.is(3, bytesType):
			m.hasNormalizer = true
			return parseNormalizer(f.bytes, &m.normalizer)
		case f.is(4, bytesType):
			return parseSelfTest(f.bytes, &m.samples)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

func parsePiece(b []byte, p *protoPiece) error {
	return each(b, func(f field) error {
		switch {
		case f.is(1, bytesType):
			p.piece = string(f.bytes)
		case f.is(2, fixed32Type):
			p.score = math.Float32frombits(uint32(f.v))
		case f.is(3, varintType):
			if t := int32(f.v); t >= 1 && t <= 6 {
				p.typ = pieceType(t)
			}
		}
		return nil
	})
}

func parseTrainer(b []byte, t *protoTrainer) error {
	return each(b, func(f field) error {
		switch {
		case f.is(3, varintType):
			if v := int32(f.v); v >= 1 && v <= 4 {
				t.modelType = ModelType(v)
			}
		case f.is(24, varintType):
			t.treatWhitespaceAsSuffix = f.v != 0
		case f.is(35, varintType):
			t.byteFallback = f.v != 0
		}
		return nil
	})
}

func parseNormalizer(b []byte, n *protoNormalizer) error {
	return each(b, func(f field) error {
		switch {
		case f.is(1, bytesType):
			n.name = string(f.bytes)
		case f.is(2, bytesType):
			n.charsmap = f.bytes
		case f.is(3, varintType):
			n.addDummyPrefix = f.v != 0
		case f.is(4, varintType):
			n.removeExtraWhitespaces = f.v != 0
		case f.is(5, varintType):
			n.escapeWhitespaces = f.v != 0
		}
		return nil
	})
}

func parseSelfTest(b []byte, samples *[]protoSample) error {
	return each(b, func(f field) error {
		if !f.is(1, bytesType) {
			return nil
		}
		var s protoSample
		err := each(f.bytes, func(g field) error {
			switch {
			case g.is(1, bytesType):
				s.input = string(g.bytes)
			case g.is(2, bytesType):
				s.expected = string(g.bytes)
			}
			return nil
		})
		*samples = append(*samples, s)
		return err
	})
}
