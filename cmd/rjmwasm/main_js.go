//go:build js && wasm

package main

import (
	"fmt"
	"os"
	"syscall/js"

	"rjm/design"
)

func main() {
	bench := design.NewBench(nil)
	if len(os.Args) > 1 && os.Args[1] == "-lines" {
		if err := lines(bench, os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "rjmwasm:", err)
			os.Exit(1)
		}
		return
	}
	// rjmDesign(body) answers one request (a JSON string) with a JSON
	// string: {"answer": …}, {"error": …} or {"server": true}.
	js.Global().Set("rjmDesign", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return `{"error":"rjmDesign takes one request, a JSON string"}`
		}
		return string(handle(bench, []byte(args[0].String())))
	}))
	select {}
}
