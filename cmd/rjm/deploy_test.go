package main

import (
	"database/sql"
	"debug/elf"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The tests of docs/deploy.md, tried as a new operator would: each takes
// the document's own text.

// deployBlockText returns docs/deploy.md.
func deployBlockText(t *testing.T) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "deploy.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(doc)
}

// deployBlock returns the first code block of docs/deploy.md in lang.
func deployBlock(t *testing.T, lang string) string {
	t.Helper()
	doc := deployBlockText(t)
	m := regexp.MustCompile("(?s)```" + lang + "\n(.*?)```").FindStringSubmatch(doc)
	if m == nil {
		t.Fatalf("docs/deploy.md has no %s block", lang)
	}
	return m[1]
}

// needTool skips without the named program, except under CI=true when
// .ci/run installs it (ci says so).
func needTool(t *testing.T, name string, ci bool) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if ci && os.Getenv("CI") == "true" {
			t.Fatalf("no %s, and CI=true checks docs/deploy.md with it (.ci/run installs it)", name)
		}
		t.Skipf("no %s on this machine: docs/deploy.md's use of it is not checked", name)
	}
	return p
}

// The systemd unit passes systemd-analyze verify (its ExecStart pointed
// at this binary).
func TestDeploySystemdUnit(t *testing.T) {
	sa := needTool(t, "systemd-analyze", false)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	unit := strings.ReplaceAll(deployBlock(t, "ini"), "/usr/local/bin/rjm", self)
	path := filepath.Join(t.TempDir(), "rjm.service")
	if err := os.WriteFile(path, []byte(unit), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(sa, "verify", "--man=no", path).CombinedOutput()
	if err != nil || len(strings.TrimSpace(string(out))) > 0 {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}

// freePort returns a loopback port free a moment ago.
func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// The nginx configuration passes nginx -t, and nginx running it passes
// requests to the server: /readyz through the proxy, /metrics from
// loopback only. Where Debian's nginx is installed (/etc/nginx), it runs
// in Debian's own layout, copied — nginx.conf, the default site — with
// the document's steps applied (the site in conf.d, the default site
// removed), so that a request by address reaches the server.
func TestDeployNginx(t *testing.T) {
	nginx := needTool(t, "nginx", true)
	if testing.Short() {
		t.Skip("starts nginx and a server")
	}
	_, url := startServer(t, filepath.Join(t.TempDir(), "rjm.db"), "--trusted-proxy", "127.0.0.1")
	upstream := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/")
	port := freePort(t)
	listen := func(conf string) string { // loopback only, on the port the test chose
		conf = regexp.MustCompile(`listen 80( default_server)?;`).ReplaceAllString(conf, fmt.Sprintf("listen 127.0.0.1:%d$1;", port))
		return regexp.MustCompile(`(?m)^\s*listen \[::\]:80( default_server)?;\n`).ReplaceAllString(conf, "")
	}
	site := deployBlock(t, "nginx")
	site = strings.Replace(site, "server 127.0.0.1:8080;", "server "+upstream+";", 1)
	site = listen(site)
	dir := t.TempDir()
	conf := filepath.Join(dir, "nginx.conf")
	if main, err := os.ReadFile("/etc/nginx/nginx.conf"); err == nil {
		// Debian's layout, in a copy.
		etc := filepath.Join(dir, "etc")
		if out, err := exec.Command("cp", "-a", "/etc/nginx", etc).CombinedOutput(); err != nil {
			t.Fatalf("copying /etc/nginx: %v %s", err, out)
		}
		full := strings.ReplaceAll(string(main), "/etc/nginx", etc)
		full = regexp.MustCompile(`(?m)^user .*;$`).ReplaceAllString(full, "")
		full = regexp.MustCompile(`(?m)^pid .*;$`).ReplaceAllString(full, "pid "+dir+"/nginx.pid;")
		full = regexp.MustCompile(`(?m)^(\s*)(error_log|access_log) [^;]*;`).ReplaceAllString(full, "$1$2 "+dir+"/$2.log;")
		full = strings.Replace(full, "http {", fmt.Sprintf("http {\nclient_body_temp_path %s/body;\nproxy_temp_path %s/proxy;\n", dir, dir), 1)
		if err := os.WriteFile(conf, []byte(full), 0o644); err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Join(etc, "conf.d"), 0o755)
		if err := os.WriteFile(filepath.Join(etc, "conf.d", "rjm.conf"), []byte(site), 0o644); err != nil {
			t.Fatal(err)
		}
		if def, err := os.ReadFile(filepath.Join(etc, "sites-enabled", "default")); err == nil {
			os.Remove(filepath.Join(etc, "sites-enabled", "default")) // a link to sites-available: written anew
			os.WriteFile(filepath.Join(etc, "sites-enabled", "default"), []byte(listen(string(def))), 0o644)
		}
		steps := regexp.MustCompile("(?s)```sh\n([^`]*sites-enabled/default[^`]*)```").FindStringSubmatch(deployBlockText(t))
		if steps == nil {
			t.Fatal("docs/deploy.md says nothing of Debian's default site")
		}
		for _, line := range strings.Split(steps[1], "\n") {
			if f := strings.Fields(line); len(f) >= 3 && f[0] == "sudo" && f[1] == "rm" {
				os.Remove(strings.Replace(f[len(f)-1], "/etc/nginx", etc, 1))
			}
		}
	} else {
		full := fmt.Sprintf("pid %s/nginx.pid;\nerror_log %s/error.log;\nevents {}\nhttp {\naccess_log off;\n"+
			"client_body_temp_path %s/body;\nproxy_temp_path %s/proxy;\n%s}\n", dir, dir, dir, dir, site)
		if err := os.WriteFile(conf, []byte(full), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command(nginx, "-t", "-c", conf, "-p", dir).CombinedOutput(); err != nil {
		t.Fatalf("nginx -t: %v\n%s", err, out)
	}
	cmd := exec.Command(nginx, "-c", conf, "-p", dir, "-g", "daemon off;")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGQUIT)
		cmd.Wait()
	})
	proxied := fmt.Sprintf("http://127.0.0.1:%d/", port)
	code := 0
	for deadline := time.Now().Add(5 * time.Second); code != 200 && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if resp, err := http.Get(proxied + "readyz"); err == nil {
			code = resp.StatusCode
			resp.Body.Close()
		}
	}
	if code != 200 {
		t.Fatalf("/readyz through nginx: %d", code)
	}
	if code, body := get(t, proxied+"metrics"); code != 200 || !strings.Contains(body, "rjm_http_requests_total") {
		t.Errorf("/metrics through nginx from loopback: %d", code)
	}
	// A flood of generations: nginx's own limit refuses past its burst.
	codes := map[int]int{}
	for range 30 {
		resp, err := http.Post(proxied+"api/generate", "application/json", strings.NewReader(`{"rows": 99}`))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		codes[resp.StatusCode]++
		if resp.StatusCode == 429 && (resp.Header.Get("Retry-After") == "" || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") ||
			!strings.Contains(string(b), `"error"`) || resp.Header.Get("Content-Security-Policy") == "" || resp.Header.Get("X-Content-Type-Options") != "nosniff") {
			t.Errorf("nginx's 429: Retry-After %q, %s %s", resp.Header.Get("Retry-After"), resp.Header.Get("Content-Type"), b)
		}
	}
	if codes[400] == 0 || codes[429] == 0 {
		t.Errorf("30 generations at once through nginx: %v, want the server's 400s and then nginx's 429s", codes)
	}
	// The hints and the plays have limits of their own.
	hints := map[int]int{}
	for range 80 {
		resp, err := http.Get(proxied + "api/hint?maze=5x5:3413133302312234233341432")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		hints[resp.StatusCode]++
	}
	if hints[200] == 0 || hints[429] == 0 {
		t.Errorf("80 hints at once through nginx: %v, want 200s and then 429s", hints)
	}
	// The site itself, asked by address (no default site in the way),
	// its script compressed.
	req, _ := http.NewRequest("GET", proxied+"static/play.js", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("X-Request-ID") == "" {
		t.Errorf("GET /static/play.js through nginx: %d, Content-Encoding %q, X-Request-ID %q; want the server's script, compressed",
			resp.StatusCode, resp.Header.Get("Content-Encoding"), resp.Header.Get("X-Request-ID"))
	}
	// The generation form's page is not limited, only its post.
	for i := range 20 {
		if code, _ := get(t, proxied+"generate"); code != 200 {
			t.Errorf("GET /generate %d through nginx: %d", i+1, code)
			break
		}
	}
	// Fifteen games (a token, then a play): the tokens and the plays have
	// zones of their own, each the server's 20.
	for i := range 15 {
		body := withToken(t, proxied, fmt.Sprintf(`{"maze":"5x5:3413133302312234233341432","moves":"D","seconds":1,"client":"nginx-game-%02d"}`, i), "")
		resp, err := http.Post(proxied+"api/plays", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 201 {
			t.Errorf("game %d through nginx: %d", i+1, resp.StatusCode)
			break
		}
	}
	// nginx's own 413: JSON, with the security headers.
	resp, err = http.Post(proxied+"api/analyze", "application/json", strings.NewReader(strings.Repeat(" ", 100<<10)))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 413 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") || !strings.Contains(string(b), `"error"`) ||
		resp.Header.Get("Content-Security-Policy") == "" || resp.Header.Get("X-Frame-Options") != "DENY" {
		t.Errorf("a body past 64 KiB through nginx: %d %s %q, CSP %q", resp.StatusCode, resp.Header.Get("Content-Type"), b, resp.Header.Get("Content-Security-Policy"))
	}
}

// The container recipe's build, run by hand where no container tool
// runs: its go build line makes a static binary (no interpreter, no
// shared library), which serves as a user that is not root. Long: its
// flags (-trimpath, CGO_ENABLED=0) share nothing with the build cache, so
// it compiles rjm and the standard library afresh (minutes on two cores);
// it runs only with RJM_LONG=1.
func TestDeployContainerSteps(t *testing.T) {
	if testing.Short() || os.Getenv("RJM_LONG") != "1" {
		t.Skip("long: compiles rjm from nothing; set RJM_LONG=1 to run")
	}
	recipe := deployBlock(t, "dockerfile")
	if out, err := exec.Command("docker", "info").CombinedOutput(); err == nil {
		t.Logf("docker runs: building the image")
		cmd := exec.Command("docker", "build", "-t", "rjm-deploy-test", "-f", "-", filepath.Join("..", ".."))
		cmd.Stdin = strings.NewReader(recipe)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("docker build: %v\n%s", err, out)
		}
		return
	} else {
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		t.Logf("no container tool runs here (%s): the recipe's steps by hand", lines[len(lines)-1])
	}
	m := regexp.MustCompile(`(?m)^RUN (CGO_ENABLED=0 go build .*)$`).FindStringSubmatch(recipe)
	if m == nil {
		t.Fatal("the recipe has no CGO_ENABLED=0 go build step")
	}
	out := t.TempDir()
	build := exec.Command("sh", "-c", strings.ReplaceAll(m[1], "/out", out))
	build.Dir = filepath.Join("..", "..")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", m[1], err, b)
	}
	bin := filepath.Join(out, "rjm")
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	libs, _ := f.ImportedLibraries()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Errorf("the binary asks for an interpreter: not static")
		}
	}
	f.Close()
	if len(libs) > 0 {
		t.Errorf("the binary needs %v: not static", libs)
	}
	data := filepath.Join(out, "data")
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(data, "rjm.db"))
	if os.Geteuid() == 0 { // as the image's user, 65532
		os.Chown(data, 65532, 65532)
		os.Chmod(out, 0o755)
		os.Chmod(filepath.Dir(out), 0o755) // the test's folder, 0700
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65532, Gid: 65532}}
	}
	url := startCmd(t, cmd)
	if code, body := get(t, url+"readyz"); code != 200 {
		t.Errorf("the built binary, not root: /readyz %d %s", code, body)
	}
}

