// Command rjmload floods a running rjm server, one kind of request at a
// time, and prints the throughput and the 99th percentile of GET / while
// each flood runs, beside the figures of a quiet server: the check that
// one hostile client (or 24) cannot take the site down (docs/deploy.md,
// "The site under attack").
//
// Usage:
//
//	rjmload [-url http://127.0.0.1:8080/] [-d 5s] [-floods hints,junk,...]
//
// It talks to a server on loopback only, bounded in time (each flood runs
// -d) and in connections (-conns per flood). A client is a loopback
// address of its own (127.0.2.1, ...: the server sees 24 addresses of one
// /24), "1 client" is -conns connections from one address; the honest
// generations come from another network (127.0.9.1). The floods:
//
//	hints        hints on 32×32 queen torus no-U-turn mazes never asked before
//	junk         hints with a 15 KB junk query parameter (and RSS after)
//	analyses     analyses (GET /api/maze/ID) of 24×24 mazes never asked before
//	pages        player's pages (GET /m/ID) of 24×24 mazes never drawn before
//	spellings    pages, prints and analyses of 24×24 and 32×32 mazes, each ID
//	             in a spelling of its own (case, leading zeros, spaces),
//	             redirects followed (and RSS after)
//	generations  generations of the largest work the API takes
//	plays        forged plays: no token, a rotating X-Forwarded-For
//	difficulty   GET /api/difficulty of 32×32 queen torus no-U-turn mazes
//	             nobody played (each maze's facts computed, charged)
//	edits        workbench edits (POST /api/design) of 12×12 queen mazes
//	             with loops and the no-U-turn rule, each on a new maze
//	honest       generations from 24 clients, and one honest client asking
//	             a default generation every 2 s (10 times, 10 s each)
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"rjm/maze"
	"rjm/rng"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080/", "the server's `URL` (loopback only)")
	dur := flag.Duration("d", 5*time.Second, "how long each flood runs")
	floods := flag.String("floods", "hints,junk,analyses,pages,spellings,generations,plays,difficulty,edits,honest", "the floods to run, in order")
	conns := flag.Int("conns", 24, "connections of each flood")
	probes := flag.Int("probes", 4, "connections asking GET / while a flood runs")
	mazes := flag.Int("mazes", 3000, "distinct mazes of each size made for the floods")
	flag.Parse()
	u, err := url.Parse(*base)
	if err != nil || !isLoopback(u.Hostname()) {
		fmt.Fprintf(os.Stderr, "rjmload: -url %q: want a server on loopback (127.0.0.1, ::1, localhost)\n", *base)
		os.Exit(2)
	}
	l := &load{base: strings.TrimSuffix(u.String(), "/"), dur: *dur, conns: *conns, probes: *probes}
	fmt.Fprintf(os.Stderr, "rjmload: making %d mazes of 32×32 and of 24×24\n", *mazes)
	l.big = makeMazes(32, costliest("queen,torus"), *mazes)
	l.mid = makeMazes(24, "", *mazes)
	l.small = makeMazes(12, costliest("queen,loops"), *mazes)

	quiet := l.measure(nil)
	fmt.Printf("%-28s %10s %8s %10s %s\n", "flood", "GET / /s", "of quiet", "p99", "flood's answers")
	fmt.Printf("%-28s %10.0f %8s %10v\n", "quiet", quiet.rate, "100%", quiet.p99.Round(10*time.Microsecond))
	for _, name := range strings.Split(*floods, ",") {
		f, ok := floodsByName[name]
		if !ok {
			fmt.Fprintf(os.Stderr, "rjmload: no flood %q\n", name)
			os.Exit(2)
		}
		for _, clients := range []int{1, 24} {
			if name == "honest" && clients == 1 {
				continue
			}
			l.codes = sync.Map{}
			extra := ""
			keep := l.dur
			if name == "honest" {
				l.dur = max(l.dur, 21*time.Second) // ten generations, 2 s apart
			}
			r := l.measure(func(ctx context.Context) {
				if name == "honest" {
					extra = l.honest(ctx)
				}
			}, func(ctx context.Context, c *http.Client, i int) { f(l, ctx, c, i) }, clients)
			l.dur = keep
			ok := "ok"
			if r.rate < quiet.rate/4 || r.p99 > max(50*time.Millisecond, 5*quiet.p99) {
				ok = "MISSED"
			}
			if name == "junk" || name == "spellings" {
				extra += fmt.Sprintf(" RSS after: %.0f MB", l.rss()/1e6)
			}
			fmt.Printf("%-28s %10.0f %7.0f%% %10v %s %s%s\n", fmt.Sprintf("%s, %d client(s)", name, clients), r.rate, 100*r.rate/quiet.rate,
				r.p99.Round(10*time.Microsecond), l.codeSummary(), ok, extra)
		}
	}
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	a := net.ParseIP(host)
	return a != nil && a.IsLoopback()
}

