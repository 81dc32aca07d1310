package web

import (
	"net/http"
	"net/netip"
	"testing"
)

func prefixes(t testing.TB, ss ...string) []netip.Prefix {
	var out []netip.Prefix
	for _, s := range ss {
		p, err := ParseTrustedProxy(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// The client is the right-most untrusted address the trusted proxies
// name; an untrusted peer's headers are never read.
func TestForwardedClient(t *testing.T) {
	trusted := prefixes(t, "10.0.0.0/8", "127.0.0.1", "fd00::/8")
	for _, c := range []struct {
		name, peer string
		header     http.Header
		want       string
	}{
		{"no proxy trusted: the peer", "203.0.113.9", http.Header{"X-Forwarded-For": {"1.2.3.4"}}, "203.0.113.9"},
		{"a trusted proxy: the address it adds", "10.0.0.2", http.Header{"X-Forwarded-For": {"198.51.100.7"}}, "198.51.100.7"},
		{"what the client sent itself is passed over", "10.0.0.2", http.Header{"X-Forwarded-For": {"1.1.1.1, 198.51.100.7"}}, "198.51.100.7"},
		{"two trusted proxies", "10.0.0.2", http.Header{"X-Forwarded-For": {"1.1.1.1, 198.51.100.7, 10.0.0.9"}}, "198.51.100.7"},
		{"header lines joined", "127.0.0.1", http.Header{"X-Forwarded-For": {"1.1.1.1", "198.51.100.7"}}, "198.51.100.7"},
		{"every hop trusted: the farthest", "10.0.0.2", http.Header{"X-Forwarded-For": {"10.1.1.1, 10.0.0.9"}}, "10.1.1.1"},
		{"garbage from the proxy: the proxy", "10.0.0.2", http.Header{"X-Forwarded-For": {"1.1.1.1, nonsense"}}, "10.0.0.2"},
		{"garbage from the client is left of the client", "10.0.0.2", http.Header{"X-Forwarded-For": {"nonsense, 198.51.100.7"}}, "198.51.100.7"},
		{"no header: the peer", "10.0.0.2", http.Header{}, "10.0.0.2"},
		{"Forwarded", "10.0.0.2", http.Header{"Forwarded": {`for=1.1.1.1, for="[2001:db8::1]:4711";proto=https`}}, "2001:db8::1"},
		{"Forwarded with a port", "10.0.0.2", http.Header{"Forwarded": {`for="198.51.100.7:8080"`}}, "198.51.100.7"},
		{"Forwarded unknown", "10.0.0.2", http.Header{"Forwarded": {`for=unknown`}}, "10.0.0.2"},
		{"X-Forwarded-For first", "10.0.0.2", http.Header{"Forwarded": {`for=1.1.1.1`}, "X-Forwarded-For": {"198.51.100.7"}}, "198.51.100.7"},
		{"IPv4 in IPv6", "10.0.0.2", http.Header{"X-Forwarded-For": {"::ffff:198.51.100.7"}}, "198.51.100.7"},
		{"an IPv6 proxy", "fd00::1", http.Header{"X-Forwarded-For": {"2001:db8::5"}}, "2001:db8::5"},
	} {
		got := forwardedClient(netip.MustParseAddr(c.peer), c.header, trusted)
		if got.String() != c.want {
			t.Errorf("%s: client %v, want %s", c.name, got, c.want)
		}
	}
	if got := forwardedClient(netip.MustParseAddr("10.0.0.2"), http.Header{"X-Forwarded-For": {"1.2.3.4"}}, nil); got.String() != "10.0.0.2" {
		t.Errorf("with no trusted proxy: %v", got)
	}
}

// An IPv6 client is its /64.
func TestClientKey(t *testing.T) {
	a, b := netip.MustParseAddr("2001:db8:1:2::1"), netip.MustParseAddr("2001:db8:1:2:ffff::9")
	if clientKey(a) != clientKey(b) || clientKey(a) != "2001:db8:1:2::/64" {
		t.Errorf("one /64: keys %s, %s", clientKey(a), clientKey(b))
	}
	if clientKey(netip.MustParseAddr("2001:db8:1:3::1")) == clientKey(a) {
		t.Error("two /64s share a key")
	}
	if k := clientKey(netip.MustParseAddr("192.0.2.1")); k != "192.0.2.1" {
		t.Errorf("IPv4 key %s", k)
	}
}

func TestParseTrustedProxy(t *testing.T) {
	for in, want := range map[string]string{"10.1.2.3/8": "10.0.0.0/8", "127.0.0.1": "127.0.0.1/32", "::1": "::1/128", "fd00::/8": "fd00::/8"} {
		if p, err := ParseTrustedProxy(in); err != nil || p.String() != want {
			t.Errorf("ParseTrustedProxy(%q) = %v, %v; want %s", in, p, err, want)
		}
	}
	for _, bad := range []string{"", "10.0.0.0/33", "localhost", "1.2.3"} {
		if _, err := ParseTrustedProxy(bad); err == nil {
			t.Errorf("ParseTrustedProxy(%q): no error", bad)
		}
	}
}

// FuzzForwardedClient: any headers give a valid client, and an untrusted
// peer is always its own client.
func FuzzForwardedClient(f *testing.F) {
	f.Add("10.0.0.2", "1.1.1.1, 198.51.100.7", "")
	f.Add("10.0.0.2", "", `for="[2001:db8::1]:4711";proto=https, for=unknown`)
	f.Add("203.0.113.9", "::ffff:1.2.3.4", "for=1.1.1.1")
	f.Add("fd00::1", " ,,\"[::1]\"", "for=;for")
	trusted := prefixes(f, "10.0.0.0/8", "fd00::/8")
	f.Fuzz(func(t *testing.T, peer, xff, fwd string) {
		p, err := netip.ParseAddr(peer)
		if err != nil {
			return
		}
		p = p.Unmap()
		h := http.Header{}
		if xff != "" {
			h.Set("X-Forwarded-For", xff)
		}
		if fwd != "" {
			h.Set("Forwarded", fwd)
		}
		got := forwardedClient(p, h, trusted)
		if !got.IsValid() || got.Is4In6() {
			t.Fatalf("client %v of %q, %q", got, xff, fwd)
		}
		if !isTrusted(p, trusted) && got != p {
			t.Fatalf("untrusted peer %v: client %v", p, got)
		}
		if got != p && isTrusted(got, trusted) && xff == "" && fwd == "" {
			t.Fatalf("no headers, client %v", got)
		}
	})
}
