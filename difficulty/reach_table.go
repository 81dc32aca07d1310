package difficulty

// reachTable is what each board kind of docs/variants.md and of the daily
// curve reaches (Reach), as MeasureReach measured it. Measure it again,
// and print these lines, with
//
//	RJM_LONG=1 go test ./difficulty -run TestReachTable -v
//
// which fails where an entry differs from a new measurement (10 minutes on
// the shared 2-core machine, 2026-11-28; Klondike's layout most of it; 23
// minutes on 2026-11-29 with other work sharing it, when black holes came
// to be counted by state and six no-U-turn rows fell).
// Layouts are keyed by their cells' and walls' hash (BoardName).
var reachTable = map[boardKey]int{
	{5, 5, "", 0x0000000000000000}:                      20, // 5x5
	{6, 6, "", 0x0000000000000000}:                      31, // 6x6
	{7, 7, "", 0x0000000000000000}:                      43, // 7x7
	{6, 6, "queen", 0x0000000000000000}:                 26, // 6x6-queen
	{6, 6, "torus", 0x0000000000000000}:                 18, // 6x6-torus
	{6, 6, "loops", 0x0000000000000000}:                 27, // 6x6-loops
	{6, 6, "exit", 0x0000000000000000}:                  12, // 6x6-exit
	{6, 6, "no-u-turn", 0x0000000000000000}:             46, // 6x6-no-u-turn
	{6, 6, "hex", 0x0000000000000000}:                   30, // 6x6-hex
	{6, 6, "triangle", 0x0000000000000000}:              35, // 6x6-triangle
	{6, 6, "queen,torus", 0x0000000000000000}:           11, // 6x6-queen,torus
	{6, 6, "queen,exit", 0x0000000000000000}:            7,  // 6x6-queen,exit
	{6, 6, "queen,loops", 0x0000000000000000}:           27, // 6x6-queen,loops
	{6, 6, "queen,no-u-turn", 0x0000000000000000}:       30, // 6x6-queen,no-u-turn
	{6, 6, "torus,no-u-turn", 0x0000000000000000}:       26, // 6x6-torus,no-u-turn
	{6, 6, "loops,no-u-turn", 0x0000000000000000}:       41, // 6x6-loops,no-u-turn
	{6, 6, "exit,no-u-turn", 0x0000000000000000}:        29, // 6x6-exit,no-u-turn
	{6, 6, "hex,exit", 0x0000000000000000}:              4,  // 6x6-hex,exit
	{6, 6, "triangle,exit", 0x0000000000000000}:         20, // 6x6-triangle,exit
	{6, 6, "hex,no-u-turn", 0x0000000000000000}:         37, // 6x6-hex,no-u-turn
	{6, 6, "triangle,no-u-turn", 0x0000000000000000}:    42, // 6x6-triangle,no-u-turn
	{6, 6, "queen,torus,no-u-turn", 0x0000000000000000}: 14, // 6x6-queen,torus,no-u-turn
	{6, 6, "queen,exit,no-u-turn", 0x0000000000000000}:  9,  // 6x6-queen,exit,no-u-turn
	{21, 21, "queen,exit", 0xe75bb3ab9b077f5e}:          55, // examples/klondike.txt
	{6, 6, "", 0x383fec77dbf4c765}:                      29, // examples/walls.txt
	{3, 4, "", 0x4f180de7c1604053}:                      7,  // examples/layout.txt
}