// Backups: rjm backup of a running server's file passes the integrity
// check and holds its plays, and refuses to write over a file; pg_dump
// dumps a PostgreSQL store when $RJM_POSTGRES_DSN names one.
func TestDeployBackups(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server")
	}
	db := filepath.Join(t.TempDir(), "rjm.db")
	_, url := startServer(t, db)
	resp, err := http.Post(url+"api/plays", "application/json", strings.NewReader(withToken(t, url, `{"maze":"5x5:3413133302312234233341432","moves":"D","seconds":1}`, "")))
	if err != nil || resp.StatusCode != 201 {
		t.Fatalf("a play: %v %v", resp, err)
	}
	resp.Body.Close()
	backup := filepath.Join(t.TempDir(), "backup.db")
	run := func() ([]byte, error) {
		cmd := exec.Command(os.Args[0], "backup", backup, "--db", db)
		cmd.Env = append(os.Environ(), "RJM_TEST_MAIN=1")
		return cmd.CombinedOutput()
	}
	if out, err := run(); err != nil {
		t.Fatalf("rjm backup: %v\n%s", err, out)
	}
	check, err := sql.Open("sqlite", "file:"+backup+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer check.Close()
	var ok string
	var plays int
	if err := check.QueryRow("PRAGMA integrity_check").Scan(&ok); err != nil || ok != "ok" {
		t.Errorf("the backup's integrity check: %q %v", ok, err)
	}
	if err := check.QueryRow("SELECT COUNT(*) FROM plays").Scan(&plays); err != nil || plays != 1 {
		t.Errorf("the backup's plays: %d %v, want 1", plays, err)
	}
	if out, err := run(); err == nil || !strings.Contains(string(out), "exists") {
		t.Errorf("rjm backup over an existing file: %v %s", err, out)
	}
	if dsn := os.Getenv("RJM_POSTGRES_DSN"); dsn != "" {
		pgDump := needTool(t, "pg_dump", false)
		dump := filepath.Join(t.TempDir(), "rjm.dump")
		if out, err := exec.Command(pgDump, "-Fc", "-d", dsn, "-f", dump).CombinedOutput(); err != nil {
			t.Errorf("pg_dump: %v\n%s", err, out)
		}
	}
}
