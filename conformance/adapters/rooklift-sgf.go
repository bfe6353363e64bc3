// Adapter for rooklift/sgf (Go), built by the script rooklift-sgf from
// ../shared/peers/rooklift-sgf into the build folder. See README.md.
//
// Reads with sgf.LoadCollection(path): every game tree of the file, as rooklift's
// programs (Sabaki-like GUIs, Ogatak) open a collection.
// Errors: a returned error is a rejection (exit 1); a panic is a crash (exit 2); a
// blown stack kills the process (Go: "goroutine stack exceeds"), which the runner
// sees as a crash.
// Tree: rooklift keeps a tree of nodes, so a lone variation reads as the sequence it
// continues; its values are as rooklift gives them (it removes every backslash and
// keeps the character after it, so a soft line break stays a line break). The
// bytes are Go strings: no charset is applied (CA is ignored).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/rooklift/sgf"
)

// Properties whose values may be composed in Go (lib/common.js has the same list).
var composed = map[string]bool{"AP": true, "AR": true, "LN": true, "LB": true, "SZ": true, "FG": true, "DD": true,
	"VW": true, "AB": true, "AW": true, "AE": true, "TB": true, "TW": true, "CR": true, "MA": true, "SL": true,
	"SQ": true, "TR": true}

func str(s string) string {
	b, _ := json.Marshal(strings.ToValidUTF8(s, "\uFFFD"))
	return string(b)
}

func value(key, v string) string {
	if i := strings.IndexByte(v, ':'); composed[key] && i >= 0 {
		return "[" + str(v[:i]) + "," + str(v[i+1:]) + "]"
	}
	return str(v)
}

func node(n *sgf.Node) string {
	var parts []string
	for _, k := range n.AllKeys() {
		var vs []string
		for _, v := range n.AllValues(k) {
			vs = append(vs, value(k, v))
		}
		parts = append(parts, "["+str(k)+",["+strings.Join(vs, ",")+"]]")
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// A tree of nodes as a contract tree, without recursion: a node with one child
// continues the sequence, several start variations.
func tree(root *sgf.Node) string {
	var b strings.Builder
	type frame struct {
		kids []*sgf.Node
		i    int
	}
	open := func(n *sgf.Node) []*sgf.Node {
		b.WriteString(`{"nodes":[`)
		first := true
		for {
			if !first {
				b.WriteString(",")
			}
			first = false
			b.WriteString(node(n))
			kids := n.Children()
			if len(kids) != 1 {
				b.WriteString(`],"variations":[`)
				return kids
			}
			n = kids[0]
		}
	}
	stack := []frame{{open(root), 0}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.i >= len(f.kids) {
			b.WriteString("]}")
			stack = stack[:len(stack)-1]
			continue
		}
		if f.i > 0 {
			b.WriteString(",")
		}
		k := f.kids[f.i]
		f.i++
		stack = append(stack, frame{open(k), 0})
	}
	return b.String()
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 300 {
		s = s[:300]
	}
	return s
}

// answer: the verdict, a message and (accepted, wantTree) the tree.
func answer(path string, wantTree bool) (verdict, message, out string) {
	defer func() {
		if r := recover(); r != nil {
			verdict, message, out = "crash", oneLine(fmt.Sprint("panic: ", r)), ""
		}
	}()
	roots, err := sgf.LoadCollection(path)
	if err != nil {
		return "rejected", oneLine(err.Error()), ""
	}
	if !wantTree {
		return "accepted", "", ""
	}
	var ts []string
	for _, r := range roots {
		ts = append(ts, tree(r))
	}
	return "accepted", "", `{"format":"sgf-tree","version":2,"trees":[` + strings.Join(ts, ",") + "]}"
}

func readable(path string) bool {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	f.Close()
	return true
}

func main() {
	wantTree := os.Getenv("SGF_ADAPTER_TREE") == "1"
	if len(os.Args) == 2 && os.Args[1] == "--batch" {
		w := bufio.NewWriter(os.Stdout)
		w.WriteString("sgf-adapter batch 1\n")
		w.Flush()
		in := bufio.NewScanner(os.Stdin)
		in.Buffer(make([]byte, 1<<16), 1<<20)
		for in.Scan() {
			path := in.Text()
			if !readable(path) {
				w.WriteString("unreadable\tcannot read " + oneLine(path) + "\t\n")
			} else {
				v, m, t := answer(path, wantTree)
				w.WriteString(v + "\t" + m + "\t" + t + "\n")
			}
			w.Flush()
		}
		return
	}
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: rooklift-sgf FILE | --batch")
		os.Exit(64)
	}
	if !readable(os.Args[1]) {
		fmt.Fprintln(os.Stderr, "cannot read "+os.Args[1])
		os.Exit(66)
	}
	v, m, t := answer(os.Args[1], wantTree)
	switch v {
	case "accepted":
		if t != "" {
			fmt.Println(t)
		}
	case "rejected":
		fmt.Fprintln(os.Stderr, "rejected: "+m)
		os.Exit(1)
	default:
		fmt.Fprintln(os.Stderr, "crash: "+m)
		os.Exit(2)
	}
}
