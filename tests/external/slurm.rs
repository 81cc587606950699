//! Slurm for real: a one-node cluster of Debian's `slurm-wlm` and `munge` runs
//! `examples/shards-slurm.sh` as job arrays from 1, from 0 and stepped, each followed by
//! the dependent merge job the script's header gives, and each merged table is that of
//! one `compare` over the same puzzles; so it stays when a finished task is requeued and
//! goes on with `--resume`. The daemons are children of the test (they need root),
//! configured in a scratch folder and talking over loopback only; they, their jobs and
//! the folder are gone however the test ends. Skipped with a note when Slurm, munge or
//! root is missing or a daemon cannot start here, unless
//! `SUDOKU_ARENA_REQUIRE_EXTERNAL=1` (CI) makes that a failure, with the daemons' logs.

use crate::common::cli::{err, run};
use crate::common::external::{external_available, not_run};
use crate::common::files::{path_in, records};
use crate::common::processes::carrying;
use crate::common::slack;
use nix::sys::signal::{kill, killpg, Signal};
use nix::unistd::Pid;
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tempfile::TempDir;

/// The node's name in the cluster (`slurmd -N` gives it; the machine's own name does
/// not matter, the node's address is 127.0.0.1).
const NODE: &str = "arena";

/// The puzzles of every run here: unique, several and no solution, eight in all, so that
/// each of four shards has some and several count columns have something to count.
const PUZZLES: [&str; 3] = [
    "examples/hard.txt",
    "examples/several.txt",
    "examples/none.txt",
];
const BACKENDS: &str = "dlx,fast";

/// The variable every process of a cluster carries in its environment (the daemons, and
/// the jobs through sbatch's exported environment), its folder as the value: what is left
/// of a cluster is found by it.
const MARKER: &str = "SUDOKU_ARENA_SLURM_CLUSTER";

/// One cluster at a time: each test starts its own, and two at once on a small machine
/// would crowd each other's deadlines.
fn one_cluster_at_a_time() -> MutexGuard<'static, ()> {
    static ONE: Mutex<()> = Mutex::new(());
    ONE.lock().unwrap_or_else(|e| e.into_inner())
}

/// A daemon run in the foreground in a process group of its own, its output in
/// `NAME.out`; dropping it stops the group (TERM, then KILL past a deadline) and reaps it.
struct Daemon {
    name: &'static str,
    child: Child,
}

impl Daemon {
    /// Starts `command` as the daemon `name`, its output into `logs/NAME.out`.
    fn start(name: &'static str, mut command: Command, logs: &Path) -> Result<Daemon, String> {
        let out = File::create(logs.join(format!("{name}.out"))).map_err(|e| e.to_string())?;
        let err = out.try_clone().map_err(|e| e.to_string())?;
        command
            .process_group(0)
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err);
        let child = command
            .spawn()
            .map_err(|e| format!("{name} did not start: {e}"))?;
        Ok(Daemon { name, child })
    }

    /// An error when the daemon has exited.
    fn alive(&mut self) -> Result<(), String> {
        match self.child.try_wait() {
            Ok(None) => Ok(()),
            Ok(Some(status)) => Err(format!("{} exited ({status})", self.name)),
            Err(e) => Err(format!("{}: {e}", self.name)),
        }
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let group = Pid::from_raw(self.child.id() as i32);
        let _ = killpg(group, Signal::SIGTERM);
        let deadline = Instant::now() + slack() * 10;
        while matches!(self.child.try_wait(), Ok(None)) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = killpg(group, Signal::SIGKILL);
        let _ = self.child.wait();
    }
}

/// A one-node Slurm of its own: munged, slurmctld and slurmd as children of the test,
/// everything they write in a scratch folder. Dropping it stops the daemons, kills what
/// of the cluster is left (a job's processes) and removes the folder.
struct Cluster {
    /// In the order started; stopped in the reverse.
    daemons: Vec<Daemon>,
    conf: PathBuf,
    /// Dropped last, once nothing runs in it.
    dir: TempDir,
}

