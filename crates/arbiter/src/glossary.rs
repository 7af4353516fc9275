//! The clause glossary: every clause the referee cites, with a one-paragraph summary in plain
//! English and in Chinese, written for this project (no rule-book text is copied; the rule books
//! are the AXF competition rules, chapter on repetition; the Taiwan 2024 (民國113年) revised
//! xiangqi rules; the FIDE Laws of Chess in force from 1 January 2023).
//!
//! A citation as the referee writes it (`"AXF general rule 9 / detailed rule 23"`,
//! `"TW113 ch.2 table"`, `"FIDE 9.5.3, A.3, B.2/B.3"`) is read back by [`cited`]; a clause asked
//! for by a person (`arbiter rules axf 14`, `arbiter rules fide 9.2`) by [`lookup`].
//!
//! ```
//! use arbiter::glossary::{cited, RuleBook};
//! let found = cited("AXF general rule 9 / detailed rule 23");
//! assert_eq!(found.len(), 2);
//! assert_eq!(found[0].book, RuleBook::Axf);
//! assert_eq!(found[1].citation(), "AXF detailed rule 23");
//! ```

use crate::citation::ClauseId::{self, *};
pub use crate::types::RuleBook;
use serde::Serialize;

/// One clause: where it is, what it is called, and what it says in our words.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Clause {
    /// The rule book (`axf`, `tw113`, `fide`).
    pub book: RuleBook,
    /// The clause within its book; spelled as cited after the book's prefix:
    /// `"general rule 3"`, `"detailed rule 14"`, `"ch.2 table"`, `"9.2.1"`, `"A.3"`.
    pub id: ClauseId,
    /// A few words naming the subject.
    pub title: &'static str,
    /// The title in Chinese, traditional characters (the rule books' terms).
    pub title_zh: &'static str,
    /// The title in Chinese, simplified characters.
    pub title_zh_hans: &'static str,
    /// One paragraph in plain English.
    pub en: &'static str,
    /// The same paragraph in Chinese (traditional characters).
    pub zh: &'static str,
    /// The same paragraph in Chinese (simplified characters, in mainland usage: 着 for a move).
    pub zh_hans: &'static str,
}

impl Clause {
    /// The full citation: `"AXF detailed rule 14"`, `"FIDE 9.2.1"`.
    pub fn citation(&self) -> String {
        format!("{} {}", self.book.prefix(), self.id)
    }

    /// `{"book","id","citation","title","en","zh"}`: one clause as `arbiter rules --json`
    /// prints it and `GET /api/v1/rules` serves it.
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "book": self.book,
            "id": self.id,
            "citation": self.citation(),
            "title": self.title,
            "title_zh": self.title_zh,
            "title_zh_hans": self.title_zh_hans,
            "en": self.en,
            "zh": self.zh,
            "zh_hans": self.zh_hans,
        })
    }
}

macro_rules! clause {
    ($book:ident, $id:expr, $title:expr, $title_zh:expr, $title_zh_hans:expr, $en:expr, $zh:expr, $zh_hans:expr) => {
        Clause {
            book: RuleBook::$book,
            id: $id,
            title: $title,
            title_zh: $title_zh,
            title_zh_hans: $title_zh_hans,
            en: $en,
            zh: $zh,
            zh_hans: $zh_hans,
        }
    };
}

