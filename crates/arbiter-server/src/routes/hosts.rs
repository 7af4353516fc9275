//! Whom the server answers: the `Host` check against DNS rebinding, and the origins `--cors`
//! takes.

use super::*;

/// Which `Host` headers the server answers to (DNS rebinding: a page of another site that
/// resolves its own name to this address must not reach the API).
#[derive(Clone, Debug)]
pub(super) struct Hosts {
    pub(super) bound: IpAddr,
    pub(super) names: Vec<String>,
}

impl Hosts {
    /// True for an IP literal equal to the bound address (any IP literal when bound to all
    /// addresses, any loopback one when bound to loopback), `localhost` on a loopback or
    /// all-address bind, and the `--allow-host` names; the port is not compared.
    fn allows(&self, host: &str) -> bool {
        let name = host_name(host);
        if name.is_empty() {
            return false;
        }
        if self.names.iter().any(|n| host_name(n).eq_ignore_ascii_case(name)) {
            return true;
        }
        let literal = name.trim_start_matches('[').trim_end_matches(']');
        if let Ok(ip) = literal.parse::<IpAddr>() {
            return self.bound.is_unspecified()
                || ip == self.bound
                || (ip.is_loopback() && self.bound.is_loopback());
        }
        let name = name.trim_end_matches('.').to_ascii_lowercase();
        (name == "localhost" || name.ends_with(".localhost"))
            && (self.bound.is_loopback() || self.bound.is_unspecified())
    }
}

/// `host` without its `:port` (an IPv6 literal keeps its brackets).
pub(super) fn host_name(host: &str) -> &str {
    let host = host.trim();
    if host.starts_with('[') {
        return host.find(']').map_or(host, |i| &host[..=i]);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if !name.contains(':') && port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// Checks an origin for `--cors`: `scheme://host[:port]`, nothing after it.
///
/// Errors: `*`, `null`, empty, a path, or no scheme or host, described for a usage error.
pub fn check_origin(origin: &str) -> Result<(), String> {
    let why = match origin.trim() {
        "" => Some("is empty"),
        "*" => Some("would let every site call the API"),
        o if o.eq_ignore_ascii_case("null") => {
            Some("would let sandboxed and file: pages of any site call the API")
        }
        _ => None,
    };
    if let Some(why) = why {
        return Err(format!(
            "--cors {origin:?} {why}; give one origin such as https://club.example"
        ));
    }
    let ok = origin.split_once("://").is_some_and(|(scheme, rest)| {
        !scheme.is_empty()
            && scheme
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
            && !rest.is_empty()
            && !rest.contains(['/', '?', '#', '@'])
            && !host_name(rest).is_empty()
    }) && HeaderValue::from_str(origin).is_ok()
        && !origin.bytes().any(|b| b.is_ascii_whitespace());
    if ok {
        Ok(())
    } else {
        Err(format!(
            "--cors {origin:?} is not an origin: give a scheme and a host, such as https://club.example (no path)"
        ))
    }
}

/// 421 for a `Host` header that names neither this server's address nor an allowed host; 400
/// with none.
pub(super) async fn check_host(State(hosts): State<Hosts>, req: Request, next: Next) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_string)
        .or_else(|| req.uri().authority().map(|a| a.to_string()));
    match host {
        None => ApiError::bad_request(Refusal::NoHost).into_response(),
        Some(h) if hosts.allows(&h) => next.run(req).await,
        Some(h) => ApiError::refused(
            421,
            Refusal::WrongHost {
                name: host_name(&h).to_string(),
                host: h,
            },
        )
        .into_response(),
    }
}
