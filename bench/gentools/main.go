// Command gentools writes a TypeScript file with n tool interfaces, the
// input of the whole-process benchmark in bench/schema-vs-tsjsg.sh.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
)

func main() {
	n := flag.Int("n", 2000, "number of tool interfaces")
	flag.Parse()
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	fmt.Fprintln(w, "/** How results are ordered. */")
	fmt.Fprintln(w, "export type Order = 'asc' | 'desc';")
	for i := 0; i < *n; i++ {
		fmt.Fprintf(w, `
/** Filter of tool %[1]d. */
export interface Filter%[1]d {
  /** Field to filter on. */
  field: string;
  /** Accepted values. */
  values: string[];
}

/**
 * Tool number %[1]d: searches collection %[1]d.
 */
export interface Tool%[1]dParams {
  /**
   * Search keywords.
   * @minLength 1
   */
  query: string;
  /**
   * Maximum number of results.
   * @minimum 1
   * @maximum 50
   */
  limit?: number;
  order?: Order;
  filters?: Filter%[1]d[];
  range?: { from: string; to?: string };
  flags: [boolean, boolean?];
}
`, i)
	}
}