/// Every clause, book by book in the books' order.
pub static CLAUSES: &[Clause] = &[
    // ---- AXF general rules (棋例總綱) ----
    clause!(Axf, General(1), "perpetual check", "長將", "长将",
        "A side that checks on every move of a repetition loses if it does not vary, whatever else happens on the board. When both sides check perpetually, the game is drawn.",
        "循環中一方每步都將軍，不論盤面其他情況，不改著即判負；雙方都長將則判和。",
        "循环中一方每步都将军，不论盘面其他情况，不改着即判负；双方都长将则判和。"),
    clause!(Axf, General(2), "allowed mixtures", "允許的著法組合", "允许的着法组合",
        "Repeating mate threats, one check alternating with one mate threat, one check with one chase, one check with an idle move, or threats to win material by a discovered attack are all allowed: if neither side varies, the game is drawn.",
        "長殺、一將一殺、一將一捉、一將一閒、以及以抽吃為目的的威脅，都屬允許著法；雙方不改著則判和。",
        "长杀、一将一杀、一将一捉、一将一闲、以及以抽吃为目的的威胁，都属允许着法；双方不改着则判和。"),
    clause!(Axf, General(3), "perpetual chase", "長捉", "长捉",
        "One piece chasing one and the same enemy piece on every move loses if it does not vary, and so do two or more pieces taking turns to chase one piece. Chasing a soldier that has not crossed the river is allowed, and a chase in which a soldier or the general takes part is an exception.",
        "一子每步追捉對方同一枚棋子，不改著判負；兩子或多子輪流追捉同一子亦判負。追捉未過河的兵卒不算犯例；有兵卒或將帥參與的追捉另作例外。",
        "一子每步追捉对方同一枚棋子，不改着判负；两子或多子轮流追捉同一子亦判负。追捉未过河的兵卒不算犯例；有兵卒或将帅参与的追捉另作例外。"),
    clause!(Axf, General(4), "chasing several pieces in turn", "一子分捉多子", "一子分捉多子",
        "A piece that chases two or more different pieces in turn, or two pieces that each chase different pieces, is not a perpetual chase: the game is drawn if nobody varies.",
        "一子輪流追捉兩枚以上不同的棋子，或兩子各追不同的棋子，都不算長捉；雙方不改著判和。",
        "一子轮流追捉两枚以上不同的棋子，或两子各追不同的棋子，都不算长捉；双方不改着判和。"),
    clause!(Axf, General(5), "two chases against one", "二捉一還捉", "二捉一还捉",
        "When one side chases on every move and the other chases back only on some moves, the side chasing on every move is the one in a perpetual chase and must vary, or lose.",
        "一方步步追捉，另一方只在部分著法回捉，步步追捉的一方仍屬長捉，必須改著，否則判負。",
        "一方步步追捉，另一方只在部分着法回捉，步步追捉的一方仍属长捉，必须改着，否则判负。"),
    clause!(Axf, General(6), "true and false protection", "真根與假根", "真根与假根",
        "Chasing a piece that is truly protected (its protector can really capture back) is allowed; chasing a piece whose protector cannot capture back (a false root) is a chase and loses. A horse or cannon chasing a chariot is a chase even when the chariot is protected.",
        "追捉有真根的棋子（保護子確實能反吃）屬允許；追捉假根子（保護子實際不能反吃）則屬長捉、判負。馬或炮追捉車，即使車有根也算長捉。",
        "追捉有真根的棋子（保护子确实能反吃）属允许；追捉假根子（保护子实际不能反吃）则属长捉、判负。马或炮追捉车，即使车有根也算长捉。"),
    clause!(Axf, General(7), "same kind of piece", "同類子", "同类子",
        "Chasing a piece of the same kind is treated as offering an exchange and is allowed, unless the chased piece cannot answer: it is pinned to its line, or it is a horse whose leg is blocked while the chaser is free. Then it is a chase.",
        "追捉同類子視為兌子，屬允許；但被追的子受牽制不能離線，或是蹩腳馬被活馬追捉時，不能反吃，仍算長捉。",
        "追捉同类子视为兑子，属允许；但被追的子受牵制不能离线，或是蹩脚马被活马追捉时，不能反吃，仍算长捉。"),
    clause!(Axf, General(8), "chase combined with exchange", "捉中兼兌", "捉中兼兑",
        "A chase does not stop being a chase because one of its moves also offers an exchange, nor because every move does.",
        "追捉中即使有一步同時兌子，或每步都兼兌子，仍按長捉論處。",
        "追捉中即使有一步同时兑子，或每步都兼兑子，仍按长捉论处。"),
    clause!(Axf, General(9), "general and soldiers", "將帥與兵卒", "将帅与兵卒",
        "The general and soldiers may chase any piece on every move without fault; so may a general or soldier together with one chariot, one horse or one cannon.",
        "將帥或兵卒長捉任何棋子都不算犯例；將帥或兵卒聯合一車、一馬或一炮追捉一子也判和。",
        "将帅或兵卒长捉任何棋子都不算犯例；将帅或兵卒联合一车、一马或一炮追捉一子也判和。"),
    clause!(Axf, General(10), "blocks, offers, exchanges", "長攔、長獻、長兌", "长拦、长献、长兑",
        "Repeatedly blocking, offering a piece, offering an exchange or threatening to win material by a discovered attack are allowed: the game is drawn if nobody varies.",
        "長攔、長獻、長兌、長要抽吃都屬允許，雙方不改著判和。",
        "长拦、长献、长兑、长要抽吃都属允许，双方不改着判和。"),
    // ---- AXF detailed rules (棋例細則) ----
    clause!(Axf, Detailed(1), "one side checks perpetually", "單方長將", "单方长将",
        "A side that checks on every move of the loop, with one piece or with several pieces in turn, must vary; if it does not, it loses.",
        "一方在循環中步步將軍，不論一子或多子輪流將軍，都必須改著，不改判負。",
        "一方在循环中步步将军，不论一子或多子轮流将军，都必须改着，不改判负。"),
    clause!(Axf, Detailed(2), "both sides check perpetually", "雙方長將", "双方长将",
        "When both sides check on every move (each answers a check with a check), the game is drawn.",
        "雙方循環中都步步將軍（解將還將），判和。",
        "双方循环中都步步将军（解将还将），判和。"),
    clause!(Axf, Detailed(3), "two checks against one", "二將一還將", "二将一还将",
        "When one side checks on every move and the other gives only an occasional check back, the side checking on every move is the one at fault and loses if it does not vary.",
        "一方步步將軍，另一方只偶爾還將，步步將軍的一方犯長將，不改著判負。",
        "一方步步将军，另一方只偶尔还将，步步将军的一方犯长将，不改着判负。"),
    clause!(Axf, Detailed(4), "perpetual mate threats", "長殺", "长杀",
        "Threatening mate on every move is allowed, whatever the defender does to parry it: the game is drawn if nobody varies.",
        "一方步步催殺，不論另一方如何解殺，都屬允許，雙方不改著判和。",
        "一方步步催杀，不论另一方如何解杀，都属允许，双方不改着判和。"),
    clause!(Axf, Detailed(5), "mate threat answered by mate threat", "解殺反殺", "解杀反杀",
        "When one side threatens mate on every move and the other parries each threat with a threat of its own, the game is drawn if nobody varies.",
        "一方步步催殺，另一方步步解殺還殺，雙方不改著判和。",
        "一方步步催杀，另一方步步解杀还杀，双方不改着判和。"),
    clause!(Axf, Detailed(6), "one check, one mate threat", "一將一殺", "一将一杀",
        "Alternating a check with a mate threat is allowed: drawn if nobody varies.",
        "一將一殺屬允許，雙方不改著判和。",
        "一将一杀属允许，双方不改着判和。"),
    clause!(Axf, Detailed(7), "checks mixed with a chase", "一將一捉、多將一捉", "一将一捉、多将一捉",
        "One check alternating with one chase, or several checks with one chase, is allowed: drawn if nobody varies.",
        "一將一捉或多將一捉屬允許，雙方不改著判和。",
        "一将一捉或多将一捉属允许，双方不改着判和。"),
    clause!(Axf, Detailed(8), "check with idle moves", "一將一閒", "一将一闲",
        "One check alternating with an idle move, or with a threat to win material by a discovered attack, is allowed: drawn if nobody varies.",
        "一將一閒、一將一要抽吃，都屬允許，雙方不改著判和。",
        "一将一闲、一将一要抽吃，都属允许，双方不改着判和。"),
    clause!(Axf, Detailed(9), "chase with a discovered-attack threat", "一捉一要抽吃", "一捉一要抽吃",
        "One chase alternating with a threat to win material by a discovered attack is allowed: drawn.",
        "一捉一要抽吃屬允許，判和。",
        "一捉一要抽吃属允许，判和。"),
    clause!(Axf, Detailed(10), "cannon chasing a chariot", "炮長捉車", "炮长捉车",
        "One or two cannons may not chase a chariot perpetually, even a protected one, and even when the chariot's side threatens unprotected pieces in return.",
        "單炮或雙炮都不得長捉車，車有根亦然；即使車方回捉無根子，炮方也不得長捉。",
        "单炮或双炮都不得长捉车，车有根亦然；即使车方回捉无根子，炮方也不得长捉。"),
    clause!(Axf, Detailed(11), "one cannon, two chariots", "炮分捉兩車", "炮分捉两车",
        "A cannon (or two cannons) chasing two chariots in turn is allowed: drawn.",
        "單炮或雙炮輪流追捉兩車屬允許，判和。",
        "单炮或双炮轮流追捉两车属允许，判和。"),
    clause!(Axf, Detailed(12), "chariot chasing a protected cannon", "車捉有根炮", "车捉有根炮",
        "A chariot may chase a protected cannon perpetually, even when the cannon is protected on one move and not on the next.",
        "車可以長捉有根炮；即使炮一步有根、一步無根，車仍可長捉。",
        "车可以长捉有根炮；即使炮一步有根、一步无根，车仍可长捉。"),
    clause!(Axf, Detailed(13), "chariot chasing an unprotected cannon", "車捉無根炮", "车捉无根炮",
        "A chariot may not chase an unprotected cannon perpetually, whatever the cannon does in return (threats of mate, a check, counter-chases).",
        "車不得長捉無根炮；不論炮方是否催殺、將軍或回捉其他棋子，車方都必須改著。",
        "车不得长捉无根炮；不论炮方是否催杀、将军或回捉其他棋子，车方都必须改着。"),
    clause!(Axf, Detailed(14), "chariot pinned by a horse", "車被馬牽制", "车被马牵制",
        "A chariot that a horse pins so that it cannot move may not be chased perpetually by any piece, whether the horse is protected or not: the chasing side loses if it does not vary.",
        "車被馬牽制不能移動時，不論馬是否有根，任何棋子都不得長捉該車，不改著判負。",
        "车被马牵制不能移动时，不论马是否有根，任何棋子都不得长捉该车，不改着判负。"),
    clause!(Axf, Detailed(15), "cannon and horse chasing a chariot", "炮馬長捉車", "炮马长捉车",
        "A cannon and a horse (or two horses) taking turns to chase one chariot is a perpetual chase whether or not the chariot is protected or chases back: the chasing side must vary or lose.",
        "炮馬（或雙馬）輪流追捉一車，不論車是否有根、是否回捉，都屬長捉，必須改著，否則判負。",
        "炮马（或双马）轮流追捉一车，不论车是否有根、是否回捉，都属长捉，必须改着，否则判负。"),
    clause!(Axf, Detailed(16), "horse chasing a chariot", "馬長捉車", "马长捉车",
        "A horse may not chase a chariot perpetually, protected or not, when the chariot chases back only once in the loop.",
        "馬長捉車，車只回捉一步時，不論車是否有根，馬方都不得長捉，不改判負。",
        "马长捉车，车只回捉一步时，不论车是否有根，马方都不得长捉，不改判负。"),
    clause!(Axf, Detailed(17), "chariot and horse chase each other", "車馬互相長捉", "车马互相长捉",
        "A chariot and a horse chasing each other perpetually is a draw.",
        "車馬互相長捉，判和。",
        "车马互相长捉，判和。"),
    clause!(Axf, Detailed(18), "chariot chasing a horse", "車長捉馬", "车长捉马",
        "A chariot may not chase a horse perpetually when the horse answers with at most one counter-chase or one check.",
        "車長捉馬，而馬只回捉一步或只有一將時，車方不得長捉。",
        "车长捉马，而马只回捉一步或只有一将时，车方不得长捉。"),
    clause!(Axf, Detailed(19), "chasing a piece of the same kind", "捉同類子", "捉同类子",
        "Chariot on chariot, cannon on cannon, horse on horse: if both can capture each other it is an exchange offer and drawn; if the chased piece is pinned, or is a horse with a blocked leg, it may not be chased perpetually.",
        "車捉車、炮捉炮、馬捉馬：雙方都能互吃時視為兌獻，判和；被捉的子受牽制或是蹩腳馬時，對方不得長捉。",
        "车捉车、炮捉炮、马捉马：双方都能互吃时视为兑献，判和；被捉的子受牵制或是蹩脚马时，对方不得长捉。"),
    clause!(Axf, Detailed(20), "cannon changing screens", "炮變換炮架捉子", "炮变换炮架捉子",
        "A cannon that keeps chasing an unprotected horse, advisor, elephant or crossed soldier by moving its screens, while the target stands still, is still chasing and loses if it does not vary. Chasing an uncrossed soldier this way is allowed. (The Taiwan variant counts an uncrossed soldier too.)",
        "炮利用變換炮架追捉對方無根的馬、士、象或過河卒，即使被捉子不動，仍算長捉，不改判負；追捉未過河卒則可判和。（台灣的變體連未過河卒也算捉。）",
        "炮利用变换炮架追捉对方无根的马、士、象或过河卒，即使被捉子不动，仍算长捉，不改判负；追捉未过河卒则可判和。（台湾的变体连未过河卒也算捉。）"),
    clause!(Axf, Detailed(21), "cannon changing screens on a chariot", "炮變換炮架捉車", "炮变换炮架捉车",
        "A cannon that keeps attacking a chariot by changing its screens, protected chariot or not, is in a perpetual chase and loses if it does not vary.",
        "炮利用變換炮架追捉對方的車，不論車是否有根，都算長捉，不改判負。",
        "炮利用变换炮架追捉对方的车，不论车是否有根，都算长捉，不改判负。"),
    clause!(Axf, Detailed(22), "chariot pinned by a cannon", "車被炮牽制", "车被炮牵制",
        "A chariot pinned on a line by a cannon makes no chase while it moves along that line; it may not be chased perpetually by a chariot, nor by a horse or cannon whether protected or not.",
        "車被炮牽制不能離線時，在該線上移動不算捉子；對方不得以車長捉之，以馬或炮追捉時，不論車是否有根，都不得長捉。",
        "车被炮牵制不能离线时，在该线上移动不算捉子；对方不得以车长捉之，以马或炮追捉时，不论车是否有根，都不得长捉。"),
    clause!(Axf, Detailed(23), "the general chasing", "將帥長捉", "将帅长捉",
        "A general that chases a piece perpetually commits no fault, even when another piece joins it on one of the moves: drawn.",
        "將帥長捉子判和；其中一步聯合其他棋子追捉，也判和。",
        "将帅长捉子判和；其中一步联合其他棋子追捉，也判和。"),
    clause!(Axf, Detailed(24), "soldiers chasing", "兵卒長捉", "兵卒长捉",
        "Soldiers chasing perpetually commit no fault, alone or together, and also when a chariot, horse or cannon joins them on one of the moves: drawn.",
        "兵卒長捉子判和；多兵卒聯合追捉，或其中一步聯合車、馬、炮追捉，也判和。",
        "兵卒长捉子判和；多兵卒联合追捉，或其中一步联合车、马、炮追捉，也判和。"),
    clause!(Axf, Detailed(25), "general or soldier always with another piece", "將帥或兵卒步步聯合他子", "将帅或兵卒步步联合他子",
        "When a general or soldier chases together with another piece on every move, the chase counts as that other piece's and loses if not varied.",
        "將帥或兵卒若每步都聯合其他棋子追捉同一子，仍以長捉論，判負。",
        "将帅或兵卒若每步都联合其他棋子追捉同一子，仍以长捉论，判负。"),
    clause!(Axf, Detailed(26), "chariot chasing a crossed soldier", "車捉過河兵卒", "车捉过河兵卒",
        "A chariot may not chase a soldier that has crossed the river perpetually, whatever the soldier does in return.",
        "車不得長捉已過河的兵卒，不論兵卒是否回捉，車方都必須改著，否則判負。",
        "车不得长捉已过河的兵卒，不论兵卒是否回捉，车方都必须改着，否则判负。"),
    clause!(Axf, Detailed(27), "one piece chasing several in turn", "一子輪流捉多子", "一子轮流捉多子",
        "One piece chasing two or more pieces in turn, or two pieces chasing different pieces, is allowed: drawn.",
        "一子輪流追捉兩子或多子，或兩子分別追捉不同的子，都屬允許，判和。",
        "一子轮流追捉两子或多子，或两子分别追捉不同的子，都属允许，判和。"),
    clause!(Axf, Detailed(28), "several pieces chasing one", "多子輪流捉一子", "多子轮流捉一子",
        "Two or more pieces taking turns to chase one and the same piece is a perpetual chase: the chasing side must vary or lose.",
        "兩子或多子輪流追捉同一子，屬長捉，必須改著，否則判負。",
        "两子或多子轮流追捉同一子，属长捉，必须改着，否则判负。"),
    clause!(Axf, Detailed(29), "false root", "假根", "假根",
        "A piece whose protector is pinned, so that it cannot really capture back, counts as unprotected (a false root): it may not be chased perpetually.",
        "被捉子的保護子受牽制、實際不能反吃時（假根），該子視為無根，不得長捉。",
        "被捉子的保护子受牵制、实际不能反吃时（假根），该子视为无根，不得长捉。"),
    clause!(Axf, Detailed(30), "true root", "真根", "真根",
        "When two or more pieces attack a piece that is truly protected, it is not a perpetual chase: drawn if nobody varies.",
        "兩子或多子攻擊一枚有真根的棋子，不作長捉論，雙方不改著可判和。",
        "两子或多子攻击一枚有真根的棋子，不作长捉论，双方不改着可判和。"),
    clause!(Axf, Detailed(31), "chase with exchange", "捉中兼兌", "捉中兼兑",
        "A chase in which one or every move also offers an exchange is still a chase.",
        "追捉中有一步或每步兼兌子，仍作長捉論。",
        "追捉中有一步或每步兼兑子，仍作长捉论。"),
    clause!(Axf, Detailed(32), "chariot and cannon pinning chariot and general", "車炮牽制車帥", "车炮牵制车帅",
        "When a chariot and a cannon hold the enemy chariot pinned against its general, chasing that chariot with a horse or cannon is still a perpetual chase.",
        "一方車炮聯合牽制對方車帥時，以馬或炮長捉該車仍算長捉，不改判負。",
        "一方车炮联合牵制对方车帅时，以马或炮长捉该车仍算长捉，不改判负。"),
    clause!(Axf, Detailed(33), "discovered-attack threats", "長要抽吃", "长要抽吃",
        "Repeated threats to win material by a discovered attack are allowed: drawn.",
        "長要抽吃屬允許，判和。",
        "长要抽吃属允许，判和。"),
    clause!(Axf, Detailed(34), "perpetual blocking", "長攔", "长拦",
        "Blocking on every move is allowed: drawn.",
        "長攔屬允許，判和。",
        "长拦属允许，判和。"),
    clause!(Axf, Detailed(35), "perpetual offers and exchanges", "長兌、長獻", "长兑、长献",
        "Offering a piece or an exchange on every move is allowed: drawn.",
        "長兌、長獻都屬允許，判和。",
        "长兑、长献都属允许，判和。"),
    clause!(Axf, NaturalMoveLimit, "60 moves without a capture", "60回合無吃子", "60回合无吃子",
        "A draw may be claimed after 60 moves (120 plies) without a capture; of the claimant's checks in that stretch at most 10 count. This limit is the one used by tournament software for AXF play; the AXF chapter on repetition writes no penalty for a claim found short.",
        "連續60回合（120步）沒有吃子可提和；提和方在其中的將軍最多只計10步。此為依亞洲棋規比賽軟體採用的限著；亞洲棋例未寫明提和不足的罰則。",
        "连续60回合（120步）没有吃子可提和；提和方在其中的将军最多只计10步。此为依亚洲棋规比赛软件采用的限着；亚洲棋例未写明提和不足的罚则。"),
    // ---- TW113 ----
    clause!(Tw113, Terms, "check, chase, idle", "將、捉、閒", "将、捉、闲",
        "A check is a move that newly attacks the enemy general; a chase is a move that newly threatens to capture another enemy piece, subject to the exceptions; an idle move is neither. Attacks by a general, and by a soldier on anything but the general, count as idle. A horse, cannon, advisor or elephant attacking a chariot is a chase whether the chariot is protected or not.",
        "「將」是走棋後新增對敵方將帥的攻擊；「捉」是新增對其他敵子的吃子威脅，但要依例外判斷；都不是者為「閒」。將帥攻擊敵子、兵卒攻擊將帥以外的敵子都按閒論。馬、炮、仕、相攻擊敵車，不論車有根無根都算捉。",
        "「将」是走棋后新增对敌方将帅的攻击；「捉」是新增对其他敌子的吃子威胁，但要依例外判断；都不是者为「闲」。将帅攻击敌子、兵卒攻击将帅以外的敌子都按闲论。马、炮、仕、相攻击敌车，不论车有根无根都算捉。"),
    clause!(Tw113, TrueRoot, "true and false protection", "真根與假根", "真根与假根",
        "Chasing a piece that is truly protected (its protector can really capture back) is no offence; chasing a piece whose protector cannot capture back — pinned, or exposing its own general or making the generals face — is. A horse or cannon chasing a protected chariot still offends.",
        "長捉真根子未犯例，長捉假根子（保護子一動就被將軍或將帥照面、實際不能反吃）犯例；但馬、炮長捉有根車仍犯例。",
        "长捉真根子未犯例，长捉假根子（保护子一动就被将军或将帅照面、实际不能反吃）犯例；但马、炮长捉有根车仍犯例。"),
    clause!(Tw113, SameKind, "same kind of piece", "同類子", "同类子",
        "Chasing a piece of the same kind is no offence, unless the chased piece is pinned and cannot leave its line, or it is a horse with a blocked leg chased by a free horse.",
        "長捉同類子一般未犯例；但被捉子受牽制不能離線，或活馬長捉拐腳馬時，仍可能作長捉犯例。",
        "长捉同类子一般未犯例；但被捉子受牵制不能离线，或活马长捉拐脚马时，仍可能作长捉犯例。"),
    clause!(Tw113, GeneralAndSoldier, "general and soldiers", "將帥與兵卒", "将帅与兵卒",
        "A general's or soldier's own attacks are exceptions, not chases; a general or soldier joined by one chariot, one horse or one cannon in chasing is allowed too, but not when two horses or two cannons chase with it: their participation does not excuse everything.",
        "將帥與兵卒本身追捉按例外處理；總綱允許其聯合一車、一馬或一炮追捉，但雙馬、雙炮同時長捉仍犯例，不能因為有兵或將參與就一概無事。",
        "将帅与兵卒本身追捉按例外处理；总纲允许其联合一车、一马或一炮追捉，但双马、双炮同时长捉仍犯例，不能因为有兵或将参与就一概无事。"),
    clause!(Tw113, SamePiece, "one piece or several", "一子或多子", "一子或多子",
        "One piece chasing two or more pieces in turn is not the same as chasing one piece on every move; two pieces taking turns to chase one piece may offend. Two pieces of the same kind are two targets, not one.",
        "一子分捉兩子或多子，與步步追同一子不同；兩子輪流追同一子也可能犯例。兩枚同類棋子是兩個目標，不能當成同一個。",
        "一子分捉两子或多子，与步步追同一子不同；两子轮流追同一子也可能犯例。两枚同类棋子是两个目标，不能当成同一个。"),
    clause!(Tw113, Table, "who must vary", "變著責任", "变着责任",
        "Each side's moves in the loop are judged apart, then compared: perpetual check is worse than perpetual chase, which is worse than no offence. The worse side must vary and loses if it repeats; equal offences (both check, both chase, neither at fault) are drawn.",
        "先分別判斷雙方在循環中每一步的性質，再比較責任：長將重於長捉，長捉重於未犯例。責任較重的一方須變著，不變作負；雙方責任相同（同為長將、同為長捉或都未犯例）則不變作和。",
        "先分别判断双方在循环中每一步的性质，再比较责任：长将重于长捉，长捉重于未犯例。责任较重的一方须变着，不变作负；双方责任相同（同为长将、同为长捉或都未犯例）则不变作和。"),
    clause!(Tw113, Procedure, "the arbiter's procedure", "裁判程序", "裁判程序",
        "After three cycles the position is pending: a player may ask for a ruling, and the arbiter steps in on noticing it. A side at fault that repeats one more cycle loses at once; when neither side is at fault the arbiter announces that one more cycle draws.",
        "循環三次或以上即成待判局面，一方可要求裁決，裁判察覺時也應介入。犯例方再走一個循環即判負；雙方都未犯例時，裁判確認後指示再循環一次即判和。",
        "循环三次或以上即成待判局面，一方可要求裁决，裁判察觉时也应介入。犯例方再走一个循环即判负；双方都未犯例时，裁判确认后指示再循环一次即判和。"),
    clause!(Tw113, NaturalMoveLimit, "50 rounds without a capture", "50回合無吃子", "50回合无吃子",
        "A draw may be claimed after 100 plies (50 rounds) without a capture, checked by the arbiter. The claimant's checks count for at most 10 plies, and the plies of a perpetual check or chase for at most 3 cycles. A claim found short is a foul and costs the claimant 5 minutes of remaining time. The arbiter may instead announce a separate 40-move limit.",
        "連續50回合（雙方共100步）沒有吃子可提和，須經裁判審核。提和方的將軍最多計10步，長將、長捉最多只計3個循環。審核未達限著時，提和方記犯規一次並扣剩餘時間5分鐘。賽事也可改用由裁判宣告的40回合限著。",
        "连续50回合（双方共100步）没有吃子可提和，须经裁判审核。提和方的将军最多计10步，长将、长捉最多只计3个循环。审核未达限着时，提和方记犯规一次并扣剩余时间5分钟。赛事也可改用由裁判宣告的40回合限着。"),
    clause!(Tw113, NineRounds, "moving among three or more points", "三點以上九回合", "三点以上九回合",
        "Allowed and forbidden moves alternating among three or more points for 9 rounds, with no constructive purpose, are treated as a pending repetition even though no position repeats exactly; the arbiter decides.",
        "在三個或以上交叉點，以無積極意義的允許著法與禁止著法交替走滿9回合，即使局面沒有完全重複，也視為待判局面，由裁判裁決。",
        "在三个或以上交叉点，以无积极意义的允许着法与禁止着法交替走满9回合，即使局面没有完全重复，也视为待判局面，由裁判裁决。"),
    // ---- FIDE Laws of Chess ----
    clause!(Fide, Article("5.1.1"), "checkmate", "將死", "将死",
        "The player who checkmates the opponent's king wins, and the game ends at once.",
        "將死對方國王的一方獲勝，棋局立即結束。",
        "将死对方国王的一方获胜，棋局立即结束。"),
    clause!(Fide, Article("5.2.1"), "stalemate", "逼和", "逼和",
        "The game is drawn when the player to move has no legal move and the king is not in check; the game ends at once.",
        "輪到走棋的一方沒有合法走法、國王又未被將軍時為逼和，棋局立即以和局結束。",
        "轮到走棋的一方没有合法着法、国王又未被将军时为逼和，棋局立即以和局结束。"),
    clause!(Fide, Article("5.2.2"), "dead position", "死局", "死局",
        "The game is drawn when neither player can checkmate by any series of legal moves, however badly the other plays; the game ends at once.",
        "雙方無論以何種合法走法序列都不可能將死對方時為死局，棋局立即以和局結束。",
        "双方无论以何种合法着法序列都不可能将死对方时为死局，棋局立即以和局结束。"),
    clause!(Fide, Article("6.9"), "flag fall", "超時", "超时",
        "A player whose time runs out loses, unless the opponent cannot checkmate by any series of legal moves; then the game is drawn.",
        "用完時間的一方判負；但若對方已無任何合法走法序列可將死，則判和。",
        "用完时间的一方判负；但若对方已无任何合法着法序列可将死，则判和。"),
    clause!(Fide, Article("9.2"), "threefold repetition", "三次重複", "三次重复",
        "A player may claim a draw when the same position stands for at least the third time (not necessarily by a repetition of moves).",
        "同一局面至少第三次出現時（不必是走法重複），可以申請和局。",
        "同一局面至少第三次出现时（不必是着法重复），可以申请和棋。"),
    clause!(Fide, Article("9.2.1"), "claiming a repetition", "申請三次重複", "申请三次重复",
        "The claim is made by the player to move, to the arbiter, either before a move that would bring the position a third time, or right after the position has appeared for the third time.",
        "由輪到走棋的一方向裁判申請：在將走出第三次重複局面之前申請，或在第三次重複局面剛出現時申請。",
        "由轮到走棋的一方向裁判申请：在将走出第三次重复局面之前申请，或在第三次重复局面刚出现时申请。"),
    clause!(Fide, Article("9.2.1.1"), "claiming with an intended move", "以預定走法申請", "以预定着法申请",
        "The claimant writes the intended move on the scoresheet, does not play it, and declares to the arbiter that this move will make the position stand for the third time.",
        "申請方把預定走法寫在記錄紙上但不走出，並向裁判聲明這一步會造成第三次重複。",
        "申请方把预定着法写在记录纸上但不走出，并向裁判声明这一步会造成第三次重复。"),
    clause!(Fide, Article("9.2.1.2"), "claiming after the repetition", "重複出現後申請", "重复出现后申请",
        "The claimant may claim as soon as the same position has appeared for the third time, before making a move.",
        "同一局面已第三次出現時，申請方可在走下一步之前申請。",
        "同一局面已第三次出现时，申请方可在走下一步之前申请。"),
    clause!(Fide, Article("9.2.3"), "what counts as the same position", "何謂同一局面", "何谓同一局面",
        "Positions are the same when the same player is to move, the same pieces stand on the same squares, and the possible moves are the same, including castling rights and the right to capture en passant.",
        "局面相同指：輪到同一方走棋，同樣的棋子在同樣的格子上，且所有可能走法（包括易位權與吃過路兵）相同。",
        "局面相同指：轮到同一方走棋，同样的棋子在同样的格子上，且所有可能着法（包括易位权与吃过路兵）相同。"),
    clause!(Fide, Article("9.3"), "fifty-move rule", "五十步規則", "五十回合规则",
        "A player may claim a draw when each side has made the last 50 moves without any pawn move and without any capture.",
        "雙方最近各50步都沒有動兵、也沒有吃子時，可以申請和局。",
        "双方最近各50回合都没有动兵、也没有吃子时，可以申请和棋。"),
    clause!(Fide, Article("9.3.1"), "fifty moves with an intended move", "以預定走法申請五十步", "以预定着法申请五十回合",
        "The claimant writes the intended move, which will complete the 50 moves without a pawn move or capture, and claims before playing it.",
        "申請方寫下將走、會使五十步無動兵無吃子成立的走法，在走出之前申請。",
        "申请方写下将走、会使五十回合无动兵无吃子成立的着法，在走出之前申请。"),
    clause!(Fide, Article("9.3.2"), "fifty moves completed", "五十步已滿", "五十回合已满",
        "The claimant may claim when the last 50 moves of each side have been made without a pawn move or capture.",
        "雙方最近各50步已無動兵、無吃子時，可以申請。",
        "双方最近各50回合已无动兵、无吃子时，可以申请。"),
    clause!(Fide, Article("9.5"), "how a claim is decided", "申請的處理", "申请的处理",
        "A player who claims under 9.2 or 9.3 stops the clock; if the claim is correct the game is drawn at once; if not, the game goes on and any intended move written down must be played.",
        "依9.2或9.3申請時停鐘；申請正確立即和局；申請不正確則繼續對局，已寫下的預定走法必須走出。",
        "依9.2或9.3申请时停钟；申请正确立即和局；申请不正确则继续对局，已写下的预定着法必须走出。"),
    clause!(Fide, Article("9.5.3"), "penalty for an incorrect claim", "申請不正確的罰則", "申请不成立的罚则",
        "If the claim is found incorrect, the arbiter adds two minutes to the opponent's remaining time, and the game continues.",
        "申請經查不正確時，裁判給對手加兩分鐘，棋局繼續。",
        "申请经查不正确时，裁判给对手加两分钟，棋局继续。"),
    clause!(Fide, Article("9.6.1"), "fivefold repetition", "五次重複", "五次重复",
        "The game is drawn, with no claim needed, when the same position has appeared at least five times.",
        "同一局面至少出現五次時，不必申請，即判和局。",
        "同一局面至少出现五次时，不必申请，即判和局。"),
    clause!(Fide, Article("9.6.2"), "seventy-five moves", "七十五步規則", "七十五回合规则",
        "The game is drawn, with no claim needed, when each side has made 75 moves without a pawn move or capture; if the last move gives mate, the mate counts.",
        "雙方各連續75步無動兵、無吃子時，不必申請即判和；若最後一步將死，以將死為準。",
        "双方各连续75回合无动兵、无吃子时，不必申请即判和；若最后一步将死，以将死为准。"),
    clause!(Fide, Article("A.3"), "rapid: penalties", "快棋罰則", "快棋罚则",
        "In rapid chess the time penalties of the Laws are one minute instead of two.",
        "快棋中，棋規的時間罰則由兩分鐘改為一分鐘。",
        "快棋中，棋规的时间罚则由两分钟改为一分钟。"),
    clause!(Fide, Article("B.2"), "blitz: penalties", "超快棋罰則", "超快棋罚则",
        "In blitz the time penalties of the Laws are one minute instead of two.",
        "超快棋中，棋規的時間罰則由兩分鐘改為一分鐘。",
        "超快棋中，棋规的时间罚则由两分钟改为一分钟。"),
    clause!(Fide, Article("B.3"), "blitz: rapid rules apply", "超快棋比照快棋", "超快棋比照快棋",
        "Blitz follows the rapid rules except where the blitz appendix says otherwise.",
        "超快棋除附則另有規定外，比照快棋規則。",
        "超快棋除附则另有规定外，比照快棋规则。"),
];

