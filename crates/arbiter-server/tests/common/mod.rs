//! A real server on a loopback port for the tests, and a minimal HTTP/1.1 client (keep-alive,
//! Content-Length bodies: what axum answers with).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// A server running on its own runtime thread; stops when dropped.
pub struct TestServer {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl TestServer {
    pub fn start(config: arbiter_server::Config) -> TestServer {
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("runtime");
            rt.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
                addr_tx
                    .send(listener.local_addr().expect("addr"))
                    .expect("send addr");
                arbiter_server::serve_on(listener, &config, async {
                    let _ = stop_rx.await;
                })
                .await
                .expect("serve");
            });
        });
        let addr = addr_rx
            .recv_timeout(Duration::from_secs(30))
            .expect("server started");
        TestServer {
            addr,
            stop: Some(stop_tx),
            thread: Some(thread),
        }
    }

    pub fn client(&self) -> Client {
        Client::connect(self.addr)
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// One answer.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// A keep-alive connection.
pub struct Client {
    addr: SocketAddr,
    reader: BufReader<TcpStream>,
}

impl Client {
    pub fn connect(addr: SocketAddr) -> Client {
        let s = TcpStream::connect(addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(60)))
            .expect("timeout");
        s.set_nodelay(true).expect("nodelay");
        Client {
            addr,
            reader: BufReader::new(s),
        }
    }

    pub fn get(&mut self, path: &str) -> Response {
        self.request("GET", path, &[], None)
    }

    pub fn post(&mut self, path: &str, body: &[u8]) -> Response {
        self.request("POST", path, body, Some("application/octet-stream"))
    }

    pub fn post_json(&mut self, path: &str, v: &serde_json::Value) -> Response {
        self.request("POST", path, v.to_string().as_bytes(), Some("application/json"))
    }

    pub fn request(&mut self, method: &str, path: &str, body: &[u8], ctype: Option<&str>) -> Response {
        self.request_with(method, path, body, ctype, &[])
    }

    pub fn request_with(
        &mut self,
        method: &str,
        path: &str,
        body: &[u8],
        ctype: Option<&str>,
        extra: &[(&str, &str)],
    ) -> Response {
        let mut head = format!("{method} {path} HTTP/1.1\r\nContent-Length: {}\r\n", body.len());
        if !extra.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
            head.push_str(&format!("Host: {}\r\n", self.addr));
        }
        if let Some(c) = ctype {
            head.push_str(&format!("Content-Type: {c}\r\n"));
        }
        for (k, v) in extra {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str("\r\n");
        let s = self.reader.get_mut();
        s.write_all(head.as_bytes()).expect("write head");
        // The server may answer (413) before reading all of a large body; ignore a reset then.
        let _ = s.write_all(body);
        self.read_response()
    }

    fn read_response(&mut self) -> Response {
        let mut line = String::new();
        self.reader.read_line(&mut line).expect("status line");
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("bad status line {line:?}"));
        let mut headers = Vec::new();
        loop {
            let mut h = String::new();
            self.reader.read_line(&mut h).expect("header");
            let h = h.trim_end();
            if h.is_empty() {
                break;
            }
            if let Some((k, v)) = h.split_once(':') {
                headers.push((k.trim().to_string(), v.trim().to_string()));
            }
        }
        let chunked = headers
            .iter()
            .any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.eq_ignore_ascii_case("chunked"));
        let body = if chunked {
            self.read_chunked()
        } else {
            let len: usize = headers
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
                .and_then(|(_, v)| v.parse().ok())
                .unwrap_or(0);
            let mut body = vec![0; len];
            self.reader.read_exact(&mut body).expect("body");
            body
        };
        Response {
            status,
            headers,
            body,
        }
    }

    /// A `Transfer-Encoding: chunked` body (a streamed answer).
    fn read_chunked(&mut self) -> Vec<u8> {
        let mut body = Vec::new();
        loop {
            let mut size = String::new();
            self.reader.read_line(&mut size).expect("chunk size");
            let n = usize::from_str_radix(size.trim().split(';').next().unwrap_or(""), 16)
                .unwrap_or_else(|_| panic!("bad chunk size {size:?}"));
            if n == 0 {
                let mut end = String::new();
                self.reader.read_line(&mut end).expect("last CRLF");
                return body;
            }
            let start = body.len();
            body.resize(start + n, 0);
            self.reader.read_exact(&mut body[start..]).expect("chunk");
            let mut crlf = [0; 2];
            self.reader.read_exact(&mut crlf).expect("chunk CRLF");
        }
    }
}
