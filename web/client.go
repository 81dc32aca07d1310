package web

import (
	"net"
	"net/http"
	"net/netip"
	"rjm/fault"
	"strings"
)

// A client, for the rate limits and the logs, is the address a request
// comes from: the connection's peer, or, when the peer is a trusted proxy
// (Options.TrustedProxies), the address the proxies say they were asked
// by. The proxies' headers are read from the right, the side the nearest
// proxy wrote: each address a trusted proxy added is passed over, and the
// first untrusted one is the client (anything left of it is what the
// client itself sent, which anyone can forge). A request from an
// untrusted peer is never taken at its headers' word.
//
// An IPv6 client is its /64 network: one subscriber usually holds a whole
// /64, whose addresses would otherwise be as many buckets.

// clientOf returns the client address of r under the trusted proxies.
func clientOf(r *http.Request, trusted []netip.Prefix) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{} // not from the network (a test's recorder)
	}
	return forwardedClient(peer.Unmap(), r.Header, trusted)
}

// forwardedClient returns the client of a request from peer with header
// h: X-Forwarded-For when it is there, else Forwarded, each read only
// when peer is trusted.
func forwardedClient(peer netip.Addr, h http.Header, trusted []netip.Prefix) netip.Addr {
	if !isTrusted(peer, trusted) {
		return peer
	}
	var hops []string
	if xff := h.Values("X-Forwarded-For"); len(xff) > 0 {
		for _, line := range xff {
			hops = append(hops, strings.Split(line, ",")...)
		}
	} else {
		for _, line := range h.Values("Forwarded") {
			hops = append(hops, forwardedFor(line)...)
		}
	}
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		a, ok := parseHop(hops[i])
		if !ok {
			// A hop no proxy of ours would write: the nearest address
			// known stands for the client.
			return client
		}
		client = a
		if !isTrusted(a, trusted) {
			return a
		}
	}
	return client
}

// forwardedFor returns the for= values of a Forwarded header line
// (RFC 7239), one per element, in order.
func forwardedFor(line string) []string {
	var out []string
	for _, elem := range strings.Split(line, ",") {
		for _, pair := range strings.Split(elem, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
			if ok && strings.EqualFold(k, "for") {
				out = append(out, v)
			}
		}
	}
	return out
}

// parseHop reads one address of X-Forwarded-For or Forwarded: an IPv4 or
// IPv6 address, possibly quoted, bracketed or with a port.
func parseHop(s string) (netip.Addr, bool) {
	s = strings.Trim(strings.TrimSpace(s), `"`)
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap(), true
	}
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap(), true
	}
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		if a, err := netip.ParseAddr(s[1 : len(s)-1]); err == nil {
			return a.Unmap(), true
		}
	}
	return netip.Addr{}, false
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// clientKey is the rate limits' key of a client address: the address, or
// for IPv6 its /64.
func clientKey(a netip.Addr) string {
	if !a.IsValid() {
		return "local"
	}
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

// ParseTrustedProxy reads a trusted proxy as --trusted-proxy takes it: a
// network in CIDR notation (10.0.0.0/8, fd00::/8) or one address.
func ParseTrustedProxy(s string) (netip.Prefix, error) {
	if p, err := netip.ParsePrefix(s); err == nil {
		return p.Masked(), nil
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, fault.Invalid("", "trusted proxy %q: want a network (10.0.0.0/8) or an address (127.0.0.1)", s)
	}
	return netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()), nil
}

// networkKey is the per-network limits' key of a client address: its
// IPv4 /24 or IPv6 /48, the most one subscriber or one cloud customer
// commonly holds.
func networkKey(a netip.Addr) string {
	if !a.IsValid() {
		return "local"
	}
	bits := 24
	if a.Is6() {
		bits = 48
	}
	p, _ := a.Prefix(bits)
	return p.String()
}