/// The clauses of `book`, or of every book.
pub fn clauses(book: Option<RuleBook>) -> impl Iterator<Item = &'static Clause> {
    CLAUSES.iter().filter(move |c| book.is_none_or(|b| c.book == b))
}

/// Normalise a clause name as a person might type it: lower case, `general rule 3`,
/// `g3`, `gr3`, `general-rule-3` and `3` (AXF: a general rule's number alone is ambiguous, so a
/// bare number means the detailed rule only when no book is named and it is ambiguous).
fn normalise(query: &str) -> String {
    let q = query.trim().to_lowercase().replace(['-', '_'], " ");
    let q = q.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut q = q.as_str();
    for prefix in ["axf ", "tw113 ", "fide "] {
        if let Some(rest) = q.strip_prefix(prefix) {
            q = rest;
        }
    }
    let q = q.trim_start_matches("art. ").trim_start_matches("article ");
    if let Some(id) = chinese_id(q) {
        return id;
    }
    let expand = |rest: &str, what: &str| -> Option<String> {
        let n: u32 = rest.trim().parse().ok()?;
        Some(format!("{what} rule {n}"))
    };
    for (short, what) in [
        ("gr", "general"),
        ("g", "general"),
        ("dr", "detailed"),
        ("d", "detailed"),
    ] {
        if let Some(rest) = q.strip_prefix(short) {
            if let Some(e) = expand(rest, what) {
                return e;
            }
        }
    }
    match q {
        "table" | "ch.2" | "ch 2" | "ch2" => "ch.2 table".into(),
        "procedure" | "ch.4" | "ch 4" | "ch4" => "ch.4 procedure".into(),
        "9 round rule" | "nine rounds" | "9 rounds" => "9-round rule".into(),
        "natural" | "limit" => "natural move limit".into(),
        _ => q.to_string(),
    }
}

