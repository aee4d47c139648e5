package spm

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
)

// A Model is a loaded SentencePiece model: its normalizer and its
// vocabulary, ready to encode text into pieces.
//
// A Model is immutable once loaded: it is safe for concurrent use, and a
// *Model may be shared freely (a copy of a Model value shares its tables
// and is as good). Models are made by [Parse], [Load] and [LoadFile]; the
// zero Model is not usable.
type Model struct {
	typ    ModelType
	pieces []protoPiece
	norm   *normalizer

	// pieceIDs maps NORMAL, USER_DEFINED and UNUSED pieces to their ids;
	// reservedIDs maps the other types' pieces (ModelInterface's pieces_
	// and reserved_id_map_).
	pieceIDs    map[string]int32
	reservedIDs map[string]int32
	unkID       int32
	// user matches user-defined symbols; nil when the model has none.
	user *trie

	byteFallback bool
	bytePieces   [256]string

	// Unigram: the trie of NORMAL, USER_DEFINED and UNUSED pieces, the
	// score of an unknown character and the bonus base of user-defined
	// symbols.
	pieceArray *doubleArray
	scores     []pieceScore // by id, for the Viterbi search's inner loop
	unkScore   float32
	maxScore   float32
}

// pieceScore is a piece's score and type, packed.
type pieceScore struct {
	score float32
	typ   pieceType
}

// LoadFile reads and parses the model file at path.
func LoadFile(path string) (*Model, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("spm: %w", err)
	}
	return Parse(b)
}

// Load reads a serialized model from r and parses it.
func Load(r io.Reader) (*Model, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("spm: %w", err)
	}
	return Parse(b)
}

// Parse parses a serialized ModelProto, the contents of a .model file,
// and checks it as sentencepiece's SentencePieceProcessor::Load does,
// including the self-test samples the model may carry. Parse does not
// retain b.
func Parse(b []byte) (*Model, error) {
	pm, err := parseModel(b)
	if err != nil {
		return nil, err
	}
	m := &Model{typ: pm.trainer.modelType, pieces: pm.pieces, byteFallback: pm.trainer.byteFallback}
	if err := m.initPieces(); err != nil {
		return nil, err
	}
	if m.typ == Unigram {
		if err := m.initUnigram(); err != nil {
			return nil, err
		}
	}
	m.norm, err = newNormalizer(&pm.normalizer, pm.trainer.treatWhitespaceAsSuffix, m.user)
	if err != nil {
		return nil, err
	}
	for _, s := range pm.samples {
		got, err := m.Encode(s.input)
		if err != nil {
			return nil, err
		}
		if r := strings.Join(got, " "); !m.equivalent(s.expected, r) {
			return nil, fmt.Errorf("spm: self-test failure: %q encodes as %q, the model expects %q", s.input, r, s.expected)
		}
	}
	return m, nil
}

// initPieces indexes the vocabulary (ModelInterface::InitializePieces).
func (m *Model) initPieces() error {
	m.pieceIDs = make(map[string]int32, len(m.pieces))
	m.reservedIDs = make(map[string]int32)
	m.unkID = -1
	var user []trieKey
	var byteFound [256]bool
	for i, p := range m.pieces {
		if p.piece == "" {
			return errors.New("spm: malformed model: piece must not be empty")
		}
		normal := p.typ == typeNormal || p.typ == typeUserDefined || p.typ == typeUnused
		ids := m.reservedIDs
		if normal {
			ids = m.pieceIDs
		}
		if _, dup := ids[p.piece]; dup {
			return fmt.Errorf("spm: malformed model: %q is already defined", p.piece)
		}
		ids[p.piece] = int32(i)
		switch p.typ {
		case typeUserDefined:
			if strings.IndexByte(p.piece, 0) >= 0 {
				// sentencepiece's tries take C strings; such a symbol
				// would be cut short there.
				return fmt.Errorf("spm: malformed model: user-defined symbol %q contains a NUL byte", p.piece)
			}
			user = append(user, trieKey{p.piece, int32(i)})
		case typeUnknown:
			if m.unkID >= 0 {
				return errors.New("spm: malformed model: unk is already defined")
			}
			m.unkID = int32(i)
		case typeByte:
			if !m.byteFallback {
				return fmt.Errorf("spm: malformed model: byte piece %q is found although byte_fallback is false", p.piece)
			}
			b, ok := pieceToByte(p.piece)
			if !ok {
				return fmt.Errorf("spm: malformed model: byte piece %q is invalid", p.piece)
			}
			byteFound[b] = true
		}
	}
	if m.unkID < 0 {
		return errors.New("spm: malformed model: unk is not defined")
	}
	if m.byteFallback {
		for b, ok := range byteFound {
			if !ok {
				return errors.New("spm: malformed model: there are not 256 byte pieces although byte_fallback is true")
			}
			m.bytePieces[b] = byteToPiece(byte(b))
		}
	}
	if len(user) > 0 {
		m.user = newTrie(user)
	}
	return nil
}

