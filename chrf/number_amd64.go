//go:build amd64 && !purego

package chrf

import "unsafe"

// The layout of smallSlot that number_amd64.s assumes.
const (
	_ = uint(unsafe.Sizeof(smallSlot{}) - 8)
	_ = uint(8 - unsafe.Sizeof(smallSlot{}))
	_ = uint(unsafe.Offsetof(smallSlot{}.gen) - 4)
	_ = uint(4 - unsafe.Offsetof(smallSlot{}.gen))
)

// numberHyp is numberHypGo with its loop over the items below smallKeys
// in assembly (number_amd64.s).
func (c *counter) numberHyp(codes, items []uint32, hc []int32) int {
	t := &c.tab
	codes = codes[:len(items)]
	next := t.next
	for i := 0; ; i++ {
		i, next = numberHypAsm(codes, items, hc, t.small, t.gen, next, i)
		if i < 0 {
			panic("chrf: a number outside its counts")
		}
		if i == len(items) {
			break
		}
		t.next = next
		x := t.intern(uint64(items[i]))
		next = t.next
		codes[i] = x + 1
		hc[x+1]++
	}
	t.next = next
	return int(next)
}

// numberRef is numberRefGo with its loop over the items below smallKeys
// in assembly (number_amd64.s).
func (c *counter) numberRef(codes, items []uint32, rc []int32) {
	t := &c.tab
	codes = codes[:len(items)]
	for j := 0; ; j++ {
		j = numberRefAsm(codes, items, rc, t.small, t.gen, j)
		if j < 0 {
			panic("chrf: a number outside its counts")
		}
		if j == len(items) {
			return
		}
		var x uint32
		if id, ok := t.lookup(uint64(items[j])); ok {
			x = id + 1
		}
		codes[j] = x
		rc[x]++
	}
}

//go:noescape
func numberHypAsm(codes, items []uint32, hc []int32, small *[smallKeys]smallSlot, gen, next uint32, from int) (int, uint32)

//go:noescape
func numberRefAsm(codes, items []uint32, rc []int32, small *[smallKeys]smallSlot, gen uint32, from int) int