/// The numbered rules' words in either script (總綱第3條, 細則第14條) and the id they give.
const NUMBERED: [(&str, &str); 4] = [
    ("總綱", "general"),
    ("总纲", "general"),
    ("細則", "detailed"),
    ("细则", "detailed"),
];

/// The named clauses' words in either script and their ids.
const NAMED: [(&[&str], &str); 9] = [
    (&["第二章", "判決原則表", "判决原则表"], "ch.2 table"),
    (&["第四章", "裁判程序"], "ch.4 procedure"),
    (&["自然限著", "自然限着"], "natural move limit"),
    (&["九回合"], "9-round rule"),
    (&["真根"], "general rules (true root)"),
    (&["同類子", "同类子"], "general rules (same kind)"),
    (
        &["將帥與兵卒", "将帅与兵卒"],
        "general rules (general and soldier)",
    ),
    (&["同一子"], "general rules (same piece)"),
    (&["術語", "术语"], "terms"),
];

/// A clause as the Chinese reports cite it (亞洲棋規細則第13條, 细则13, 總綱3, 國際棋聯棋規第9.2.1條,
/// 附則A.3, 台灣棋規第二章判決原則表, 裁判程序, 自然限著, 真根 …), in either script, as its id.
fn chinese_id(q: &str) -> Option<String> {
    let mut q = q.replace(' ', "");
    // The books' names as the reports write them, in either script (国际棋联棋规: the
    // traditional name's simplified form), and 棋例.
    let names = [RuleBook::Axf, RuleBook::Tw113, RuleBook::Fide]
        .into_iter()
        .flat_map(|b| [crate::Lang::ZhHant, crate::Lang::ZhHans].map(|l| crate::render::zh::book_words(l, b)))
        .chain(["国际棋联棋规", "棋例"]);
    for book in names {
        if let Some(rest) = q.strip_prefix(book) {
            q = rest.to_string();
        }
    }
    let number = |rest: &str| -> Option<String> {
        let n = rest.trim_start_matches('第').trim_end_matches(['條', '条']);
        (!n.is_empty() && n.chars().all(|c| c.is_ascii_digit() || c == '.')).then(|| n.to_string())
    };
    for (words, what) in NUMBERED {
        if let Some(n) = q.strip_prefix(words).and_then(number) {
            return Some(format!("{what} rule {n}"));
        }
    }
    if let Some(n) = q.starts_with('第').then(|| number(&q)).flatten() {
        return Some(n);
    }
    if let Some(a) = q.strip_prefix("附則").or_else(|| q.strip_prefix("附则")) {
        return Some(a.to_uppercase());
    }
    NAMED
        .iter()
        .find(|(words, _)| words.iter().any(|w| q.contains(w)))
        .map(|(_, id)| id.to_string())
}

