// A correct solution to `nim` in Go: Bouton's theorem, the first winning move.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	in := bufio.NewReader(os.Stdin)
	var cases int
	fmt.Fscan(in, &cases)
	for ; cases > 0; cases-- {
		var n int
		fmt.Fscan(in, &n)
		heaps := make([]uint64, n)
		var x uint64
		for i := range heaps {
			fmt.Fscan(in, &heaps[i])
			x ^= heaps[i]
		}
		if x == 0 {
			fmt.Println("second")
			continue
		}
		for i, h := range heaps {
			if h^x < h {
				fmt.Printf("first %d %d\n", i+1, h^x)
				break
			}
		}
	}
}
