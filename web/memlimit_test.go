package web

import (
	"os"
	"testing"
)

// The cgroup's memory bound is read under cgroup v2 and v1; "max" and
// v1's huge "no bound" are none.
func TestCgroupMemory(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		want  int64
	}{
		{"v2", map[string]string{"/proc/self/cgroup": "0::/system.slice/rjm.service\n",
			"/sys/fs/cgroup/system.slice/rjm.service/memory.max": "536870912\n"}, 512 << 20},
		{"v2 unbounded", map[string]string{"/proc/self/cgroup": "0::/x\n", "/sys/fs/cgroup/x/memory.max": "max\n"}, 0},
		{"v1", map[string]string{"/proc/self/cgroup": "5:devices:/\n4:memory:/docker/abc\n0::/\n",
			"/sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes": "268435456\n"}, 256 << 20},
		{"v1 as mounted in a container", map[string]string{"/proc/self/cgroup": "4:memory:/docker/abc\n",
			"/sys/fs/cgroup/memory/memory.limit_in_bytes": "268435456\n"}, 256 << 20},
		{"v1 unbounded", map[string]string{"/proc/self/cgroup": "4:memory:/\n",
			"/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n"}, 0},
		{"none", map[string]string{}, 0},
	} {
		read := func(name string) ([]byte, error) {
			if s, ok := c.files[name]; ok {
				return []byte(s), nil
			}
			return nil, os.ErrNotExist
		}
		if got, _ := cgroupMemory(read); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}