/// The clauses a person's `query` names in `book` (or any book): an exact id
/// (`"detailed rule 14"`, `"9.2.1"`), a short form (`"d14"`, `"g3"`, `"table"`, `"procedure"`),
/// a bare number (`"14"`: AXF detailed rule 14 and general rule… 14 does not exist, so one),
/// an article and everything under it (`"9.2"` gives 9.2, 9.2.1, 9.2.1.1, …), or a citation
/// as the Chinese reports write it (`"細則第14條"`, `"细则14"`, `"裁判程序"`). Empty when nothing
/// matches.
pub fn lookup(book: Option<RuleBook>, query: &str) -> Vec<&'static Clause> {
    let q = normalise(query);
    let exact: Vec<&'static Clause> = clauses(book).filter(|c| c.id.spells(&q)).collect();
    if !exact.is_empty() {
        // A FIDE article also shows the articles under it.
        let mut v = exact;
        v.extend(
            clauses(book)
                .filter(|c| c.book == RuleBook::Fide && c.id.to_string().starts_with(&format!("{q}."))),
        );
        return v;
    }
    if q.chars().all(|c| c.is_ascii_digit()) && !q.is_empty() {
        // A bare number: both the general and the detailed AXF rule of that number.
        return clauses(book)
            .filter(|c| {
                c.id.spells(&format!("general rule {q}")) || c.id.spells(&format!("detailed rule {q}"))
            })
            .collect();
    }
    clauses(book)
        .filter(|c| c.id.to_string().starts_with(&format!("{q}.")))
        .collect()
}