// makeMazes makes n random legal mazes of side×side (seeds 1 to n), as
// maze IDs.
func makeMazes(side int, variant string, n int) []string {
	b := maze.Board{Rows: side, Cols: side}
	if variant != "" {
		v, err := maze.ParseVariant(variant)
		if err != nil {
			panic(err)
		}
		b.Variant = v
	}
	out := make([]string, n)
	for i := range out {
		m, err := maze.Random(b, maze.Cell{}, maze.Cell{Row: side - 1, Col: side - 1}, rng.NewRand(uint64(i+1)))
		if err != nil {
			panic(err)
		}
		if out[i], err = m.ID(); err != nil {
			panic(err)
		}
	}
	return out
}

type load struct {
	base            string
	dur             time.Duration
	conns, probes   int
	big, mid, small []string
	next            atomic.Int64
	codes           sync.Map // status → *atomic.Int64
}

// client is an HTTP client whose connections come from the loopback
// address addr.
func client(addr string, timeout time.Duration) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(addr)}, Timeout: 5 * time.Second}
	return &http.Client{Timeout: timeout, Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 64}}
}

type result struct {
	rate float64
	p99  time.Duration
}

// measure runs the flood (each of l.conns connections calling f in a
// loop, from one address or from clients addresses) and, besides it, the
// probes asking GET / for l.dur; and side once. With no flood it
// measures the quiet server.
func (l *load) measure(side func(context.Context), f ...any) result {
	ctx, cancel := context.WithTimeout(context.Background(), l.dur)
	defer cancel()
	var wg sync.WaitGroup
	if len(f) == 2 {
		flood, clients := f[0].(func(context.Context, *http.Client, int)), f[1].(int)
		time.Sleep(200 * time.Millisecond)
		var cs []*http.Client
		for i := range clients {
			cs = append(cs, client(fmt.Sprintf("127.0.2.%d", i+1), 10*time.Second))
		}
		for i := range l.conns {
			wg.Go(func() {
				c := cs[i%len(cs)]
				for ctx.Err() == nil {
					flood(ctx, c, i)
				}
			})
		}
	}
	if side != nil {
		wg.Go(func() { side(ctx) })
	}
	var mu sync.Mutex
	var lat []time.Duration
	start := time.Now()
	probe := client("127.0.0.1", 10*time.Second)
	var pw sync.WaitGroup
	for range l.probes {
		pw.Go(func() {
			for ctx.Err() == nil {
				t := time.Now()
				resp, err := probe.Get(l.base + "/")
				if err != nil {
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				d := time.Since(t)
				mu.Lock()
				lat = append(lat, d)
				mu.Unlock()
			}
		})
	}
	pw.Wait()
	elapsed := time.Since(start)
	cancel()
	wg.Wait()
	time.Sleep(500 * time.Millisecond) // the server's heavy work under way ends
	if len(lat) == 0 {
		return result{}
	}
	slices.Sort(lat)
	return result{float64(len(lat)) / elapsed.Seconds(), lat[len(lat)*99/100]}
}

// do sends req and counts its status (0: no answer).
func (l *load) do(c *http.Client, req *http.Request) {
	code := 0
	resp, err := c.Do(req)
	if err == nil {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		code = resp.StatusCode
	} else if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return // the flood's end
	}
	n, _ := l.codes.LoadOrStore(code, new(atomic.Int64))
	n.(*atomic.Int64).Add(1)
}

func (l *load) codeSummary() string {
	var parts []string
	l.codes.Range(func(k, v any) bool {
		parts = append(parts, fmt.Sprintf("%d×%d", k, v.(*atomic.Int64).Load()))
		return true
	})
	slices.Sort(parts)
	return strings.Join(parts, " ")
}

func (l *load) get(ctx context.Context, c *http.Client, path string) {
	req, _ := http.NewRequestWithContext(ctx, "GET", l.base+path, nil)
	l.do(c, req)
}

