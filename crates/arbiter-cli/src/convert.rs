//! `arbiter convert --to pgn`: any readable record (PGN, XQF, CBR, CBL, CBF, DhtmlXQ, move
//! list) written as PGN on standard output, so records can move to the open format. Xiangqi
//! moves in ICCS (default), Chinese, WXF or SAN (in the record's own characters and forms when
//! it was written in that notation: simplified stays simplified, SAN keeps `N`/`B` or `H`/`E`); chess games are copied as they are. A game that
//! cannot be read is reported on standard error (file, game, where, why) and skipped; the exit
//! code is then 1.

use crate::args::{ConvertArgs, NotationArg};
use crate::inputs;
use std::io::Write;
use xiangqi::notation::Style;

/// Run the subcommand.
///
/// # Errors
/// Writing to standard output fails, or some game or input could not be read (after all
/// the others were written).
pub fn run(args: ConvertArgs) -> anyhow::Result<()> {
    let style = match args.notation {
        NotationArg::Iccs => Style::Iccs,
        NotationArg::Chinese => Style::Chinese,
        NotationArg::Wxf => Style::Wxf,
        NotationArg::San => Style::San,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut written, mut failed) = (0usize, 0usize);
    for input in inputs::expand(&args.files) {
        let file = input.label();
        let bytes = match input.read() {
            Ok(b) => b,
            Err(e) => {
                let why = inputs::unread(&input, &e);
                match crate::output::lang() {
                    arbiter::Lang::En => eprintln!("arbiter: {why}"),
                    _ => eprintln!("arbiter：{why}"),
                }
                failed += 1;
                continue;
            }
        };
        let opts = records::ReadOptions {
            kind: None,
            file: Some(file.clone()),
        };
        for (_, game) in records::games(&bytes, opts) {
            match game {
                Ok(records::Game::Xiangqi(r)) => {
                    // Chinese out of a Chinese record keeps its characters (simplified 车马炮,
                    // full-width digits); WXF out of WXF its letters and signs.
                    let options = match xiangqi::notation::detect_notation(r.texts.iter().map(String::as_str))
                    {
                        Some((written, o)) if written == style => o,
                        _ => Default::default(),
                    };
                    out.write_all(records::write::to_pgn_with(&r, style, &options).as_bytes())?;
                    written += 1;
                }
                Ok(records::Game::Chess(raw)) => {
                    out.write_all(raw.text.trim_end().as_bytes())?;
                    out.write_all(b"\n\n")?;
                    written += 1;
                }
                Err(e) => {
                    let lang = crate::output::lang();
                    let sep = if lang == arbiter::Lang::En { ": " } else { "：" };
                    eprintln!("arbiter{sep}{}", arbiter::render::errors::record_error(&e, lang));
                    failed += 1;
                }
            }
        }
    }
    out.flush()?;
    eprintln!(
        "{}",
        crate::output::say(
            &format!(
                "arbiter: {} written, {failed} could not be read",
                crate::output::plural(written, "game")
            ),
            &format!("arbiter：已寫出{written}局，{failed}局或輸入無法讀取"),
            &format!("arbiter：已写出{written}局，{failed}局或输入无法读取"),
        )
    );
    if failed > 0 {
        let what = if failed == 1 {
            "1 game or input".to_string()
        } else {
            format!("{failed} games or inputs")
        };
        anyhow::bail!(crate::output::say(
            &format!("{what} could not be read (named above)"),
            &format!("{failed}個對局或輸入無法讀取（見上）"),
            &format!("{failed}个对局或输入无法读取（见上）"),
        ));
    }
    Ok(())
}
