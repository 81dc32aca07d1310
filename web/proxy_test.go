package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"

	"rjm/web"
)

// playAs posts a play with the given forwarding header and returns the
// status.
func playAs(t *testing.T, url, header, value string) int {
	t.Helper()
	tr, _ := http.NewRequest("GET", url+"/api/token?maze="+figure1, nil)
	if header != "" {
		tr.Header.Set(header, value)
	}
	tresp, err := http.DefaultClient.Do(tr)
	if err != nil {
		t.Fatal(err)
	}
	var tok struct{ Token string }
	json.NewDecoder(tresp.Body).Decode(&tok)
	tresp.Body.Close()
	req, _ := http.NewRequest("POST", url+"/api/plays", strings.NewReader(`{"maze":"`+figure1+`","moves":"D","seconds":1,"token":"`+tok.Token+`"}`))
	req.Header.Set("Content-Type", "application/json")
	if header != "" {
		req.Header.Set(header, value)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// Spoofed forwarding headers from an address that is not a trusted proxy
// are ignored: every request counts against the connection's address.
func TestProxyHeadersFromUntrustedIgnored(t *testing.T) {
	ts, _ := newServer(t, web.Options{PlayBurst: 2, PlayEvery: time.Hour,
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}}) // the test's 127.0.0.1 is not one
	codes := []int{
		playAs(t, ts.URL, "X-Forwarded-For", "198.51.100.1"),
		playAs(t, ts.URL, "X-Forwarded-For", "198.51.100.2"),
		playAs(t, ts.URL, "Forwarded", "for=198.51.100.3"),
	}
	if codes[0] != 201 || codes[1] != 201 || codes[2] != 429 {
		t.Errorf("three plays from one untrusted peer with spoofed headers: %v, want [201 201 429]", codes)
	}
}

// Behind a trusted proxy each client has its own bucket, an IPv6 client
// one per /64; what a client writes into the header itself is passed
// over.
func TestProxyClientsBehindTrustedProxy(t *testing.T) {
	ts, _ := newServer(t, web.Options{PlayBurst: 1, PlayEvery: time.Hour,
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	for _, c := range []struct {
		header, value string
		want          int
	}{
		{"X-Forwarded-For", "198.51.100.1", 201},
		{"X-Forwarded-For", "198.51.100.2", 201},
		{"X-Forwarded-For", "203.0.113.5, 198.51.100.1", 429}, // the client's own entry ignored
		{"Forwarded", `for="[2001:db8:1:2::1]"`, 201},
		{"X-Forwarded-For", "2001:db8:1:2:abcd::7", 429}, // same /64
		{"X-Forwarded-For", "2001:db8:1:3::1", 201},
		{"", "", 201}, // the proxy itself
		{"", "", 429},
	} {
		if got := playAs(t, ts.URL, c.header, c.value); got != c.want {
			t.Errorf("%s: %s → %d, want %d", c.header, c.value, got, c.want)
		}
	}
}

// Behind a trusted proxy, the clients of one network (an IPv4 /24, an
// IPv6 /48) share NetworkFactor clients' worth of plays: rotating the
// address within it does not get past the limit.
func TestProxyNetworkLimit(t *testing.T) {
	ts, _ := newServer(t, web.Options{PlayBurst: 1, PlayEvery: time.Hour,
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	for _, net := range []string{"198.51.100.%d", "2001:db8:7:%x::1"} {
		created := 0
		for i := range 3 * web.NetworkFactor {
			if playAs(t, ts.URL, "X-Forwarded-For", fmt.Sprintf(net, i+1)) == 201 {
				created++
			}
		}
		// Each play takes a token too, from the same bucket's size.
		if created == 0 || created > web.NetworkFactor {
			t.Errorf("%s: %d plays from %d addresses of one network: want 1 to %d", net, created, 3*web.NetworkFactor, web.NetworkFactor)
		}
	}
}

// TestRefusalWaits checks the tarpit: a play refused 429 is answered no
// sooner than Options.Tarpit after it was sent, and at once without one.
func TestRefusalWaits(t *testing.T) {
	for _, wait := range []time.Duration{300 * time.Millisecond, -1} {
		ts, _ := newServer(t, web.Options{PlayBurst: 1, PlayEvery: time.Hour, Tarpit: wait})
		if code := playAs(t, ts.URL, "", ""); code != 201 {
			t.Fatalf("the first play: %d, want 201", code)
		}
		start := time.Now()
		code := playAs(t, ts.URL, "", "")
		took := time.Since(start)
		if code != 429 {
			t.Fatalf("the second play: %d, want 429", code)
		}
		if took < wait {
			t.Errorf("with Tarpit %v the refusal came after %v", wait, took)
		}
	}
}
