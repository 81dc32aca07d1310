package solve

// SatAdd exposes satAdd to the tests.
var SatAdd = satAdd
