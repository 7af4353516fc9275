//! The language and notation a request asks for (`?lang=`, `?notation=`, `Accept-Language`),
//! and the language of every error answer.

use super::*;

/// The language a request asks for, as [`speech`] reads it: `?lang=` when it names one, else
/// the `Accept-Language` header's first language of ours, else English.
pub(super) fn asked_lang(query: Option<&str>, headers: &HeaderMap) -> arbiter::Lang {
    query
        .into_iter()
        .flat_map(|q| q.split('&'))
        .find_map(|kv| kv.strip_prefix("lang="))
        .and_then(|v| v.parse().ok())
        .or_else(|| {
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|h| h.to_str().ok())
                .and_then(arbiter::Lang::from_accept_language)
        })
        .unwrap_or_default()
}

/// Every error answer whose `error` is typed ([`Why`], set by [`ApiError`]'s response, the
/// fallbacks' 404 and 405 and the `Host` check's 400 and 421 included) in the language the
/// request asks for ([`asked_lang`]), with `Content-Language`; the English is left as it is.
pub(super) async fn localize(req: Request, next: Next) -> Response {
    let lang = asked_lang(req.uri().query(), req.headers());
    let response = next.run(req).await;
    if lang == arbiter::Lang::En {
        return response;
    }
    let Some(why) = response.extensions().get::<Why>().cloned() else {
        return response;
    };
    let (mut parts, body) = response.into_parts();
    let mut item: Value = axum::body::to_bytes(body, 1 << 20)
        .await
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_else(|| json!({}));
    item["error"] = json!(why.words(lang));
    let mut bytes = serde_json::to_vec(&item).unwrap_or_default();
    bytes.push(b'\n');
    parts.headers.remove(header::CONTENT_LENGTH);
    parts
        .headers
        .insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(lang.name()));
    Response::from_parts(parts, Body::from(bytes))
}

/// `?lang=` and `?notation=` of the routes that answer with words (the rest of their input
/// is the body).
#[derive(serde::Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
pub struct SpeechQuery {
    /// `en`, `zh-Hant`, `zh-Hans` (and the region tags [`arbiter::Lang`] reads).
    pub lang: Option<String>,
    /// `chinese`, `iccs`, `wxf`, `as-written`.
    pub notation: Option<String>,
}

/// The language and notation of an answer's words: `?lang=`, else the `Accept-Language`
/// header's first language of ours, else English; `?notation=`, else the default (Chinese for
/// a Chinese answer, as written for English). A value that names none: 400.
pub fn speech(
    lang: Option<&str>,
    notation: Option<&str>,
    headers: &HeaderMap,
) -> Result<(arbiter::Lang, arbiter::Notation), ApiError> {
    let lang = match lang {
        Some(l) => l
            .parse()
            .map_err(|e: arbiter::ParseError| ApiError::bad_request(Refusal::Word(e)))?,
        None => headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|h| h.to_str().ok())
            .and_then(arbiter::Lang::from_accept_language)
            .unwrap_or_default(),
    };
    let notation = match notation {
        Some(n) => n
            .parse()
            .map_err(|e: arbiter::ParseError| ApiError::bad_request(Refusal::Word(e)))?,
        None => arbiter::Notation::default(),
    };
    Ok((lang, notation))
}

/// `response` with `Content-Language: lang`.
pub(super) fn with_language(mut response: Response, lang: arbiter::Lang) -> Response {
    response.headers_mut().insert(
        header::CONTENT_LANGUAGE,
        header::HeaderValue::from_static(lang.name()),
    );
    response
}
