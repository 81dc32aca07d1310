// Package rng says what a seed means: every random procedure of rjm draws
// from NewRand(seed), and run i of a seeded computation from
// NewRand(RunSeed(seed, i)). It depends on nothing else in rjm, so every
// package can use it.
package rng

import (
	crand "crypto/rand"
	"encoding/binary"
	"math/rand/v2"
)

// NewRand returns the random number generator a seed stands for. Every
// seeded procedure of rjm draws from it, so a seed means the same thing
// everywhere.
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x726a6d)) // "rjm"
}

// RunSeed returns the seed of run i of a computation seeded with seed. It
// mixes both by SplitMix64's finalizer, so that nearby seeds and nearby
// runs give unrelated streams; run i always gets the same seed, whatever
// the goroutine that executes it.
func RunSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Draw draws a seed from the operating system's randomness, for runs that
// were given none; whoever draws one reports it, so that every run can be
// repeated. It is below 2⁶³, so it prints as a plain positive number.
func Draw() uint64 {
	var b [8]byte
	_, _ = crand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) >> 1
}
