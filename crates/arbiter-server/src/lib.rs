//! `arbiter serve` and `arbiter referee`: two thin shells over the `arbiter` library's front door.
//!
//! * [`serve`] runs an HTTP server (axum on tokio) with a versioned JSON API under `/api/v1/`
//!   and the page at `/` (HTML, CSS, JS and samples embedded in the binary: it works offline).
//!   Every answer is the report the CLI prints with `--json`; see `docs/server.md` for the
//!   routes and curl examples.
//! * [`referee::run`] reads one JSON command per line on a reader and writes one JSON object per
//!   line: start a game, push a move, get the status after each move.
//!
//! No rule is decided here: [`engine`] only translates requests into library calls and library
//! errors into HTTP statuses.

pub mod access_log;
mod conn;
pub mod engine;
pub mod referee;
pub mod refusal;
mod routes;

pub use routes::{check_origin, router, Limits, OPENAPI};

use std::io::Write;
use std::net::SocketAddr;

/// How `arbiter serve` runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on (default `127.0.0.1:8080`: loopback only).
    pub bind: SocketAddr,
    /// Request limits (body size, time, concurrency, perft depth).
    pub limits: Limits,
    /// The one origin allowed to call the API from another site's page (CORS); `None` = CORS
    /// off. Checked by [`check_origin`].
    pub cors: Option<String>,
    /// Host names the server answers to besides its own address (and `localhost` when bound
    /// to loopback); a request naming another `Host` gets 421 (DNS rebinding).
    pub allow_hosts: Vec<String>,
    /// Where to write one JSON line per request (`-` = standard error); `None` = no log.
    pub access_log: Option<std::path::PathBuf>,
    /// The language of the server's own lines on standard error (listening, cannot listen);
    /// each request's answers follow the request's language.
    pub lang: arbiter::Lang,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            bind: SocketAddr::from(([127, 0, 0, 1], 8080)),
            limits: Limits::default(),
            cors: None,
            allow_hosts: Vec::new(),
            access_log: None,
            lang: arbiter::Lang::En,
        }
    }
}

/// Runs the HTTP server until Ctrl-C (or SIGTERM). Blocks the calling thread.
///
/// Errors: the address cannot be bound, or `cors` is not a valid header value.
pub fn serve(config: Config) -> anyhow::Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    rt.block_on(async move {
        let lang = config.lang;
        let say = |en, hant, hans| match lang {
            arbiter::Lang::En => en,
            arbiter::Lang::ZhHant => hant,
            arbiter::Lang::ZhHans => hans,
        };
        let listener = tokio::net::TcpListener::bind(config.bind).await.map_err(|e| {
            let why = match e.kind() {
                std::io::ErrorKind::AddrInUse => say("", "位址已被佔用", "地址已被占用").to_string(),
                std::io::ErrorKind::PermissionDenied => say("", "沒有權限", "没有权限").to_string(),
                std::io::ErrorKind::AddrNotAvailable => {
                    say("", "本機沒有這個位址", "本机没有这个地址").to_string()
                }
                _ => e.to_string(),
            };
            match lang {
                arbiter::Lang::En => anyhow::anyhow!("cannot listen on {}: {e}", config.bind),
                _ => anyhow::anyhow!("{}{}：{why}", say("", "無法監聽 ", "无法监听 "), config.bind),
            }
        })?;
        // A standard error that cannot be written is no reason to stop (nor to panic).
        let _ = writeln!(
            std::io::stderr(),
            "{}http://{}/{}",
            say("arbiter: serving on ", "arbiter：服務位址 ", "arbiter：服务地址 "),
            listener.local_addr()?,
            say(" (Ctrl-C to stop)", "（按 Ctrl-C 停止）", "（按 Ctrl-C 停止）"),
        );
        serve_on(listener, &config, shutdown()).await
    })
}

/// Serves on a bound listener until `stop` completes (for tests and embedding: bind port 0,
/// read the address, then serve). Must run inside a tokio runtime.
///
/// Connections are capped and time out as `config.limits` says (see [`Limits`]).
///
/// Errors: `config.cors` is not a valid origin, the access log cannot be opened, or the
/// listener has no address.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    config: &Config,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let app = router(config, listener.local_addr()?)?;
    conn::serve(listener, app, &config.limits, stop).await?;
    Ok(())
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
