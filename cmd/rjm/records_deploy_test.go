package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The shard files of records/deploy: a Kubernetes Indexed Job, a Slurm
// array job and a GNU parallel script, each running one floor of a
// records search as shards.

// deployFile returns records/deploy/name.
func deployFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "records", "deploy", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// shardLine is the line of a deploy file that runs one shard.
var shardLine = regexp.MustCompile(`(?m)^\s*(rjm records \$SEARCH .*--out "\$NAME-\$I\.json")`)

// k8sJob is the part of a batch/v1 Job the file uses; decoding with
// KnownFields rejects any field not here (a misspelt one).
type k8sJob struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	Spec struct {
		CompletionMode       string `yaml:"completionMode"`
		Completions          int    `yaml:"completions"`
		Parallelism          int    `yaml:"parallelism"`
		BackoffLimitPerIndex int    `yaml:"backoffLimitPerIndex"`
		Template             struct {
			Spec struct {
				RestartPolicy string `yaml:"restartPolicy"`
				Containers    []struct {
					Name       string `yaml:"name"`
					Image      string `yaml:"image"`
					WorkingDir string `yaml:"workingDir"`
					Env        []struct {
						Name  string `yaml:"name"`
						Value string `yaml:"value"`
					} `yaml:"env"`
					Command   []string `yaml:"command"`
					Args      []string `yaml:"args"`
					Resources struct {
						Requests map[string]string `yaml:"requests"`
						Limits   map[string]string `yaml:"limits"`
					} `yaml:"resources"`
					VolumeMounts []struct {
						Name      string `yaml:"name"`
						MountPath string `yaml:"mountPath"`
					} `yaml:"volumeMounts"`
				} `yaml:"containers"`
				Volumes []struct {
					Name                  string `yaml:"name"`
					PersistentVolumeClaim struct {
						ClaimName string `yaml:"claimName"`
					} `yaml:"persistentVolumeClaim"`
				} `yaml:"volumes"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

// The three files run the same shard command, for the same floor and
// number of shards, each taking the shard's index from its scheduler:
// the Job's YAML parses (only known fields) as an Indexed Job of SHARDS
// completions whose volume is mounted, the scripts pass sh -n and the
// Slurm array covers 0 to SHARDS-1 (and, where sbatch is installed,
// every #SBATCH option is one sbatch lists in its --help).
func TestShardDeployFiles(t *testing.T) {
	job, slurm, par := deployFile(t, "job.yaml"), deployFile(t, "slurm.sh"), deployFile(t, "parallel.sh")
	var lines []string
	for name, text := range map[string]string{"job.yaml": job, "slurm.sh": slurm, "parallel.sh": par} {
		m := shardLine.FindAllStringSubmatch(text, -1)
		if len(m) != 1 {
			t.Fatalf("%s: %d shard lines (rjm records $SEARCH ...), want 1", name, len(m))
		}
		lines = append(lines, m[0][1])
	}
	if lines[0] != lines[1] || lines[1] != lines[2] {
		t.Errorf("the shard lines differ:\n%s", strings.Join(lines, "\n"))
	}
	var j k8sJob
	dec := yaml.NewDecoder(strings.NewReader(job))
	dec.KnownFields(true)
	if err := dec.Decode(&j); err != nil {
		t.Fatalf("job.yaml: %v", err)
	}
	sp := j.Spec.Template.Spec
	if j.APIVersion != "batch/v1" || j.Kind != "Job" || j.Spec.CompletionMode != "Indexed" || sp.RestartPolicy != "Never" || len(sp.Containers) != 1 {
		t.Fatalf("job.yaml is not an Indexed batch/v1 Job of one container: %+v", j)
	}
	c := sp.Containers[0]
	env := map[string]string{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
	}
	if n, err := strconv.Atoi(env["SHARDS"]); err != nil || n != j.Spec.Completions || n != j.Spec.Parallelism {
		t.Errorf("job.yaml: SHARDS %q, completions %d, parallelism %d", env["SHARDS"], j.Spec.Completions, j.Spec.Parallelism)
	}
	if !slices.Equal(c.Command, []string{"sh", "-c"}) || len(c.Args) != 1 || !strings.Contains(c.Args[0], "I=$JOB_COMPLETION_INDEX\n") {
		t.Errorf("job.yaml: command %q args %q", c.Command, c.Args)
	}
	if len(c.VolumeMounts) != 1 || c.VolumeMounts[0].MountPath != c.WorkingDir || len(sp.Volumes) != 1 || sp.Volumes[0].Name != c.VolumeMounts[0].Name {
		t.Errorf("job.yaml: the working folder %q is not the shared volume's mount", c.WorkingDir)
	}
	def := func(text, name string) string {
		m := regexp.MustCompile(`(?m)^` + name + `=\$\{` + name + `:-"?([^"}]*)"?\}$`).FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("no default for %s", name)
		}
		return m[1]
	}
	for _, name := range []string{"SEARCH", "SHARDS", "NAME"} {
		if a, b := def(slurm, name), def(par, name); a != env[name] || b != env[name] {
			t.Errorf("%s: job.yaml %q, slurm.sh %q, parallel.sh %q", name, env[name], a, b)
		}
	}
	n, _ := strconv.Atoi(env["SHARDS"])
	if !strings.Contains(slurm, fmt.Sprintf("#SBATCH --array=0-%d\n", n-1)) || !strings.Contains(slurm, "\nI=$SLURM_ARRAY_TASK_ID\n") {
		t.Errorf("slurm.sh: the array is not 0-%d of SLURM_ARRAY_TASK_ID", n-1)
	}
	if !strings.Contains(par, "'I={}\n") {
		t.Errorf("parallel.sh: the shard's index is not parallel's {}")
	}
	for _, name := range []string{"slurm.sh", "parallel.sh"} {
		if out, err := exec.Command("sh", "-n", filepath.Join("..", "..", "records", "deploy", name)).CombinedOutput(); err != nil {
			t.Errorf("sh -n %s: %v %s", name, err, out)
		}
	}
	if sbatch, err := exec.LookPath("sbatch"); err == nil {
		// sbatch reads the #SBATCH options before it asks the controller
		// (there is none here: a minimal configuration names one on port 1),
		// and stops at an option it does not know; a misspelt copy shows it.
		conf := filepath.Join(t.TempDir(), "slurm.conf")
		if err := os.WriteFile(conf, []byte("ClusterName=rjm\nSlurmctldHost=localhost\nSlurmctldPort=1\nMessageTimeout=1\nTCPTimeout=1\nNodeName=localhost CPUs=1 State=UNKNOWN\nPartitionName=debug Nodes=localhost Default=YES\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		bad := filepath.Join(t.TempDir(), "bad.sh")
		if err := os.WriteFile(bad, []byte(strings.Replace(slurm, "--requeue", "--requeued", 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, f := range []struct {
			script string
			ok     bool
		}{{filepath.Join("..", "..", "records", "deploy", "slurm.sh"), true}, {bad, false}} {
			cmd := exec.Command(sbatch, "--test-only", f.script)
			cmd.Env = append(os.Environ(), "SLURM_CONF="+conf)
			out, _ := cmd.CombinedOutput()
			read := strings.Contains(string(out), "Unable to contact slurm controller") && !strings.Contains(string(out), "unrecognized option")
			if read != f.ok {
				t.Errorf("sbatch --test-only %s (options read: want %v):\n%s", filepath.Base(f.script), f.ok, out)
			}
		}
	} else {
		t.Log("no sbatch here: slurm.sh's #SBATCH options are not read by it")
	}
}

// Each file's own shard command runs a small board's search as shards
// (GNU parallel through parallel.sh on this machine; the Job's command as
// its pods would, with JOB_COMPLETION_INDEX; slurm.sh as its array's
// tasks would, with SLURM_ARRAY_TASK_ID), and the merge gives the answer
// of one process: maximum, count, example, classes, floors proven empty.
// Only SEARCH, SHARDS, NAME and the folders are set by the test. Under
// RJM_LONG (.ci/run installs GNU parallel).
func TestShardDeployRuns(t *testing.T) {
	if os.Getenv("RJM_LONG") == "" {
		t.Skip("runs three sharded searches; RJM_LONG=1")
	}
	parallel := needTool(t, "parallel", true)
	waitsOnChildren(t)
	bin := buildRJM(t)
	binDir := filepath.Dir(bin)
	path := binDir + string(os.PathListSeparator) + filepath.Dir(parallel) + string(os.PathListSeparator) + os.Getenv("PATH")
	const shards = 3
	search := "--rows 4 --cols 5 --list 1000"
	type answer struct {
		MaxDepth int      `json:"max_depth"`
		Count    string   `json:"count"`
		Example  string   `json:"example"`
		Mazes    []string `json:"mazes"`
		Empty    []int    `json:"floors_empty"`
	}
	decode := func(what string, cmd *exec.Cmd) answer {
		t.Helper()
		out, err := cmd.Output()
		var a answer
		if err != nil || json.Unmarshal(out, &a) != nil {
			t.Fatalf("%s: %v\n%s", what, err, out)
		}
		slices.Sort(a.Mazes)
		return a
	}
	whole := decode("one process", exec.Command(bin, append(append([]string{"records"}, strings.Fields(search)...), "--json", "--workers", "1")...))
	if whole.MaxDepth != 17 || len(whole.Mazes) == 0 {
		t.Fatalf("one process: %+v", whole)
	}
	environ := func(dir, name string, more ...string) []string {
		return append(append(os.Environ(), "PATH="+path, "SEARCH="+search, "SHARDS="+strconv.Itoa(shards), "NAME="+name, "WORK="+dir), more...)
	}
	merge := func(dir, name string) answer {
		t.Helper()
		files, _ := filepath.Glob(filepath.Join(dir, name+"-*.json"))
		if len(files) != shards {
			t.Fatalf("%s: %d shard files, want %d", name, len(files), shards)
		}
		return decode(name+" merged", exec.Command(bin, append([]string{"records", "merge", "--json"}, files...)...))
	}
	check := func(name string, got answer) {
		t.Helper()
		if got.MaxDepth != whole.MaxDepth || got.Count != whole.Count || got.Example != whole.Example ||
			!slices.Equal(got.Mazes, whole.Mazes) || !slices.Equal(got.Empty, whole.Empty) {
			t.Errorf("%s: merged %+v\none process: %+v", name, got, whole)
		}
	}

	// GNU parallel, this machine as its two hosts' worth of job slots.
	dir := t.TempDir()
	hosts := filepath.Join(dir, "hosts")
	if err := os.WriteFile(hosts, []byte("2/:\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sh", filepath.Join("..", "..", "records", "deploy", "parallel.sh"))
	cmd.Env = environ(dir, "par", "HOSTS="+hosts)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("parallel.sh: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), fmt.Sprintf("Maximum goal depth: %d\nMazes reaching it: %s\n", whole.MaxDepth, whole.Count)) {
		t.Errorf("parallel.sh printed:\n%s", out)
	}
	check("GNU parallel", merge(dir, "par"))
	// Run again: the joblog says every shard finished, none runs again.
	cmd = exec.Command("sh", filepath.Join("..", "..", "records", "deploy", "parallel.sh"))
	cmd.Env = environ(dir, "par", "HOSTS="+hosts)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("parallel.sh again: %v\n%s", err, out)
	}
	if log, err := os.ReadFile(filepath.Join(dir, "par.joblog")); err != nil || strings.Count(string(log), "\n") != shards+1 {
		t.Errorf("parallel.sh's joblog after a second run (want the %d shards once): %v\n%s", shards, err, log)
	}

	// The Job's command, as its pods run it in their working folder.
	var j k8sJob
	if err := yaml.Unmarshal([]byte(deployFile(t, "job.yaml")), &j); err != nil {
		t.Fatal(err)
	}
	c := j.Spec.Template.Spec.Containers[0]
	dir = t.TempDir()
	for i := range shards {
		cmd := exec.Command(c.Command[0], append(c.Command[1:], c.Args...)...)
		cmd.Dir, cmd.Env = dir, environ(dir, "k8s", fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("job.yaml's command, index %d: %v\n%s", i, err, out)
		}
	}
	check("Kubernetes Job", merge(dir, "k8s"))

	// slurm.sh, as its array's tasks run it in the folder it was sent from.
	dir = t.TempDir()
	script, _ := filepath.Abs(filepath.Join("..", "..", "records", "deploy", "slurm.sh"))
	for i := range shards {
		cmd := exec.Command("sh", script)
		cmd.Dir, cmd.Env = dir, environ(dir, "slurm", fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", i))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("slurm.sh, task %d: %v\n%s", i, err, out)
		}
	}
	check("Slurm array", merge(dir, "slurm"))
}
