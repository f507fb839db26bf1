//! Just enough HTTP/1.1 for the workbench, on a plain `TcpStream` so that every read and write has
//! a deadline: one request per connection (`Connection: close`), a body only with
//! `Content-Length`. A client that sends its request slowly or not at all is answered 408 when the
//! request's read deadline passes, on its own thread: it delays no one else.

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// The most bytes of a request line and headers together.
pub const MAX_HEAD: usize = 16 * 1024;

/// A request's line and headers.
#[derive(Debug)]
pub struct Head {
    /// `GET`, `POST`, ...
    pub method: String,
    /// The path and query.
    pub target: String,
    /// The headers, names as sent.
    pub headers: Vec<(String, String)>,
}

impl Head {
    /// The value of header `name` (any case), if sent.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Why a request could not be read: the status to answer and what to say.
#[derive(Debug)]
pub struct Refusal {
    /// The HTTP status.
    pub status: u16,
    /// What was wrong and what would be valid.
    pub message: String,
}

fn refuse(status: u16, message: impl Into<String>) -> Refusal {
    Refusal {
        status,
        message: message.into(),
    }
}

/// A connection and the time by which its request must have arrived.
pub struct Connection {
    stream: TcpStream,
    deadline: Instant,
    timeout: Duration,
    /// Bytes read past the head: the start of the body.
    buffered: Vec<u8>,
}

impl Connection {
    /// `stream`, whose request must arrive within `timeout`.
    pub fn new(stream: TcpStream, timeout: Duration) -> Connection {
        Connection {
            stream,
            deadline: Instant::now() + timeout,
            timeout,
            buffered: Vec::new(),
        }
    }

    /// One read into `buf` before the deadline; 0 at the end of the stream.
    fn read_some(&mut self, buf: &mut [u8]) -> Result<usize, Refusal> {
        let late = || {
            refuse(
                408,
                format!(
                    "the request did not arrive within {} s (serve --read-timeout)",
                    self.timeout.as_secs_f64()
                ),
            )
        };
        let left = self
            .deadline
            .checked_duration_since(Instant::now())
            .filter(|d| !d.is_zero())
            .ok_or_else(late)?;
        self.stream
            .set_read_timeout(Some(left))
            .map_err(|e| refuse(400, format!("cannot read the request: {e}")))?;
        match self.stream.read(buf) {
            Ok(n) => Ok(n),
            // A socket's timeout counts in the kernel's ticks and may end up to one before the
            // deadline: the clock above decides, so no client is given up early.
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock
                        | io::ErrorKind::TimedOut
                        | io::ErrorKind::Interrupted
                ) =>
            {
                self.read_some(buf)
            }
            Err(e) => Err(refuse(400, format!("cannot read the request: {e}"))),
        }
    }

    /// The request line and headers.
    pub fn head(&mut self) -> Result<Head, Refusal> {
        let mut raw = Vec::new();
        let mut chunk = [0u8; 4096];
        let end = loop {
            let end = raw.windows(4).position(|w| w == b"\r\n\r\n");
            if end.unwrap_or(raw.len()) > MAX_HEAD {
                return Err(refuse(
                    431,
                    format!("the request line and headers pass {MAX_HEAD} bytes"),
                ));
            }
            if let Some(i) = end {
                break i;
            }
            let n = self.read_some(&mut chunk)?;
            if n == 0 {
                return Err(refuse(400, "the request ended before its headers did"));
            }
            raw.extend_from_slice(&chunk[..n]);
        };
        self.buffered = raw.split_off(end + 4);
        let text = std::str::from_utf8(&raw[..end])
            .map_err(|_| refuse(400, "the request's headers are not UTF-8"))?;
        let mut lines = text.split("\r\n");
        let line = lines.next().unwrap_or_default();
        let parts: Vec<&str> = line.split(' ').collect();
        let [method, target, version] = parts[..] else {
            return Err(refuse(
                400,
                format!("bad request line {line:?}: expected METHOD TARGET HTTP/1.1"),
            ));
        };
        if !matches!(version, "HTTP/1.1" | "HTTP/1.0") {
            return Err(refuse(
                505,
                format!("{version}: this server speaks HTTP/1.1"),
            ));
        }
        let mut headers = Vec::new();
        for l in lines {
            let Some((k, v)) = l.split_once(':') else {
                return Err(refuse(400, format!("bad header line {l:?}")));
            };
            headers.push((k.trim().to_string(), v.trim().to_string()));
        }
        Ok(Head {
            method: method.to_string(),
            target: target.to_string(),
            headers,
        })
    }

    /// The body `head` announces, refused with 413 before any of it is read when it is longer
    /// than `max` bytes (`too_large` says so).
    pub fn body(&mut self, head: &Head, max: u64, too_large: &str) -> Result<Vec<u8>, Refusal> {
        if head.header("Transfer-Encoding").is_some() {
            return Err(refuse(
                411,
                "a body sent in chunks is not taken: send it with Content-Length",
            ));
        }
        let length = match head.header("Content-Length") {
            None => 0,
            Some(v) => v.parse::<u64>().map_err(|_| {
                refuse(
                    400,
                    format!("Content-Length {v:?}: give the body's length in bytes"),
                )
            })?,
        };
        if length > max {
            return Err(refuse(413, too_large));
        }
        if head
            .header("Expect")
            .is_some_and(|e| e.eq_ignore_ascii_case("100-continue"))
        {
            // The client waits for this before it sends the body (curl does, past 1 KiB).
            let _ = self.stream.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
        }
        let length = length as usize;
        let mut body = std::mem::take(&mut self.buffered);
        body.truncate(length);
        body.reserve_exact(length - body.len());
        let mut chunk = [0u8; 64 * 1024];
        while body.len() < length {
            let want = chunk.len().min(length - body.len());
            let n = self.read_some(&mut chunk[..want])?;
            if n == 0 {
                return Err(refuse(
                    400,
                    format!(
                        "the body ended after {} of the {length} bytes its Content-Length announced",
                        body.len()
                    ),
                ));
            }
            body.extend_from_slice(&chunk[..n]);
        }
        Ok(body)
    }

    /// Sends an answer and closes: the status, the headers and, unless `head_only`, the body.
    /// A client that stopped reading is given `timeout` per write before it is dropped.
    pub fn respond(
        mut self,
        status: u16,
        headers: &[(&str, String)],
        body: &[u8],
        head_only: bool,
    ) -> io::Result<()> {
        self.stream.set_write_timeout(Some(self.timeout))?;
        let mut head = format!("HTTP/1.1 {status} {}\r\n", reason(status));
        for (k, v) in headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str(&format!(
            "Content-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        ));
        self.stream.write_all(head.as_bytes())?;
        if !head_only {
            self.stream.write_all(body)?;
        }
        self.stream.flush()?;
        // Read what the client still sends (a body refused unread) for a moment before closing,
        // so that the close does not reset the connection before the answer is read.
        let _ = self.stream.shutdown(std::net::Shutdown::Write);
        let _ = self
            .stream
            .set_read_timeout(Some(Duration::from_millis(500)));
        let mut sink = [0u8; 64 * 1024];
        let until = Instant::now() + Duration::from_secs(1);
        while Instant::now() < until {
            match self.stream.read(&mut sink) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
        }
        Ok(())
    }
}

/// The reason phrase of the statuses this server sends.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Content Too Large",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "",
    }
}