/// One clause reference read from a citation, resolved or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    /// The rule book the citation names.
    pub book: RuleBook,
    /// The clause id as read (`"detailed rule 23"`, `"9.2.1.1"`).
    pub id: String,
    /// The glossary entry; for a FIDE sub-article the glossary lacks, its nearest parent.
    pub clause: Option<&'static Clause>,
}

/// Every clause reference in `text`, in order of appearance (repeats kept). Reads the forms the
/// referee writes in English: `AXF general rule 9 / detailed rule 23`, `AXF general rules 1–2,
/// 5`, `TW113 ch.2 table`, `TW113 natural move limit`, `FIDE 9.5.3, A.3, B.2/B.3`; and in
/// Chinese, either script: `亞洲棋規總綱第1條、總綱第3條`, `台灣棋規第二章判決原則表`,
/// `國際棋聯棋規第9.2.1條` (the book's name as [`crate::render::zh::book_words`] writes it, then
/// the clauses as [`lookup`] reads them, separated by 、 or ／).
pub fn references(text: &str) -> Vec<Reference> {
    // Split into segments, each starting at a book's name: (offset, name's length, book,
    // Chinese).
    let mut marks: Vec<(usize, usize, RuleBook, bool)> = Vec::new();
    for book in [RuleBook::Axf, RuleBook::Tw113, RuleBook::Fide] {
        let names = [
            (book.prefix(), false),
            (crate::render::zh::book_words(crate::Lang::ZhHant, book), true),
            (crate::render::zh::book_words(crate::Lang::ZhHans, book), true),
        ];
        for (p, zh) in names {
            let mut from = 0;
            while let Some(i) = text[from..].find(p) {
                let at = from + i;
                let before_ok = zh
                    || text[..at]
                        .chars()
                        .next_back()
                        .is_none_or(|c| !c.is_alphanumeric());
                let after_ok = zh
                    || text[at + p.len()..]
                        .chars()
                        .next()
                        .is_none_or(|c| !c.is_alphanumeric());
                if before_ok && after_ok && !marks.iter().any(|m| m.0 == at) {
                    marks.push((at, p.len(), book, zh));
                }
                from = at + p.len();
            }
        }
    }
    marks.sort_by_key(|m| m.0);
    let mut out = Vec::new();
    for (k, &(at, len, book, zh)) in marks.iter().enumerate() {
        let end = marks.get(k + 1).map_or(text.len(), |m| m.0);
        let seg = &text[at + len..end];
        if zh {
            zh_refs(seg, book, &mut out);
            continue;
        }
        match book {
            RuleBook::Axf => axf_refs(seg, &mut out),
            RuleBook::Tw113 => {
                for id in [
                    "terms",
                    "general rules (true root)",
                    "general rules (same kind)",
                    "general rules (general and soldier)",
                    "general rules (same piece)",
                    "ch.2 table",
                    "ch.4 procedure",
                    "natural move limit",
                    "9-round rule",
                ] {
                    // Inside a bracketed citation the referee writes a named general rule
                    // with a comma (`(TW113 general rules, true root)`, no nested brackets).
                    let comma = id
                        .strip_suffix(')')
                        .map(|i| i.replacen(" (", ", ", 1))
                        .filter(|c| c != id);
                    if seg.contains(id) || comma.is_some_and(|c| seg.contains(&c)) {
                        out.push(resolve(RuleBook::Tw113, id.to_string()));
                    }
                }
            }
            RuleBook::Fide => fide_refs(seg, &mut out),
        }
    }
    out
}

/// The clauses cited in Chinese after a book's name: each the longest run of characters that
/// [`chinese_id`] reads as a clause of `book` (`總綱第1條`, `細則第25條`, `第9.2.1條`,
/// `第二章判決原則表`), separated by 、, ／, ， or ；; stops at the first text that is none.
fn zh_refs(seg: &str, book: RuleBook, out: &mut Vec<Reference>) {
    let mut rest = seg;
    loop {
        rest = rest.trim_start_matches(['、', '／', '/', '，', ',', '；', ';', ' ']);
        // A clause's words start here (not a sentence that mentions one further on: 台灣棋規的
        // 裁判程序次數 names the book's procedure without citing it).
        let starts = |w: &str| rest.starts_with(w);
        let clause_here = NUMBERED.iter().any(|(w, _)| starts(w))
            || ["第", "附則", "附则", "棋例"].into_iter().any(starts)
            || NAMED.iter().any(|(words, _)| words.iter().any(|w| starts(w)));
        if !clause_here {
            break;
        }
        // The longest prefix (up to 16 characters) that names a clause of the book.
        let ends: Vec<usize> = rest
            .char_indices()
            .map(|(i, c)| i + c.len_utf8())
            .take(16)
            .collect();
        let Some((reference, used)) = ends.iter().rev().find_map(|&e| {
            let r = resolve(book, chinese_id(&rest[..e])?);
            r.clause.is_some().then_some((r, e))
        }) else {
            break;
        };
        out.push(reference);
        rest = &rest[used..];
    }
}