impl Cluster {
    /// Starts the daemons and waits until the node takes jobs; when one cannot start,
    /// the error says which, with every log.
    fn start() -> Result<Cluster, String> {
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        for sub in ["munge", "state", "spool", "log", "work"] {
            std::fs::create_dir(dir.path().join(sub)).map_err(|e| e.to_string())?;
        }
        let mut cluster = Cluster {
            daemons: Vec::new(),
            conf: dir.path().join("slurm.conf"),
            dir,
        };
        cluster
            .start_daemons()
            .map_err(|e| format!("{e}\n{}", cluster.report()))?;
        Ok(cluster)
    }

    /// `name` in the cluster's folder.
    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Where jobs are submitted from, and so where their output files and OUTDIRs go.
    fn work(&self) -> PathBuf {
        self.path("work")
    }

    /// `MARKER=folder`, as it stands in the environment of the cluster's processes.
    fn marker(&self) -> String {
        format!("{MARKER}={}", self.dir.path().display())
    }

    /// Writes munge's key and slurm.conf, starts munged, slurmctld and slurmd, and waits
    /// for munged's socket, the two ports and the node taking jobs.
    fn start_daemons(&mut self) -> Result<(), String> {
        let munge = self.path("munge");
        let socket = munge.join("socket");
        let mut key = vec![0; 1024];
        File::open("/dev/urandom")
            .and_then(|mut f| f.read_exact(&mut key))
            .map_err(|e| e.to_string())?;
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o400)
            .open(munge.join("key"))
            .and_then(|mut f| f.write_all(&key))
            .map_err(|e| e.to_string())?;
        let mut munged = Command::new("munged");
        munged.args(["--foreground", "--force"]);
        for (flag, name) in [
            ("socket", "socket"),
            ("key-file", "key"),
            ("pid-file", "munged.pid"),
            ("log-file", "munged.log"),
            ("seed-file", "seed"),
        ] {
            munged.arg(format!("--{flag}={}", munge.join(name).display()));
        }
        self.daemon("munged", munged)?;
        self.wait_for("munged's socket", |_| socket.exists().then_some(()))?;