// initUnigram builds the unigram model's trie and scores
// (unigram::Model::Model). The score bounds start where sentencepiece
// starts them, at FLT_MAX and FLT_MIN (the least positive normal float,
// not the most negative one), and look only at NORMAL pieces.
func (m *Model) initUnigram() error {
	minScore, maxScore := float32(math.MaxFloat32), float32(0x1p-126)
	var keys []trieKey
	m.scores = make([]pieceScore, len(m.pieces))
	for i, p := range m.pieces {
		m.scores[i] = pieceScore{p.score, p.typ}
		if p.typ == typeNormal {
			minScore = min32(minScore, p.score)
			maxScore = max32(maxScore, p.score)
		}
		if p.typ == typeNormal || p.typ == typeUserDefined || p.typ == typeUnused {
			if strings.IndexByte(p.piece, 0) >= 0 {
				return fmt.Errorf("spm: malformed model: piece %q contains a NUL byte", p.piece)
			}
			keys = append(keys, trieKey{p.piece, int32(i)})
		}
	}
	if len(keys) == 0 {
		return errors.New("spm: malformed model: no pieces are loaded")
	}
	m.pieceArray = newDoubleArray(newTrie(keys))
	m.unkScore = minScore - 10 // kUnkPenalty
	m.maxScore = maxScore
	return nil
}

// min32 and max32 are std::min and std::max on floats: a NaN score
// leaves the bound as it is when it is the second argument.
func min32(a, b float32) float32 {
	if b < a {
		return b
	}
	return a
}

func max32(a, b float32) float32 {
	if a < b {
		return b
	}
	return a
}

// Type returns the model's segmentation algorithm.
func (m *Model) Type() ModelType { return m.typ }

// Len returns the number of pieces in the vocabulary.
func (m *Model) Len() int { return len(m.pieces) }

// pieceID is ModelInterface::PieceToId: reserved pieces first, then the
// others, else the unknown piece's id.
func (m *Model) pieceID(w string) int32 {
	if id, ok := m.reservedIDs[w]; ok {
		return id
	}
	if id, ok := m.pieceIDs[w]; ok {
		return id
	}
	return m.unkID
}

// byteToPiece is ByteToPiece: "<0xE3>".
func byteToPiece(b byte) string {
	const hex = "0123456789ABCDEF"
	return string([]byte{'<', '0', 'x', hex[b>>4], hex[b&15], '>'})
}

// pieceToByte is PieceToByte, the inverse of byteToPiece.
func pieceToByte(p string) (byte, bool) {
	if len(p) != 6 || p[:3] != "<0x" || p[5] != '>' {
		return 0, false
	}
	var b byte
	for _, c := range []byte(p[3:5]) {
		switch {
		case '0' <= c && c <= '9':
			b = b<<4 | (c - '0')
		case 'A' <= c && c <= 'F':
			b = b<<4 | (c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return b, true
}