func (l *load) post(ctx context.Context, c *http.Client, path, body string, header ...string) {
	req, _ := http.NewRequestWithContext(ctx, "POST", l.base+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	l.do(c, req)
}

func (l *load) fresh(ids []string) string { return ids[int(l.next.Add(1))%len(ids)] }

var floodsByName = map[string]func(l *load, ctx context.Context, c *http.Client, i int){
	"hints": func(l *load, ctx context.Context, c *http.Client, i int) {
		l.get(ctx, c, "/api/hint?maze="+url.QueryEscape(l.fresh(l.big))+"&moves=")
	},
	"junk": func(l *load, ctx context.Context, c *http.Client, i int) {
		junk := fmt.Sprintf("%d-%s", rand.Int64(), strings.Repeat("x", 15<<10))
		l.get(ctx, c, "/api/hint?maze="+url.QueryEscape(l.big[0])+"&moves=&junk="+junk)
	},
	"analyses": func(l *load, ctx context.Context, c *http.Client, i int) {
		l.get(ctx, c, "/api/maze/"+l.fresh(l.mid))
	},
	"pages": func(l *load, ctx context.Context, c *http.Client, i int) {
		l.get(ctx, c, "/m/"+l.fresh(l.mid))
	},
	"spellings": func(l *load, ctx context.Context, c *http.Client, i int) {
		ids := l.mid
		if i%2 == 1 {
			ids = l.big
		}
		l.get(ctx, c, []string{"/m/", "/print/", "/api/maze/"}[rand.IntN(3)]+spell(l.fresh(ids)))
	},
	"generations": func(l *load, ctx context.Context, c *http.Client, i int) {
		l.post(ctx, c, "/api/generate", fmt.Sprintf(`{"rows": 12, "iterations": 200000, "variant": %q}`, costliest("queen,loops")))
	},
	"plays": func(l *load, ctx context.Context, c *http.Client, i int) {
		l.post(ctx, c, "/api/plays", `{"maze":"5x5:3413133302312234233341432","moves":"D","seconds":1,"rating":5}`,
			"X-Forwarded-For", fmt.Sprintf("198.51.%d.%d", rand.IntN(256), rand.IntN(256)))
	},
	"difficulty": func(l *load, ctx context.Context, c *http.Client, i int) {
		l.get(ctx, c, "/api/difficulty?maze="+url.QueryEscape(l.fresh(l.big)))
	},
	"edits": func(l *load, ctx context.Context, c *http.Client, i int) {
		l.post(ctx, c, "/api/design", fmt.Sprintf(`{"maze":%q,"edit":{"op":"jump","cell":[%d,%d],"jump":%d}}`,
			l.fresh(l.small), 1+rand.IntN(12), 1+rand.IntN(12), 1+rand.IntN(11)))
	},
	"honest": func(l *load, ctx context.Context, c *http.Client, i int) {
		l.post(ctx, c, "/api/generate", fmt.Sprintf(`{"rows": 12, "iterations": 200000, "variant": %q}`, costliest("queen,loops")))
	},
}

// spell writes a maze ID as a client may: its size's x in capitals, its
// numbers with leading zeros, a space (escaped) before it.
func spell(id string) string {
	size, rest, _ := strings.Cut(id, ":")
	rows, cols, _ := strings.Cut(size, "x")
	k := rand.IntN(8)
	if k&1 != 0 {
		rows, cols = "0"+rows, "00"+cols
	}
	x := "x"
	if k&2 != 0 {
		x = "X"
	}
	lead := ""
	if k&4 != 0 || k == 0 {
		lead = "%20"
	}
	return lead + rows + x + cols + ":" + rest
}

// honest asks a default generation every 2 s from its own network, 10
// times (or as many as the flood's time allows), and says how many were
// answered 200 within 10 s.
func (l *load) honest(ctx context.Context) string {
	c := client("127.0.9.1", 10*time.Second)
	asked, answered := 0, 0
	var codes []string
	var wg sync.WaitGroup
	var mu sync.Mutex
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	for asked < 10 {
		asked++
		wg.Go(func() {
			req, _ := http.NewRequest("POST", l.base+"/api/generate", strings.NewReader(`{}`))
			req.Header.Set("Content-Type", "application/json")
			start := time.Now()
			resp, err := c.Do(req)
			code := "timeout"
			if err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				code = fmt.Sprint(resp.StatusCode)
			}
			mu.Lock()
			if code == "200" {
				answered++
			}
			codes = append(codes, fmt.Sprintf("%s@%.1fs", code, time.Since(start).Seconds()))
			mu.Unlock()
		})
		select {
		case <-ctx.Done():
			wg.Wait()
			return fmt.Sprintf(" honest: %d of %d answered within 10 s (%s)", answered, asked, strings.Join(codes, " "))
		case <-tick.C:
		}
	}
	wg.Wait()
	return fmt.Sprintf(" honest: %d of %d answered within 10 s (%s)", answered, asked, strings.Join(codes, " "))
}

// rss reads the server's resident memory from /metrics.
func (l *load) rss() float64 {
	resp, err := http.Get(l.base + "/metrics")
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	m := regexp.MustCompile(`(?m)^process_resident_memory_bytes (\S+)`).FindSubmatch(b)
	var v float64
	if m != nil {
		fmt.Sscan(string(m[1]), &v)
	}
	return v
}

// costliest returns variant with every rule of the catalogue that makes a
// state more than a cell (maze.Rule.Arrival, which multiplies a maze's
// nodes by its directions): the heaviest boards a client can ask for.
func costliest(variant string) string {
	for _, r := range maze.Rules {
		if r.Arrival {
			variant += "," + r.Name
		}
	}
	return variant
}