pub(crate) fn resolve(book: RuleBook, id: String) -> Reference {
    let mut probe = id.as_str();
    let clause = loop {
        if let Some(c) = CLAUSES.iter().find(|c| c.book == book && c.id.spells(probe)) {
            break Some(c);
        }
        match (book, probe.rfind('.')) {
            (RuleBook::Fide, Some(i)) if probe[..i].contains('.') => probe = &probe[..i],
            _ => break None,
        }
    };
    Reference { book, id, clause }
}

fn axf_refs(seg: &str, out: &mut Vec<Reference>) {
    let words: Vec<&str> = seg.split_whitespace().collect();
    let mut i = 0;
    while i < words.len() {
        let kind = match words[i].trim_matches(|c: char| !c.is_alphanumeric()) {
            "general" => "general",
            "detailed" => "detailed",
            "natural" if words.get(i + 1).is_some_and(|w| w.starts_with("move")) => {
                out.push(resolve(RuleBook::Axf, "natural move limit".into()));
                i += 1;
                continue;
            }
            _ => {
                i += 1;
                continue;
            }
        };
        if !words.get(i + 1).is_some_and(|w| w.starts_with("rule")) {
            i += 1;
            continue;
        }
        // Numbers after "rule(s)": "3", "1–2,", "5", "20–21", "and 10".
        let mut j = i + 2;
        while let Some(w) = words.get(j) {
            if *w == "and" {
                j += 1;
                continue;
            }
            let t = w.trim_end_matches([',', ';', ')', '.', ':']);
            let mut nums = Vec::new();
            let parts: Vec<&str> = t.split(['–', '-']).collect();
            let parsed: Vec<Option<u32>> = parts.iter().map(|p| p.parse().ok()).collect();
            match parsed.as_slice() {
                [Some(a)] => nums.push(*a),
                [Some(a), Some(b)] if a <= b && b - a < 40 => nums.extend(*a..=*b),
                _ => break,
            }
            for n in nums {
                out.push(resolve(RuleBook::Axf, format!("{kind} rule {n}")));
            }
            j += 1;
            if !w.ends_with(',') && words.get(j) != Some(&"and") {
                break;
            }
        }
        i = j;
    }
}

fn fide_refs(seg: &str, out: &mut Vec<Reference>) {
    for token in seg.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.')) {
        let t = token.trim_end_matches('.');
        let mut parts = t.split('.');
        let head = parts.next().unwrap_or("");
        let rest: Vec<&str> = parts.collect();
        let head_ok = head.parse::<u32>().is_ok() || matches!(head, "A" | "B");
        if head_ok && !rest.is_empty() && rest.iter().all(|p| p.parse::<u32>().is_ok()) {
            out.push(resolve(RuleBook::Fide, t.to_string()));
        }
    }
}

