package web_test

import (
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
	req, _ := http.NewRequest("POST", url+"/api/plays", strings.NewReader(`{"maze":"`+figure1+`","moves":"D","seconds":1}`))
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
