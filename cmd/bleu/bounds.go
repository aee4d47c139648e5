package main

// Numbers that set a size. Every option whose value sizes memory or output
// is bounded before anything is allocated:
//
//   - -w/--width: at most maxWidth (below);
//   - -nr/--num-refs: splits a line into at most as many fields as it has
//     bytes, so it allocates nothing beyond the line;
//   - -cin/--confidence-n and -pbsn/--paired-bs-n: the library estimates
//     the bootstrap's memory and the command refuses, exit 1, what
//     exceeds the memory the process may use (significance.go);
//   - -parn/--paired-ar-n: trials take time, not memory;
//   - -j/--paired-jobs: the workers are at most the systems tested;
//   - --compat-options max_order (hf): at most compat.MaxHFOrder, exit 2;
//     NLTK's weights: one order a weight, bounded by the option's length.

// maxWidth is the most decimals -w accepts. sacreBLEU formats with any
// precision, building the whole string (a mistyped -w 1000000000 takes it
// minutes and gigabytes); a float64's exact decimal expansion ends within
// 1074 decimals, so past this bound it would print only zeros.
const maxWidth = 10000
