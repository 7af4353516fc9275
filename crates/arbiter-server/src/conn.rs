//! Accepting connections: HTTP/1.1 on each, with a header timeout, an idle timeout and a cap
//! on open connections (over the cap the oldest connection is closed, after the request it is
//! answering if any), so that idle or slow clients cannot hold every descriptor.

use crate::routes::Limits;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::BTreeMap;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

/// The open connections, oldest first, each with the signal that closes it.
#[derive(Default)]
struct Registry {
    next: u64,
    open: BTreeMap<u64, Arc<Notify>>,
}

/// A connection's last read or write and its requests in flight, for the idle timeout.
struct Activity {
    epoch: Instant,
    last_ms: AtomicU64,
    in_flight: AtomicUsize,
}

impl Activity {
    fn touch(&self) {
        let ms = u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last_ms.store(ms, Ordering::Relaxed);
    }
    fn idle_for(&self) -> Duration {
        let now = self.epoch.elapsed();
        now.saturating_sub(Duration::from_millis(self.last_ms.load(Ordering::Relaxed)))
    }
}

/// The socket, noting each read and write in its [`Activity`].
struct Watched {
    tcp: TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.tcp).poll_read(cx, buf);
        if matches!(r, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.activity.touch();
        }
        r
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let r = Pin::new(&mut self.tcp).poll_write(cx, data);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        r
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }
}

/// Counts a request in flight for as long as it lives.
struct InFlight(Arc<Activity>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::Relaxed);
        self.0.touch();
    }
}

/// Serves `app` on `listener` until `stop` completes, then lets the open requests finish
/// (at most `limits.time` more).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: &Limits,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let registry = Arc::new(Mutex::new(Registry::default()));
    let cap = limits.connections.max(1);
    let mut stop = std::pin::pin!(stop);
    let mut tasks = tokio::task::JoinSet::new();
    loop {
        let accepted = tokio::select! {
            r = listener.accept() => r,
            () = &mut stop => break,
        };
        while tasks.try_join_next().is_some() {}
        let tcp = match accepted {
            Ok((tcp, _peer)) => tcp,
            // Out of descriptors or a connection reset before it was accepted: wait a little
            // (the cap keeps the first rare) and go on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let _ = tcp.set_nodelay(true);
        let close = Arc::new(Notify::new());
        let id = {
            let mut reg = registry.lock().unwrap_or_else(|p| p.into_inner());
            let id = reg.next;
            reg.next += 1;
            while reg.open.len() >= cap {
                match reg.open.pop_first() {
                    Some((_, oldest)) => oldest.notify_one(),
                    None => break,
                }
            }
            reg.open.insert(id, close.clone());
            id
        };
        let registry = registry.clone();
        let app = app.clone();
        let limits = limits.clone();
        tasks.spawn(async move {
            connection(tcp, app, &limits, close).await;
            registry
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .open
                .remove(&id);
        });
    }
    drop(listener);
    let open: Vec<Arc<Notify>> = {
        let reg = registry.lock().unwrap_or_else(|p| p.into_inner());
        reg.open.values().cloned().collect()
    };
    for close in open {
        close.notify_one();
    }
    let _ = tokio::time::timeout(limits.time + Duration::from_secs(1), async {
        while tasks.join_next().await.is_some() {}
    })
    .await;
    Ok(())
}

/// One connection: HTTP/1.1 until the client closes it, it stays idle past `limits.idle_time`
/// with no request in flight, its headers take longer than `limits.header_time`, or `close`
/// is signalled (then it ends after the request in flight).
async fn connection(tcp: TcpStream, app: Router, limits: &Limits, close: Arc<Notify>) {
    let activity = Arc::new(Activity {
        epoch: Instant::now(),
        last_ms: AtomicU64::new(0),
        in_flight: AtomicUsize::new(0),
    });
    let counted = activity.clone();
    let service = tower::service_fn(move |req: axum::extract::Request<hyper::body::Incoming>| {
        counted.in_flight.fetch_add(1, Ordering::Relaxed);
        let guard = InFlight(counted.clone());
        let answer = tower::ServiceExt::oneshot(app.clone(), req);
        async move {
            let response = answer.await;
            drop(guard);
            response
        }
    });
    let io = TokioIo::new(Watched {
        tcp,
        activity: activity.clone(),
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_time)
        .keep_alive(true);
    let conn = builder.serve_connection(io, TowerToHyperService::new(service));
    let mut conn = std::pin::pin!(conn);
    let idle = limits.idle_time;
    let watchdog = async {
        loop {
            let quiet = activity.idle_for();
            if activity.in_flight.load(Ordering::Relaxed) == 0 && quiet >= idle {
                return;
            }
            tokio::time::sleep(idle.saturating_sub(quiet).max(Duration::from_millis(250))).await;
        }
    };
    tokio::select! {
        _ = conn.as_mut() => return,
        () = close.notified() => {}
        () = watchdog => {}
    }
    conn.as_mut().graceful_shutdown();
    let _ = tokio::time::timeout(limits.time + Duration::from_secs(1), conn).await;
}
