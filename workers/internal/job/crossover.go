package job

import "math/rand/v2"

// crossover plans the order of items in each of rounds rounds as a
// counterbalanced crossover design rather than as independent shuffles.
//
// Why: on a machine shared with the backend and database, the measurement
// that opens a round ran 3-4 % slower than the next one, for every stack
// (bench/verdicts, CXF and gSOAP, 3 runs of 8 rounds). With independent
// shuffles one run puts CXF first in 2 rounds of 8 and the next in 5, and
// the position effect moved the CXF/gSOAP ratio between runs by more than
// either run's interval allowed. A Williams design puts every item in every
// position equally often and, for an even count of items, after every other
// item equally often, so a position or carry-over effect cancels within the
// run instead of shifting it.
//
// The rows of the design come in blocks of one whole square (n rows for n
// items, 2n when n is odd); which item plays which symbol and the order of
// the rows within each block are drawn from seed, so that a run's orders
// are reproducible and no item is always measured after the same one.
// When rounds is not a multiple of the block, the last block is cut short
// and the balance holds only approximately.
func crossover[T any](items []T, seed uint64, rounds int) [][]T {
	n := len(items)
	out := make([][]T, rounds)
	if n == 0 {
		for r := range out {
			out[r] = []T{}
		}
		return out
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	symbol := rng.Perm(n) // symbol s stands for items[symbol[s]]
	square := williamsSquare(n)
	for r := 0; r < rounds; r += len(square) {
		block := rng.Perm(len(square))
		for i := 0; i < len(block) && r+i < rounds; i++ {
			row := make([]T, n)
			for pos, s := range square[block[i]] {
				row[pos] = items[symbol[s]]
			}
			out[r+i] = row
		}
	}
	return out
}

// williamsSquare is a Williams Latin square of symbols 0..n-1: row i is the
// sequence 0, 1, n-1, 2, n-2, ... shifted by i. For odd n the mirrored rows
// are added, since n rows alone cannot balance which symbol follows which.
func williamsSquare(n int) [][]int {
	first := make([]int, n)
	for j := 1; j < n; j++ {
		if j%2 == 1 {
			first[j] = (j + 1) / 2
		} else {
			first[j] = n - j/2
		}
	}
	var rows [][]int
	for i := 0; i < n; i++ {
		row := make([]int, n)
		for j, s := range first {
			row[j] = (s + i) % n
		}
		rows = append(rows, row)
	}
	if n%2 == 1 && n > 1 {
		for i := 0; i < n; i++ {
			row := make([]int, n)
			for j := range row {
				row[j] = rows[i][n-1-j]
			}
			rows = append(rows, row)
		}
	}
	return rows
}
