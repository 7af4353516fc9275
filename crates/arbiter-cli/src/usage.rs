//! Errors in how `arbiter` was called, in the language of its reports: clap's own errors
//! (unknown flag, missing or bad value, …) said again in Chinese for a Chinese report
//! (`--lang`, else the locale), the flag names kept; English as clap words them.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use std::process::ExitCode;

/// The language asked for before the arguments are parsed: `--lang X` / `--lang=X`, else the
/// locale; English when neither names one of ours.
fn early_lang() -> arbiter::Lang {
    let args: Vec<String> = std::env::args().collect();
    let flag = args.iter().enumerate().find_map(|(i, a)| {
        a.strip_prefix("--lang=")
            .map(str::to_string)
            .or_else(|| (a == "--lang").then(|| args.get(i + 1).cloned()).flatten())
    });
    flag.and_then(|l| l.parse().ok())
        .or_else(crate::output::locale_lang)
        .unwrap_or_default()
}

fn context(e: &clap::Error, kind: ContextKind) -> String {
    match e.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(v)) => v.join("、"),
        Some(other) => other.to_string(),
        None => String::new(),
    }
}

/// The error a value parser gave for clap's error `e`, when it is a `T`.
fn source<T: std::error::Error + 'static>(e: &clap::Error) -> Option<&T> {
    std::error::Error::source(e).and_then(|s| s.downcast_ref::<T>())
}

/// clap's error `e` in `lang` (Chinese), or `None` to leave it to clap (help, version, English).
pub fn in_chinese(e: &clap::Error, lang: arbiter::Lang) -> Option<String> {
    if !lang.is_chinese() {
        return None;
    }
    let p = |hant, hans| arbiter::render::zh::pick(lang, hant, hans);
    let arg = context(e, ContextKind::InvalidArg);
    let value = context(e, ContextKind::InvalidValue);
    // A word of none of a type's values (`--lang`, `--notation`) names the values in its error.
    let word = source::<arbiter::ParseError>(e);
    let valid = match word {
        Some(w) => arbiter::render::errors::values_list(w),
        None => context(e, ContextKind::ValidValue),
    };
    let listed = || {
        let mut s = format!("{arg}{}「{value}」{}", p(" 的值", " 的值"), p("不可用", "不可用"));
        if !valid.is_empty() {
            s.push_str(&format!("{}{valid}", p("；可用的值：", "；可用的值：")));
        }
        s
    };
    let sentence = match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => return None,
        ErrorKind::UnknownArgument => format!("{}{arg}", p("不認得的參數：", "无法识别的参数：")),
        ErrorKind::InvalidSubcommand => format!(
            "{}{}",
            p("不認得的子命令：", "未知的子命令："),
            context(e, ContextKind::InvalidSubcommand)
        ),
        ErrorKind::InvalidValue if value.is_empty() => format!("{arg}{}", p(" 缺少值", " 缺少值")),
        ErrorKind::InvalidValue => listed(),
        // A word of none of a type's values (`--lang`, `--notation`): listed as an enum's are.
        ErrorKind::ValueValidation if word.is_some() => listed(),
        ErrorKind::ValueValidation if source::<crate::args::NotAPly>(e).is_some() => format!(
            "{arg}{}「{value}」{}",
            p(" 的值", " 的值"),
            p(
                "不可用：須為半回合序號，0（開局局面）或以上",
                "不可用：须为半回合序号，0（开局局面）或以上"
            )
        ),
        ErrorKind::ValueValidation => format!(
            "{arg}{}「{value}」{}",
            p(" 的值", " 的值"),
            p(
                "不合用（數值超出範圍或格式不對）",
                "不合用（数值超出范围或格式不对）"
            )
        ),
        ErrorKind::MissingRequiredArgument => format!("{}{arg}", p("缺少必要的參數：", "缺少必要的参数：")),
        ErrorKind::ArgumentConflict => format!(
            "{arg}{}{}{}",
            p(" 不能與 ", " 不能与 "),
            context(e, ContextKind::PriorArg),
            p(" 同時使用", " 同时使用")
        ),
        ErrorKind::TooManyValues | ErrorKind::WrongNumberOfValues | ErrorKind::TooFewValues => {
            format!("{arg}{}", p(" 的值的個數不對", " 的值的个数不对"))
        }
        ErrorKind::NoEquals => format!("{arg}{}", p(" 須以 = 給值", " 须以 = 给值")),
        ErrorKind::MissingSubcommand => p("缺少子命令", "缺少子命令").into(),
        _ => return None,
    };
    Some(format!(
        "arbiter：{}{sentence}\n{}",
        p("用法錯誤：", "用法错误："),
        p("（arbiter --help 列出用法）", "（arbiter --help 列出用法）")
    ))
}

/// Prints clap's error (in Chinese when asked, see [`in_chinese`]) and gives its exit code (2
/// for a usage error, 0 for help and version).
pub fn clap_error(e: clap::Error) -> ExitCode {
    match in_chinese(&e, early_lang()) {
        Some(text) => {
            eprintln!("{text}");
            ExitCode::from(2)
        }
        None => {
            let _ = e.print();
            ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
        }
    }
}
