package bleubeam

import "math"

func nextUp(x float64) float64 { return math.Nextafter(x, math.Inf(1)) }
