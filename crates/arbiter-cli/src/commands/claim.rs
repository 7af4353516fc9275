//! `arbiter claim`: a draw claim (chess threefold and fifty moves, xiangqi natural move limit).

use crate::args::ClaimArgs;
use crate::output::{Emitter, Item};
use crate::UsageError;
use arbiter::{ClaimGame, ClaimQuery};

/// Entry point.
pub fn run(a: ClaimArgs, out: &mut Emitter) -> anyhow::Result<()> {
    if a.file.is_none() && a.fen.is_none() && a.moves.is_none() {
        return Err(UsageError(crate::output::say(
            "no game to claim in: give a record FILE (`-` for standard input), or --fen and/or --moves",
            "沒有可申請的對局：請給記錄檔 FILE（`-` 為標準輸入），或 --fen 及／或 --moves",
            "没有可申请的对局：请给记录文件 FILE（`-` 为标准输入），或 --fen 和／或 --moves",
        ))
        .into());
    }
    if a.file.is_some() && (a.fen.is_some() || a.moves.is_some()) {
        return Err(super::files_and_position().into());
    }
    let bytes = match &a.file {
        Some(path) => {
            if std::path::Path::new(path).is_dir() {
                // Which of its records is meant cannot be guessed.
                return Err(UsageError(crate::output::say(
                    &format!("{path} is a folder: a claim is judged in one game of one record file (`judge` takes folders)"),
                    &format!("{path} 是資料夾：申請和局只判定一個記錄檔中的一局（資料夾請用 judge）"),
                    &format!("{path} 是文件夹：申请和棋只判定一个记录文件中的一局（文件夹请用 judge）"),
                ))
                .into());
            }
            let inputs = crate::inputs::expand(std::slice::from_ref(path));
            let input = inputs.first().ok_or_else(|| {
                anyhow::Error::msg(crate::output::say(
                    &format!("{path}: nothing to read"),
                    &format!("{path}：沒有可讀的內容"),
                    &format!("{path}：没有可读的内容"),
                ))
            })?;
            Some(
                input
                    .read()
                    .map_err(|u| anyhow::Error::msg(crate::inputs::unread(input, &u)))?,
            )
        }
        None => None,
    };
    if let (Some(path), Some(b)) = (&a.file, &bytes) {
        if b.iter().all(u8::is_ascii_whitespace) {
            let why = crate::output::say(
                ": the input is empty, no game to claim in",
                "：輸入是空的，沒有可申請的對局",
                "：输入是空的，没有可申请的对局",
            );
            // As a claim with no record, FEN or moves: no game was given (exit code 2).
            return Err(UsageError(format!("{path}{why}")).into());
        }
    }
    let game = match (&a.file, &bytes) {
        (Some(file), Some(bytes)) => ClaimGame::Record {
            bytes,
            file,
            // `--game N` with a FILE, counted from 1 as the reports count games.
            index: match a.game.as_deref() {
                None => 0,
                Some(g) => match g.parse::<usize>() {
                    Ok(n) if n >= 1 => n - 1,
                    _ => {
                        return Err(UsageError(crate::output::say(
                            &format!("--game: with a record file, the game's number counted from 1 (game 1 is the first); got '{g}'"),
                            &format!("--game：有記錄檔時為對局序號，從1起算（第1局是第一局）；收到的是「{g}」"),
                            &format!("--game：有记录文件时为对局序号，从1起算（第1局是第一局）；收到的是「{g}」"),
                        ))
                        .into())
                    }
                },
            },
        },
        _ => ClaimGame::Position {
            fen: a.fen.as_deref(),
            moves: a.moves.as_deref().unwrap_or(""),
            game: match a.game.as_deref() {
                None => None,
                Some(g) => Some(g.parse::<arbiter::Game>().map_err(|_| {
                    UsageError(crate::output::say(
                        &format!("--game: with --fen, xiangqi or chess; got '{g}'"),
                        &format!("--game：用 --fen 時為 xiangqi 或 chess；收到的是「{g}」"),
                        &format!("--game：用 --fen 时为 xiangqi 或 chess；收到的是「{g}」"),
                    ))
                })?),
            },
        },
    };
    if let ClaimGame::Position { fen, moves, game } = game {
        // A FEN typo is a usage error; a FEN of the other game is the claim's to explain.
        let game = game.unwrap_or_else(|| arbiter::detect_game(fen, Some(moves).filter(|m| !m.is_empty())));
        if game == arbiter::Game::Chess && matches!(a.kind, crate::args::ClaimKind::NaturalMoveLimit) {
            return Err(UsageError(crate::output::say(
                "--kind natural_move_limit is a xiangqi claim and this is a chess position: claim --kind \
                 threefold or fifty_moves",
                "--kind natural_move_limit 是象棋的提和，這是西洋棋局面：請用 --kind threefold 或 fifty_moves",
                "--kind natural_move_limit 是中国象棋的提和，这是国际象棋局面：请用 --kind threefold 或 fifty_moves",
            ))
            .into());
        }
        super::check_fen(fen, game)?;
    }
    let q = ClaimQuery {
        kind: a.kind.into(),
        game,
        rules: a.rules.map(Into::into),
        at_ply: a.at_ply,
        intended_move: a.intended_move.clone(),
        time_control: a.time_control.map(Into::into),
        limit: a.limit,
    };
    match arbiter::claim(&q) {
        Ok(r) => out.emit(Item::new(&r, r.text_in(crate::output::voice()), false)),
        Err(arbiter::Error::Usage(u)) => return Err(UsageError(super::usage_message(&u)).into()),
        Err(e) => {
            let lang = crate::output::lang();
            let text = if lang.is_chinese() {
                format!(
                    "{}{}\n",
                    crate::output::zh("無法判定此申請：", "无法判定此申请："),
                    arbiter::render::errors::error(&e, lang)
                )
            } else {
                format!("claim cannot be judged: {e}\n")
            };
            out.emit(Item::new(&e, text, true))
        }
    }
    Ok(())
}