/// The glossary entries `text` cites, in order of first appearance, each once.
pub fn cited(text: &str) -> Vec<&'static Clause> {
    let mut v: Vec<&'static Clause> = Vec::new();
    for r in references(text) {
        if let Some(c) = r.clause {
            if !v.iter().any(|x| std::ptr::eq(*x, c)) {
                v.push(c);
            }
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::glossary::{markdown, CitedClauses};

    #[test]
    fn ids_are_unique_and_summaries_are_written() {
        for (i, a) in CLAUSES.iter().enumerate() {
            assert!(a.en.len() > 30 && a.zh.chars().count() > 8, "{}", a.citation());
            assert!(a.en.ends_with('.') || a.en.ends_with(')'), "{}", a.citation());
            for b in &CLAUSES[i + 1..] {
                assert!(!(a.book == b.book && a.id == b.id), "duplicate {}", a.citation());
            }
        }
        // All 10 general and 35 detailed AXF rules.
        assert_eq!(
            clauses(Some(RuleBook::Axf))
                .filter(|c| matches!(c.id, General(_)))
                .count(),
            10
        );
        assert_eq!(
            clauses(Some(RuleBook::Axf))
                .filter(|c| matches!(c.id, Detailed(_)))
                .count(),
            35
        );
    }

    #[test]
    fn references_read_the_referee_citations() {
        let ids = |t: &str| {
            references(t)
                .into_iter()
                .map(|r| format!("{} {}", r.book.prefix(), r.id))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            ids("AXF general rule 9 / detailed rule 23"),
            ["AXF general rule 9", "AXF detailed rule 23"]
        );
        assert_eq!(
            ids("AXF general rules 1–2, 5"),
            ["AXF general rule 1", "AXF general rule 2", "AXF general rule 5"]
        );
        assert_eq!(
            ids("TW113 ch.2 table (AXF detailed rule 14 reading)"),
            ["TW113 ch.2 table", "AXF detailed rule 14"]
        );
        // The comma form of a named general rule inside brackets, as move lines write it.
        assert_eq!(
            ids("attacked from c2: protected (TW113 general rules, true root)"),
            ["TW113 general rules (true root)"]
        );
        assert_eq!(
            ids("an exchange offer (TW113 general rules, same kind)"),
            ["TW113 general rules (same kind)"]
        );
        assert_eq!(
            ids("FIDE 9.5.3, A.3, B.2/B.3"),
            ["FIDE 9.5.3", "FIDE A.3", "FIDE B.2", "FIDE B.3"]
        );
        assert_eq!(
            ids("AXF general rule 2 (red), AXF detailed rule 8 (black)"),
            ["AXF general rule 2", "AXF detailed rule 8"]
        );
        // A sub-article the glossary lacks resolves to its parent.
        let r = &references("FIDE 9.2.1.3")[0];
        assert_eq!(r.clause.map(|c| c.id), Some(Article("9.2.1")));
        // Not a citation.
        assert!(references("SAFE TW1130 FIDEL 9.2").is_empty());
        // The Chinese reports' citations, in either script (as the judge reports write them).
        assert_eq!(
            ids("（亞洲棋規總綱第1條、總綱第3條）"),
            ["AXF general rule 1", "AXF general rule 3"]
        );
        assert_eq!(
            ids("（亚洲棋规总纲第3条，解读：台湾棋规未规定）"),
            ["AXF general rule 3"]
        );
        assert_eq!(
            ids("（台湾棋规第二章判决原则表，依亚洲棋规细则第25条解读）"),
            ["TW113 ch.2 table", "AXF detailed rule 25"]
        );
        assert_eq!(
            ids("紅方依亞洲棋規總綱第2條、細則第7條，黑方依亞洲棋規總綱第1條"),
            ["AXF general rule 2", "AXF detailed rule 7", "AXF general rule 1"]
        );
        assert_eq!(
            ids("（國際棋聯棋規第9.2.1條）與国际棋联规则第9.5.3条、附则A.3"),
            ["FIDE 9.2.1", "FIDE 9.5.3", "FIDE A.3"]
        );
    }

    /// Every clause as the Chinese reports cite it (render::zh::cite_clause), in either script,
    /// reads back as that clause: `?cited=` and `arbiter rules` take Chinese report text too.
    #[test]
    fn chinese_citations_read_back() {
        for c in CLAUSES {
            for lang in [crate::Lang::ZhHant, crate::Lang::ZhHans] {
                let words = crate::render::zh::cite_clause(lang, c.book, c.id);
                let found = cited(&words);
                assert!(
                    found.first().is_some_and(|f| std::ptr::eq(*f, c)),
                    "{words}: {:?}",
                    found.iter().map(|f| f.citation()).collect::<Vec<_>>()
                );
            }
        }
    }

    /// Every clause the referee's sources cite (string literals and docstrings of the library
    /// and the CLI) has a glossary entry.
    #[test]
    fn every_clause_in_the_sources_has_an_entry() {
        let sources = [
            include_str!("xiangqi/facts.rs"),
            include_str!("xiangqi/repetition.rs"),
            include_str!("xiangqi/rules.rs"),
            include_str!("xiangqi/verdict.rs"),
            include_str!("xiangqi/limits.rs"),
            include_str!("xiangqi/ninerounds.rs"),
            include_str!("xiangqi/referee.rs"),
            include_str!("chess/judge.rs"),
            include_str!("chess/claims.rs"),
            include_str!("chess/dead.rs"),
            include_str!("chess/identity.rs"),
            include_str!("chess/error.rs"),
        ];
        let mut n = 0;
        for src in sources {
            for r in references(src) {
                n += 1;
                assert!(
                    r.clause.is_some(),
                    "no glossary entry for {} {}",
                    r.book.prefix(),
                    r.id
                );
            }
        }
        assert!(n > 100, "only {n} citations found");
    }

    #[test]
    fn lookup_by_short_and_long_names() {
        let ids = |b, q| lookup(b, q).iter().map(|c| c.citation()).collect::<Vec<_>>();
        assert_eq!(ids(Some(RuleBook::Axf), "d14"), ["AXF detailed rule 14"]);
        assert_eq!(ids(None, "AXF detailed rule 14"), ["AXF detailed rule 14"]);
        assert_eq!(
            ids(Some(RuleBook::Axf), "3"),
            ["AXF general rule 3", "AXF detailed rule 3"]
        );
        assert_eq!(ids(Some(RuleBook::Tw113), "procedure"), ["TW113 ch.4 procedure"]);
        assert_eq!(
            ids(Some(RuleBook::Fide), "9.2"),
            [
                "FIDE 9.2",
                "FIDE 9.2.1",
                "FIDE 9.2.1.1",
                "FIDE 9.2.1.2",
                "FIDE 9.2.3"
            ]
        );
        assert!(lookup(Some(RuleBook::Fide), "detailed rule 14").is_empty());
        let d14 = lookup(Some(RuleBook::Axf), "d14")[0];
        assert!(d14.en.contains("pins") && d14.zh.contains("牽制"));
    }

    /// Every exemption cites its own rule book's clause; where TW113 is silent the AXF clause is
    /// cited as a reading, and both resolve in the glossary.
    #[test]
    fn exemptions_cite_each_book() {
        use crate::xiangqi::facts::Exemption::{self, *};
        use crate::xiangqi::rules::RulesId;
        for e in Exemption::ALL {
            let axf = cited(&e.clause(RulesId::Axf).to_string());
            assert!(
                !axf.is_empty() && axf.iter().all(|c| c.book == RuleBook::Axf),
                "{e:?}"
            );
            let tw = e.clause(RulesId::Tw113).to_string();
            let books: Vec<RuleBook> = cited(&tw).iter().map(|c| c.book).collect();
            assert!(!books.is_empty(), "{e:?}: {tw}");
            assert!(
                books.iter().all(|b| *b == RuleBook::Tw113) || tw.contains("a reading: TW113 is silent"),
                "{e:?}: {tw}"
            );
        }
        assert_eq!(
            cited(&Protected.clause(RulesId::Tw113).to_string())[0].citation(),
            "TW113 general rules (true root)"
        );
        assert_eq!(
            cited(&ExchangeOffer.clause(RulesId::Tw113).to_string())[0].title,
            "same kind of piece"
        );
        assert_eq!(
            cited(&ChaserIsGeneral.clause(RulesId::Tw113).to_string())[0].citation(),
            "TW113 terms"
        );
    }

    /// `docs/clauses.md` is this glossary. To regenerate it after an edit:
    /// `ARBITER_WRITE_DOCS=1 cargo test -p arbiter-referee --lib glossary`.
    #[test]
    fn docs_clauses_md_is_the_glossary() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/clauses.md");
        if std::env::var_os("ARBITER_WRITE_DOCS").is_some() {
            std::fs::write(path, markdown()).expect("write docs/clauses.md");
        }
        let on_disk = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            on_disk == markdown(),
            "docs/clauses.md is out of date: ARBITER_WRITE_DOCS=1 cargo test -p arbiter-referee --lib glossary"
        );
    }

    #[test]
    fn lookup_reads_chinese_citations() {
        let ids = |book, q| lookup(book, q).iter().map(|c| c.citation()).collect::<Vec<_>>();
        assert_eq!(ids(Some(RuleBook::Axf), "細則第14條"), ["AXF detailed rule 14"]);
        assert_eq!(ids(Some(RuleBook::Axf), "细则14"), ["AXF detailed rule 14"]);
        assert_eq!(ids(None, "亞洲棋規總綱第3條"), ["AXF general rule 3"]);
        assert_eq!(ids(Some(RuleBook::Tw113), "裁判程序"), ["TW113 ch.4 procedure"]);
        assert_eq!(
            ids(Some(RuleBook::Tw113), "台灣棋規第二章判決原則表"),
            ["TW113 ch.2 table"]
        );
        assert_eq!(ids(Some(RuleBook::Axf), "自然限著"), ["AXF natural move limit"]);
        assert_eq!(
            ids(Some(RuleBook::Fide), "國際棋聯棋規第9.2.1條")[0],
            "FIDE 9.2.1"
        );
        assert!(lookup(Some(RuleBook::Axf), "細則第99條").is_empty());
    }

    /// Another book's clause that a report borrows as a reading is listed as such under the
    /// report's summaries (an AXF clause in a TW113 report), in each language; a book's own
    /// clause is listed plain.
    #[test]
    fn borrowed_clauses_are_summarised_as_readings() {
        use crate::citation::{Citation, ClauseId::*, Qualifier};
        use crate::types::Lang;
        let mut cited = CitedClauses::default();
        cited.write(|| {
            format!(
                "{} {} {}",
                Citation::of(RuleBook::Tw113, &[Table]),
                Citation::of(RuleBook::Axf, &[General(3)]).with(Qualifier::Silent(RuleBook::Tw113)),
                Citation::of(RuleBook::Tw113, &[Table])
                    .with(Qualifier::ReadingOf(RuleBook::Axf, Detailed(25))),
            )
        });
        let en = cited.summaries_in(Lang::En);
        let lines: Vec<&str> = en.lines().collect();
        assert_eq!(lines.len(), 4, "{en}");
        assert!(
            lines[1].starts_with("  TW113 ch.2 table (who must vary): "),
            "{en}"
        );
        assert!(
            lines[2].starts_with("  AXF general rule 3 (perpetual chase; a reading under TW113): "),
            "{en}"
        );
        assert!(
            lines[3].starts_with("  AXF detailed rule 25 (general or soldier always with another piece; a reading under TW113): "),
            "{en}"
        );
        let hant = cited.summaries_in(Lang::ZhHant);
        assert!(
            hant.contains("  亞洲棋規總綱第3條（長捉；借用於台灣棋規的解讀）："),
            "{hant}"
        );
        let hans = cited.summaries_in(Lang::ZhHans);
        assert!(
            hans.contains("  亚洲棋规总纲第3条（长捉；借用于台湾棋规的解读）："),
            "{hans}"
        );
        // An AXF report citing its own clause: plain.
        let mut own = CitedClauses::default();
        own.write(|| Citation::of(RuleBook::Axf, &[General(3)]).to_string());
        assert!(own
            .summaries_in(Lang::En)
            .contains("  AXF general rule 3 (perpetual chase): "));
    }

    #[test]
    fn summaries_end_a_report() {
        use crate::citation::{Citation, ClauseId::*};
        let mut cited = CitedClauses::default();
        let text = cited.write(|| {
            format!(
                "Clause: {}. ({}) {}",
                Citation::of(RuleBook::Axf, &[Detailed(13)]),
                Citation::of(RuleBook::Axf, &[General(2)]),
                Citation::of(RuleBook::Axf, &[Detailed(13)]),
            )
        });
        assert_eq!(
            text,
            "Clause: AXF detailed rule 13. (AXF general rule 2) AXF detailed rule 13"
        );
        // A citation compared, not written, is not cited.
        assert!(cited.write(|| Citation::of(RuleBook::Fide, &[Article("9.2")]) == "FIDE 9.2"));
        let s = cited.summaries_in(crate::types::Lang::En);
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[1].starts_with(
            "  AXF detailed rule 13 (chariot chasing an unprotected cannon): A chariot may not"
        ));
        assert!(lines[2].starts_with("  AXF general rule 2 (allowed mixtures):"));
        assert_eq!(CitedClauses::default().summaries_in(crate::types::Lang::En), "");
        // Outside a report being written, nothing is noted.
        let _ = Citation::of(RuleBook::Axf, &[General(1)]).to_string();
        assert_eq!(cited.entries().len(), 2);
    }
}
