//! Running the real binary from integration tests, shared by the test files that need it.

use std::process::{Command, Output};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_boardpath");

/// Runs the binary with `args` from the project's root.
pub fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

/// Runs the binary, expects exit 0 and returns its standard output.
pub fn stdout(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs a `--format json` command, checks the envelope every JSON document has (schema,
/// provenance naming this tool, version and command line, a SHA-256 per board) and returns its
/// `results`.
#[allow(dead_code)] // not every test file that shares this module prints JSON
pub fn json_results(args: &[&str]) -> serde_json::Value {
    let mut doc: serde_json::Value = serde_json::from_str(&stdout(args)).expect("valid JSON");
    let schema = doc["schema"].as_str().expect("a schema string");
    assert!(
        schema.starts_with("boardpath.") && schema.ends_with("/1"),
        "{schema}"
    );
    let p = &doc["provenance"];
    assert_eq!(p["tool"], "boardpath");
    assert_eq!(p["version"], env!("CARGO_PKG_VERSION"));
    let command: Vec<&str> = p["command"]
        .as_array()
        .expect("the command line")
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    assert_eq!(command[1..], *args);
    for b in p["boards"].as_array().expect("a list of boards") {
        let sha = b["sha256"].as_str().unwrap();
        assert!(
            sha.len() == 64 && sha.bytes().all(|c| c.is_ascii_hexdigit()),
            "{sha}"
        );
    }
    doc["results"].take()
}

/// A `boardpath serve` started on a free port for a test, stopped when dropped.
#[allow(dead_code)] // used by the test files that need a server
pub struct Served {
    child: std::process::Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
}

/// An HTTP answer.
#[allow(dead_code)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The `Content-Type` header.
    pub content_type: String,
    /// The body.
    pub body: Vec<u8>,
}

#[allow(dead_code)]
impl Answer {
    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("UTF-8 body")
    }

    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&self.body)))
    }
}

#[allow(dead_code)]
impl Served {
    /// Starts `boardpath serve ARGS --port 0` and reads the address it prints. Unless `args` set
    /// them, a request's work may run for a day and a request take an hour to arrive (the most the
    /// options take): a test of something else meets no deadline, however slow or loaded the
    /// machine.
    pub fn start(args: &[&str]) -> Served {
        use std::io::BufRead;
        let mut all = args.to_vec();
        for (option, most) in [("--timeout", "86400"), ("--read-timeout", "3600")] {
            if !args.contains(&option) {
                all.extend([option, most]);
            }
        }
        let mut child = Command::new(BIN)
            .arg("serve")
            .args(&all)
            .args(["--port", "0"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .split_whitespace()
            .find_map(|w| w.strip_prefix("http://"))
            .unwrap_or_else(|| panic!("serve printed no address: {line:?}"))
            .trim_end_matches('/')
            .to_string();
        Served { child, address }
    }

    /// The page's address.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Sends one HTTP/1.1 request (`target` is the path and query) with `headers` and `body`.
    pub fn request(
        &self,
        method: &str,
        target: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Answer {
        use std::io::{Read, Write};
        let mut stream = std::net::TcpStream::connect(&self.address).unwrap();
        let mut head = format!(
            "{method} {target} HTTP/1.1\r\nContent-Length: {}\r\nConnection: close\r\n",
            body.len()
        );
        if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
            head.push_str(&format!("Host: {}\r\n", self.address));
        }
        for (k, v) in headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).unwrap();
        // The server may answer (413) before reading a body it refuses, and close.
        let _ = stream.write_all(body);
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).unwrap();
        let split = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("an HTTP answer");
        let head = String::from_utf8_lossy(&raw[..split]).into_owned();
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a status code");
        let content_type = head
            .lines()
            .find_map(|l| {
                l.split_once(':')
                    .filter(|(k, _)| k.eq_ignore_ascii_case("content-type"))
                    .map(|(_, v)| v.trim().to_string())
            })
            .unwrap_or_default();
        Answer {
            status,
            content_type,
            body: raw[split + 4..].to_vec(),
        }
    }

    /// POSTs `body` to `target`.
    pub fn post(&self, target: &str, body: &[u8]) -> Answer {
        self.request("POST", target, &[], body)
    }

    /// The processor time the server has used so far, user and system, in clock ticks, where
    /// `/proc` tells it: a count of the work done that, unlike a clock on the wall, neither the
    /// machine's speed relative to another's work nor the load beside it stretches.
    pub fn cpu_ticks(&self) -> Option<u64> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).ok()?;
        // The fields after the program's name, which is in parentheses and may hold spaces: the
        // state (field 3) first, so utime and stime (fields 14 and 15) at 11 and 12.
        let fields: Vec<&str> = stat[stat.rfind(')')? + 1..].split_whitespace().collect();
        let utime: u64 = fields.get(11)?.parse().ok()?;
        let stime: u64 = fields.get(12)?.parse().ok()?;
        Some(utime + stime)
    }

    /// The server's peak resident memory so far in KB (`VmHWM`), where `/proc` tells it.
    pub fn peak_kb(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?;
        line.trim().trim_end_matches("kB").trim().parse().ok()
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        // Our own child, by its handle.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where `solve-game --out FILE` keeps its finished layers: `FILE.partial/`.
#[allow(dead_code)]
pub fn partial(out: &std::path::Path) -> std::path::PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".partial");
    std::path::PathBuf::from(name)
}

/// Runs `solve-game` with `args` (whose `--out` is `out`), silently, and kills it as soon as its
/// first finished layer is on disk in `out.partial/` (bounded: a solve that ends first, or ten
/// minutes, fails the test); the killed solve must not have written its table.
#[allow(dead_code)]
pub fn solve_killed_after_first_layer<S: AsRef<std::ffi::OsStr>>(
    args: &[S],
    out: &std::path::Path,
) {
    let first = partial(out).join("layer-0.bounds");
    let mut child = std::process::Command::new(BIN)
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while !first.exists() {
        if child.try_wait().unwrap().is_some()
            || started.elapsed() > std::time::Duration::from_secs(600)
        {
            panic!("the solve ended before a layer was saved");
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!out.exists(), "a killed solve wrote its table");
}