        std::fs::write(self.path("plugstack.conf"), "").map_err(|e| e.to_string())?;
        // Bound at once so that the two differ; released for the daemons to take.
        let bind = || TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string());
        let (a, b) = (bind()?, bind()?);
        let port = |l: &TcpListener| l.local_addr().map(|a| a.port()).unwrap();
        let (ctld_port, slurmd_port) = (port(&a), port(&b));
        drop((a, b));
        let config = self.config(&socket, ctld_port, slurmd_port)?;
        std::fs::write(&self.conf, config).map_err(|e| e.to_string())?;
        let mut ctld = Command::new("slurmctld");
        ctld.arg("-D").arg("-f").arg(&self.conf);
        self.daemon("slurmctld", ctld)?;
        let mut slurmd = Command::new("slurmd");
        slurmd.args(["-D", "-N", NODE, "-f"]).arg(&self.conf);
        self.daemon("slurmd", slurmd)?;
        // The clients retry a controller that does not answer for many seconds: they are
        // asked once both daemons listen.
        for (name, port) in [("slurmctld", ctld_port), ("slurmd", slurmd_port)] {
            let address = SocketAddr::from(([127, 0, 0, 1], port));
            let timeout = Duration::from_millis(200);
            self.wait_for(&format!("{name} to listen on port {port}"), |_| {
                TcpStream::connect_timeout(&address, timeout).ok().map(drop)
            })?;
        }
        self.wait_for("the node to be idle", |c| {
            let node = c.query("scontrol", &["show", "node", NODE]).ok()?;
            node.contains("State=IDLE").then_some(())
        })
    }

    /// Starts `command` as the daemon `name` of this cluster, with its configuration and
    /// marker in the environment.
    fn daemon(&mut self, name: &'static str, mut command: Command) -> Result<(), String> {
        command
            .env("SLURM_CONF", &self.conf)
            .env(MARKER, self.dir.path());
        let d = Daemon::start(name, command, &self.path("log"))?;
        self.daemons.push(d);
        Ok(())
    }

    /// slurm.conf: one node at 127.0.0.1 with the machine's CPUs, the controller on this
    /// host (slurmctld runs only where `SlurmctldHost` names it) at 127.0.0.1 too, on
    /// the ports given; no cgroups (process tracking by /proc); requeue allowed.
    fn config(
        &self,
        munge_socket: &Path,
        ctld_port: u16,
        slurmd_port: u16,
    ) -> Result<String, String> {
        let host =
            std::fs::read_to_string("/proc/sys/kernel/hostname").map_err(|e| e.to_string())?;
        let host = host
            .trim()
            .split('.')
            .next()
            .unwrap_or_default()
            .to_string();
        let d = self.dir.path().display();
        Ok(format!(
            "ClusterName=arena
SlurmctldHost={host}(127.0.0.1)
SlurmctldPort={ctld_port}
SlurmdPort={slurmd_port}
AuthType=auth/munge
CredType=cred/munge
# A requeued job waits cred_expire seconds (120 by default) before it may start again.
AuthInfo=socket={socket},cred_expire=10
SlurmUser=root
SlurmdUser=root
StateSaveLocation={d}/state
SlurmdSpoolDir={d}/spool
SlurmctldPidFile={d}/slurmctld.pid
SlurmdPidFile={d}/slurmd.pid
SlurmctldLogFile={d}/log/slurmctld.log
SlurmdLogFile={d}/log/slurmd.log
PlugStackConfig={d}/plugstack.conf
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
JobRequeue=1
# Pending jobs looked at every second, not every minute.
SchedulerParameters=batch_sched_delay=0,sched_interval=1,bf_interval=1
SlurmctldDebug=info
SlurmdDebug=info
NodeName={NODE} NodeAddr=127.0.0.1 CPUs={cpus}
PartitionName=debug Nodes={NODE} Default=YES MaxTime=INFINITE State=UP
",
            socket = munge_socket.display(),
            cpus = slurmd_cpus(),
        ))
    }

    /// Polls `ready` until it gives something, for at most 30 s (times the slack); an
    /// error at the deadline or as soon as a daemon has exited.
    fn wait_for<T>(
        &mut self,
        what: &str,
        mut ready: impl FnMut(&Cluster) -> Option<T>,
    ) -> Result<T, String> {
        let limit = slack() * 30;
        let deadline = Instant::now() + limit;
        loop {
            for d in &mut self.daemons {
                d.alive().map_err(|e| format!("waiting for {what}: {e}"))?;
            }
            if let Some(v) = ready(self) {
                return Ok(v);
            }
            if Instant::now() > deadline {
                return Err(format!("waited {limit:?} for {what}"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// A Slurm client (`sbatch`, `scontrol`, `squeue`) of this cluster, run in its work
    /// folder with the binary under test as `SUDOKU_ARENA` and its folder first on the
    /// `PATH` (for `--wrap "sudoku-arena merge ..."`): sbatch passes both to the jobs.
    fn client(&self, program: &str) -> Command {
        let bin = Path::new(env!("CARGO_BIN_EXE_sudoku-arena"));
        let path = std::env::var_os("PATH").unwrap_or_default();
        let dirs = std::iter::once(bin.parent().unwrap().to_path_buf())
            .chain(std::env::split_paths(&path));
        let mut c = Command::new(program);
        c.env("SLURM_CONF", &self.conf)
            .env(MARKER, self.dir.path())
            .env("SUDOKU_ARENA", bin)
            .env("PATH", std::env::join_paths(dirs).unwrap())
            .current_dir(self.work());
        c
    }

    /// A client's standard output, or its error.
    fn query(&self, program: &str, args: &[&str]) -> Result<String, String> {
        let o = self
            .client(program)
            .args(args)
            .output()
            .map_err(|e| format!("{program}: {e}"))?;
        if o.status.success() {
            Ok(String::from_utf8_lossy(&o.stdout).into_owned())
        } else {
            Err(format!("{program} {args:?}: {}", err(&o)))
        }
    }

    /// A client's standard output; a failure panics with the cluster's report.
    fn must(&self, program: &str, args: &[&str]) -> String {
        self.query(program, args).unwrap_or_else(|e| self.fail(&e))
    }

    /// `sbatch --parsable ARGS`: the job's id.
    fn sbatch(&self, args: &[&str]) -> String {
        let mut all = vec!["--parsable"];
        all.extend_from_slice(args);
        let out = self.must("sbatch", &all);
        out.trim().split(';').next().unwrap().to_string()
    }

    /// The state of each task of job `id` (one for a job that is no array).
    fn states(&self, id: &str) -> Vec<String> {
        self.must("scontrol", &["-o", "show", "job", id])
            .split_whitespace()
            .filter_map(|w| w.strip_prefix("JobState="))
            .map(str::to_string)
            .collect()
    }

    /// Waits until no job is pending or running, then checks that every job of `jobs`
    /// (id, number of tasks) has completed; else panics with the report.
    fn wait_for_jobs(&mut self, jobs: &[(&str, usize)]) {
        let mut last = String::new();
        let done = self.wait_for("the jobs to end", |c| {
            last = c
                .query("squeue", &["-h", "-o", "%i %T"])
                .unwrap_or_else(|e| e);
            last.trim().is_empty().then_some(())
        });
        if let Err(e) = done {
            self.fail(&format!("{e}; still queued:\n{last}"));
        }
        for &(id, tasks) in jobs {
            let states = self.states(id);
            if states.len() != tasks || states.iter().any(|s| s != "COMPLETED") {
                self.fail(&format!("job {id}: {states:?}, not {tasks} COMPLETED"));
            }
        }
    }

    /// Panics with `what`, the cluster's files and what the controller says of the jobs.
    fn fail(&self, what: &str) -> ! {
        let jobs = self.query("scontrol", &["-o", "show", "job"]);
        panic!(
            "{what}\n{}--- scontrol show job\n{}",
            self.report(),
            jobs.unwrap_or_else(|e| e)
        )
    }

    /// The daemons' logs and output and the jobs' output files, each at most its last
    /// 6,000 characters: a failure's message.
    fn report(&self) -> String {
        let mut files = Vec::new();
        for folder in [self.path("log"), self.work()] {
            if let Ok(entries) = std::fs::read_dir(&folder) {
                files.extend(entries.flatten().map(|e| e.path()).filter(|p| p.is_file()));
            }
        }
        files.sort();
        let mut report = String::new();
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap_or_default();
            let start = text.len().saturating_sub(6000);
            let start = (start..text.len())
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(start);
            report += &format!("--- {}\n{}\n", f.display(), &text[start..]);
        }
        report
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        while let Some(d) = self.daemons.pop() {
            drop(d);
        }
        // A job's processes outlive slurmd (slurmstepd runs them): whatever carries the
        // marker is killed.
        let marker = self.marker();
        let deadline = Instant::now() + slack() * 5;
        loop {
            let left = carrying(&marker);
            if left.is_empty() || Instant::now() > deadline {
                break;
            }
            for (pid, _) in left {
                let _ = kill(Pid::from_raw(pid as i32), Signal::SIGKILL);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// The CPUs slurmd finds on this machine (`slurmd -C`), 1 if it does not say.
fn slurmd_cpus() -> usize {
    let o = Command::new("slurmd").arg("-C").output();
    let text = o.map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    text.unwrap_or_default()
        .split_whitespace()
        .find_map(|w| w.strip_prefix("CPUs=")?.parse().ok())
        .unwrap_or(1)
}

/// True when this process runs as root (its effective user id, from `/proc`, is 0).
fn root() -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let uid = status.lines().find_map(|l| l.strip_prefix("Uid:"));
    uid.and_then(|ids| ids.split_whitespace().nth(1)) == Some("0")
}

/// A running cluster, or `None` with a note when this machine cannot have one: Slurm,
/// munge or root missing, or a daemon that does not start. With
/// `SUDOKU_ARENA_REQUIRE_EXTERNAL=1` each of those panics instead.
fn cluster() -> Option<Cluster> {
    for (program, package) in [
        ("munged", "munge"),
        ("slurmctld", "slurm-wlm"),
        ("slurmd", "slurm-wlm"),
        ("sbatch", "slurm-wlm"),
    ] {
        if !external_available(program, package) {
            return None;
        }
    }
    if !root() {
        not_run("the Slurm daemons of the one-node cluster need root");
        return None;
    }
    match Cluster::start() {
        Ok(c) => Some(c),
        Err(e) => {
            not_run(&format!(
                "a one-node Slurm did not start on this machine: {e}"
            ));
            None
        }
    }
}

/// The project's file `name` as an absolute path (the jobs run in the cluster's folder).
fn in_project(name: &str) -> String {
    path_in(env!("CARGO_MANIFEST_DIR"), name)
}

/// Submits the Slurm script as the array `array` (four tasks) into `outdir` with `flags`
/// before the run's own, then the merge job as the script's header gives it; their ids.
fn shards_then_merge(
    cluster: &Cluster,
    array: &str,
    outdir: &str,
    flags: &[&str],
) -> (String, String) {
    let id = submit_shards(cluster, array, outdir, flags);
    (id.clone(), submit_merge(cluster, &id, outdir))
}

/// `sbatch --array=ARRAY examples/shards-slurm.sh OUTDIR FLAGS -b BACKENDS PUZZLES`.
fn submit_shards(cluster: &Cluster, array: &str, outdir: &str, flags: &[&str]) -> String {
    let array = format!("--array={array}");
    let script = in_project("examples/shards-slurm.sh");
    let puzzles = PUZZLES.map(in_project);
    let mut args = vec![array.as_str(), &script, outdir];
    args.extend_from_slice(flags);
    args.extend(["-b", BACKENDS]);
    args.extend(puzzles.iter().map(String::as_str));
    cluster.sbatch(&args)
}

/// The merge of the four shards in `outdir`, once every task of `id` has ended.
fn submit_merge(cluster: &Cluster, id: &str, outdir: &str) -> String {
    let after = format!("--dependency=afterany:{id}");
    let merge =
        format!("sudoku-arena merge {outdir}/shard-*-of-4.jsonl --markdown {outdir}/summary.md");
    cluster.sbatch(&[&after, "--wrap", &merge])
}

/// Each (puzzle, backend) of the results files `paths` with its answer: the puzzle,
/// verdict, first solution and number of solutions (a pair's last record counts, as in
/// merge).
fn answers(paths: &[String]) -> BTreeMap<(usize, String), String> {
    let mut all = BTreeMap::new();
    for p in paths {
        for r in records(p) {
            let answer = format!(
                "{} {:?} {:?} {}",
                r.puzzle, r.verdict, r.solution, r.solutions_found
            );
            all.insert((r.puzzle_index, r.backend), answer);
        }
    }
    all
}

/// What one `compare` over the puzzles gives: its answers and its Markdown table.
struct OneRun {
    answers: BTreeMap<(usize, String), String>,
    markdown: String,
}

/// One whole run (no shard) in `dir`.
fn one_run(dir: &Path) -> OneRun {
    let (out, md) = (path_in(dir, "one.jsonl"), path_in(dir, "one.md"));
    let puzzles = PUZZLES.map(in_project);
    let mut args = vec!["compare", "--out", &out, "--markdown", &md, "-b", BACKENDS];
    args.extend(puzzles.iter().map(String::as_str));
    let o = run(&args, b"");
    assert!(o.status.success(), "{}", err(&o));
    OneRun {
        answers: answers(&[out]),
        markdown: std::fs::read_to_string(md).unwrap(),
    }
}

/// A Markdown summary's lines with the cells of the columns that measure time (`p10` to
/// `transport`) left out.
fn without_times(markdown: &str) -> Vec<String> {
    let mut timed = None;
    markdown
        .lines()
        .map(|line| {
            let Some(row) = line.strip_prefix('|') else {
                return line.to_string();
            };
            let cells: Vec<&str> = row
                .trim_end_matches('|')
                .split('|')
                .map(str::trim)
                .collect();
            if cells[0] == "backend" {
                let at = |name| cells.iter().position(|c| *c == name).unwrap();
                timed = Some(at("p10")..=at("transport"));
            }
            let kept: Vec<&str> = (0..cells.len())
                .filter(|i| !timed.as_ref().is_some_and(|t| t.contains(i)))
                .map(|i| cells[i])
                .collect();
            kept.join(" | ")
        })
        .collect()
}

/// Checks a Slurm run in `outdir`: shards 1/4 to 4/4 written, holding between them the
/// answers of one run, and the merge job's table that of one run but for its times.
fn same_as_one_run(cluster: &Cluster, outdir: &str, one: &OneRun) {
    let folder = cluster.work().join(outdir);
    let shards: Vec<String> = (1..=4)
        .map(|k| path_in(&folder, &format!("shard-{k}-of-4.jsonl")))
        .collect();
    if let Some(missing) = shards.iter().find(|s| !Path::new(s).exists()) {
        cluster.fail(&format!("{outdir}: no {missing}"));
    }
    for s in &shards {
        assert!(!records(s).is_empty(), "{s}: no solve");
    }
    assert_eq!(answers(&shards), one.answers, "{outdir}");
    let Ok(merged) = std::fs::read_to_string(folder.join("summary.md")) else {
        cluster.fail(&format!("{outdir}: the merge job wrote no summary.md"));
    };
    assert_eq!(
        without_times(&merged),
        without_times(&one.markdown),
        "{outdir}:\n{merged}"
    );
    assert!(merged.contains("| dlx | 8 |"), "{merged}");
}

#[test]
fn job_arrays_from_one_from_zero_and_stepped_merge_to_the_table_of_one_run() {
    let _one = one_cluster_at_a_time();
    let Some(mut cluster) = cluster() else {
        return;
    };
    let arrays = [("1-4", "from1"), ("0-3", "from0"), ("10-40:10", "stepped")];
    let jobs: Vec<(String, String)> = arrays
        .iter()
        .map(|(array, outdir)| shards_then_merge(&cluster, array, outdir, &[]))
        .collect();
    let mut waited = Vec::new();
    for (shards, merge) in &jobs {
        waited.extend([(shards.as_str(), 4), (merge.as_str(), 1)]);
    }
    cluster.wait_for_jobs(&waited);
    let one = one_run(cluster.dir.path());
    for (_, outdir) in arrays {
        same_as_one_run(&cluster, outdir, &one);
    }
}

#[test]
fn a_requeued_task_goes_on_with_resume_and_the_merge_is_still_one_run() {
    let _one = one_cluster_at_a_time();
    let Some(mut cluster) = cluster() else {
        return;
    };
    let id = submit_shards(&cluster, "1-4", "requeued", &["--resume"]);
    cluster.wait_for_jobs(&[(&id, 4)]);
    // Shard 2 as a task stopped part way leaves it: its header and first result only.
    let file = cluster.work().join("requeued/shard-2-of-4.jsonl");
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 3, "{text}");
    std::fs::write(&file, format!("{}\n{}\n", lines[0], lines[1])).unwrap();
    let task = format!("{id}_2");
    cluster.must("scontrol", &["requeue", &task]);
    assert_ne!(cluster.states(&task), ["COMPLETED"], "requeued");
    let merge = submit_merge(&cluster, &id, "requeued");
    cluster.wait_for_jobs(&[(&id, 4), (&merge, 1)]);

    let shown = cluster.must("scontrol", &["-o", "show", "job", &task]);
    assert!(shown.contains("Restarts=1"), "{shown}");
    // The task's second run went on with the file, and the merge waited for it.
    let said = std::fs::read_to_string(cluster.work().join(format!("slurm-{task}.out"))).unwrap();
    assert!(
        said.contains("runs shard 2/4")
            && said.contains("(1 already in requeued/shard-2-of-4.jsonl)"),
        "{said}"
    );
    let one = one_run(cluster.dir.path());
    same_as_one_run(&cluster, "requeued", &one);
}

#[test]
fn a_stopped_cluster_leaves_no_process_and_no_file() {
    let _one = one_cluster_at_a_time();
    let Some(mut cluster) = cluster() else {
        return;
    };
    let id = cluster.sbatch(&["--wrap", "sleep 600"]);
    let marker = cluster.marker();
    let running = cluster.wait_for("the job's sleep", |_| {
        let names: Vec<String> = carrying(&marker).into_iter().map(|(_, n)| n).collect();
        names.iter().any(|n| n == "sleep").then_some(names)
    });
    let running = running.unwrap_or_else(|e| cluster.fail(&e));
    for daemon in ["munged", "slurmctld", "slurmd", "slurmstepd"] {
        assert!(running.iter().any(|n| n == daemon), "{daemon}: {running:?}");
    }
    assert_eq!(cluster.states(&id), ["RUNNING"]);
    let dir = cluster.dir.path().to_path_buf();
    let start = Instant::now();
    drop(cluster);
    assert_eq!(carrying(&marker), [], "left running");
    assert!(!dir.exists(), "{} left", dir.display());
    assert!(
        start.elapsed() < slack() * 20,
        "{:?} to stop",
        start.elapsed()
    );
}
