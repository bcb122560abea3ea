package verify

import (
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"time"
)

var (
	decimalLexical  = regexp.MustCompile(`^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$`)
	dateTimeLexical = regexp.MustCompile(`^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$`)
)

// sameValue compares two trimmed text values as the runner contract says:
// equal strings, equal numbers, or equal instants.
func sameValue(expected, got string) bool {
	if expected == got {
		return true
	}
	if decimalLexical.MatchString(expected) && decimalLexical.MatchString(got) {
		return sameNumber(expected, got)
	}
	if dateTimeLexical.MatchString(expected) && dateTimeLexical.MatchString(got) {
		a, errA := parseDateTime(expected)
		b, errB := parseDateTime(got)
		return errA == nil && errB == nil && a.Equal(b)
	}
	return false
}

// sameNumber accepts the same decimal value written differently (5.50 and
// 5.5), and the same double or float printed with more digits than needed
// (45.4 and 45.399999999999999): stacks round-trip binary floating point.
func sameNumber(a, b string) bool {
	ra, okA := new(big.Rat).SetString(a)
	rb, okB := new(big.Rat).SetString(b)
	if okA && okB && ra.Cmp(rb) == 0 {
		return true
	}
	fa, errA := strconv.ParseFloat(a, 64)
	fb, errB := strconv.ParseFloat(b, 64)
	if errA != nil || errB != nil {
		return false
	}
	return fa == fb || float32(fa) == float32(fb)
}

// parseDateTime reads an xsd:dateTime; one without a time zone is taken as
// UTC, so that it compares equal to the same time written with Z.
func parseDateTime(s string) (time.Time, error) {
	if !strings.HasSuffix(s, "Z") && !hasOffset(s) {
		s += "Z"
	}
	return time.Parse(time.RFC3339Nano, s)
}

func hasOffset(s string) bool {
	if len(s) < 6 {
		return false
	}
	tail := s[len(s)-6:]
	return (tail[0] == '+' || tail[0] == '-') && tail[3] == ':'
}
