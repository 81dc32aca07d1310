package analysis_test

// figure1 is Figure 1 of the assignment and the design paper: start (1,1), goal (2,4).
const figure1 = `3 4 1 3 1
3 3 3 G 2
3 1 2 2 3
4 2 3 3 3
4 1 4 3 2
`

// program1 is the example maze of Program 1: Search (and of the assignment's web page): goal (5,5).
const program1 = `3 2 1 4 1
3 2 1 3 3
3 3 2 1 4
3 1 2 3 3
1 4 4 3 G
`
