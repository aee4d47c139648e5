//go:build amd64 && !purego

package chrf

import "unsafe"

// The layouts of smallSlot and slot that number_amd64.s assumes: a
// constant below is negative, and does not compile, if one changes.
const (
	_ = uint(unsafe.Sizeof(smallSlot{}) - 8)
	_ = uint(8 - unsafe.Sizeof(smallSlot{}))
	_ = uint(unsafe.Offsetof(smallSlot{}.gen) - 4)
	_ = uint(4 - unsafe.Offsetof(smallSlot{}.gen))
	_ = uint(unsafe.Sizeof(slot{}) - 16)
	_ = uint(16 - unsafe.Sizeof(slot{}))
	_ = uint(unsafe.Offsetof(slot{}.val) - 8)
	_ = uint(8 - unsafe.Offsetof(slot{}.val))
	_ = uint(unsafe.Offsetof(slot{}.gen) - 12)
	_ = uint(12 - unsafe.Offsetof(slot{}.gen))
)

// numberHyp is numberHypGo with its loop in assembly (number_amd64.s).
func (c *counter) numberHyp(codes, items []uint32, hc []int32) int {
	t := &c.tab
	if t.small == nil || len(t.slots) < 4*len(items) {
		panic("chrf: numberHyp needs a table reset for its items")
	}
	i, next := numberHypAsm(codes[:len(items)], items, hc, t, t.next)
	if i < 0 {
		panic("chrf: a number outside its counts")
	}
	t.next = next
	return int(next)
}

// numberRef is numberRefGo with its loop in assembly (number_amd64.s).
func (c *counter) numberRef(codes, items []uint32, rc []int32) {
	t := &c.tab
	if t.small == nil {
		panic("chrf: numberRef needs a table reset")
	}
	if numberRefAsm(codes[:len(items)], items, rc, t) < 0 {
		panic("chrf: a number outside its counts")
	}
}

//go:noescape
func numberHypAsm(codes, items []uint32, hc []int32, t *table, next uint32) (int, uint32)

//go:noescape
func numberRefAsm(codes, items []uint32, rc []int32, t *table) int
