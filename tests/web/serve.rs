//! A static web server for the built page, on a free port of this machine, for as long as
//! the process runs: what `python3 -m http.server` does, for the web tests and the web
//! bench (shared by both as a module).

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};

/// Serve the files of `dir`; returns the page's address (`http://127.0.0.1:PORT/`).
pub fn serve(dir: PathBuf) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let address = format!("http://{}/", listener.local_addr().expect("a bound port"));
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let dir = dir.clone();
            std::thread::spawn(move || answer(stream, &dir));
        }
    });
    address
}

/// Answer one GET with the file it names (never outside `dir`), or 404.
fn answer(mut stream: TcpStream, dir: &Path) {
    let mut request = String::new();
    if BufReader::new(&stream).read_line(&mut request).is_err() {
        return;
    }
    let path = request.split_whitespace().nth(1).unwrap_or("/");
    let path = path.split(['?', '#']).next().unwrap_or("/");
    let name = if path == "/" {
        "index.html"
    } else {
        &path[1..]
    };
    let file = dir.join(name);
    let body = (!name.contains(".."))
        .then(|| std::fs::read(&file).ok())
        .flatten();
    let kind = match file.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript",
        Some("wasm") => "application/wasm",
        _ => "application/octet-stream",
    };
    let head = match &body {
        Some(bytes) => format!(
            "HTTP/1.1 200 OK\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: \
             close\r\n\r\n",
            bytes.len()
        ),
        None => "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".into(),
    };
    let _ = stream.write_all(head.as_bytes());
    if let Some(bytes) = body {
        let _ = stream.write_all(&bytes);
    }
}
