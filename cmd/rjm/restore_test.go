package main

import (
	"io"
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

// deployShBlock returns the first sh block of docs/deploy.md holding
// text.
func deployShBlock(t *testing.T, text string) string {
	t.Helper()
	for _, m := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(deployBlockText(t), -1) {
		if strings.Contains(m[1], text) {
			return m[1]
		}
	}
	t.Fatalf("docs/deploy.md has no sh block with %q", text)
	return ""
}

// TestRestoreRunbook runs docs/deploy.md's backup line twice in a row
// (both succeed, two backups kept) and its restore runbook verbatim, as
// root, under a server running as another user (nobody, as DynamicUser
// gives one): the restored store keeps the server's owner and mode, and
// the server serves it (the runbook's own /readyz, then a play). A
// restore by cp as root, which the runbook no longer says, is named in
// /readyz for what it is. Root only (it changes users).
func TestRestoreRunbook(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server")
	}
	if os.Geteuid() != 0 {
		t.Skip("runs the server as another user: needs root")
	}
	const nobody = 65534
	dir := t.TempDir()
	for _, d := range []string{dir, filepath.Dir(dir)} {
		os.Chmod(d, 0o755) // the test's folders are 0700
	}
	state, backups := filepath.Join(dir, "state"), filepath.Join(dir, "backups")
	for _, d := range []string{state, backups} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chown(state, nobody, nobody); err != nil {
		t.Fatal(err)
	}
	// The program, where the server's user can run it.
	bin := filepath.Join(dir, "rjm")
	self, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, self, 0o755); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(state, "rjm.db")
	srv := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db)
	srv.Env = append(os.Environ(), "RJM_TEST_MAIN=1")
	srv.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	url := startCmd(t, srv)
	if code, _, b := postPlay(t, url, withToken(t, url, `{"maze":"`+figure1ID+`","moves":"D","seconds":1}`, "")); code != 201 {
		t.Fatalf("a play: %d %s", code, b)
	}
	sh := func(script string) string {
		t.Helper()
		script = strings.NewReplacer(
			"/var/backups/rjm/", backups+"/",
			"/var/lib/rjm/rjm.db", db,
			"http://127.0.0.1:8080/", url,
		).Replace(script)
		script = regexp.MustCompile(`(?m)^rjm `).ReplaceAllString(script, bin+" ")
		cmd := exec.Command("sh", "-e", "-c", script)
		cmd.Env = append(os.Environ(), "RJM_TEST_MAIN=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s\n: %v\n%s", script, err, out)
		}
		return string(out)
	}
	backupLine := deployShBlock(t, "rjm backup /var/backups/rjm/ --keep")
	sh(backupLine)
	sh(backupLine) // twice a day: the same day, the same minute even
	made, _ := filepath.Glob(filepath.Join(backups, "rjm-*.db"))
	if len(made) != 2 {
		t.Fatalf("after two backups: %v", made)
	}
	// A play after the backups, which the restore takes back.
	if code, _, b := postPlay(t, url, withToken(t, url, `{"maze":"`+figure1ID+`","moves":"D","seconds":2}`, "")); code != 201 {
		t.Fatalf("a play: %d %s", code, b)
	}
	runbook := deployShBlock(t, "rjm restore")
	runbook = regexp.MustCompile(`/var/backups/rjm/rjm-\d{8}T\d{6}Z\.db`).ReplaceAllString(runbook, made[0])
	out := sh(runbook)
	if !strings.Contains(out, `"ready"`) {
		t.Errorf("the runbook's /readyz: %s", out)
	}
	fi, err := os.Stat(db)
	if err != nil {
		t.Fatal(err)
	}
	if st := fi.Sys().(*syscall.Stat_t); st.Uid != nobody || st.Gid != nobody || fi.Mode().Perm() != 0o600 {
		t.Errorf("the restored store: uid %d gid %d mode %v, want the server's user's, 0600", st.Uid, st.Gid, fi.Mode().Perm())
	}
	stats := func() string {
		resp, err := http.Get(url + "api/stats?maze=" + figure1ID)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	if s := stats(); !strings.Contains(s, `"plays":1,`) {
		// the stats of this maze may be kept 10 s (web.StatsMaxAge)
		time.Sleep(11 * time.Second)
		if s = stats(); !strings.Contains(s, `"plays":1,`) {
			t.Errorf("after the restore: %s, want the backup's one play", s)
		}
	}
	if code, _, b := postPlay(t, url, withToken(t, url, `{"maze":"`+figure1ID+`","moves":"D","seconds":3}`, "")); code != 201 {
		t.Errorf("a play after the restore: %d %s", code, b)
	}
	// The old way, cp as root then mv: /readyz says what is wrong.
	sh("cp " + made[1] + " " + db + ".restore && chmod 600 " + db + ".restore && mv " + db + ".restore " + db)
	if code, body := get(t, url+"readyz"); code != 503 || !strings.Contains(body, "not readable and writable by the server's user") {
		t.Errorf("a store root owns: /readyz %d %s", code, body)
	}
	sh("rjm restore " + made[1] + " --db " + db)
	// Ready again by the next probe of the store's writes (every 5 s,
	// web.ReadyInterval).
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		code, body := get(t, url+"readyz")
		if code == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("restored again with rjm restore: /readyz %d %s", code, body)
			break
		}
	}
}
