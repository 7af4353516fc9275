//! CBL: a ChessBridge library of CBR records (docs/formats.md, the CBL rows).
//!
//! Header: magic `CCBridgeLibrary\0`, index capacity (u32 at 60), library name (UTF-16LE at
//! 64), an index of 276-byte entries at 66624 (u32 flags, u32 slot, …; live entries have
//! flags 7), then 4096-byte record slots from `66624 + 276 × capacity`, each a CBR image.
//!
//! Records are found as the reference readers find them: every occurrence of the CBR magic
//! from the first slot on, each record running to the next occurrence (so a record longer
//! than one slot is read whole). Each record is returned with its slot number and whether a
//! live index entry points to it.
//!
//! Reading choices (docs/formats.md, the CBL rows): a record with no piece and no move is a section title,
//! not a game — [`crate::games`] skips it (its slot number stays the index of nothing); a slot
//! that no live index entry points to while other entries are live is a stale copy left by
//! ChessBridge (in `longhua_cup_1989_35games.cbl`, slot 37 is a byte copy of slot 36 and its
//! entry has flags 5) — [`crate::games`] skips it too. [`records`] lists all of them.

use crate::cbr;
use crate::tree::{Fault, Malformed};

/// The first 16 bytes of a CBL library.
pub const MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";
/// Where the index table starts.
pub const INDEX_AT: usize = 66624;
/// Bytes per index entry.
pub const ENTRY_SIZE: usize = 276;
/// Bytes per record slot.
pub const SLOT_SIZE: usize = 4096;
/// Largest index capacity read (the program offers 128–512).
pub const MAX_CAPACITY: usize = 65536;

/// Whether bytes start like a CBL library.
pub fn is_cbl(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

/// Whether bytes start like the other, zlib-compressed container that also uses `.cbl`
/// (`CCBridge` then u32 21); it is not read.
pub fn is_compressed_cbl(bytes: &[u8]) -> bool {
    bytes.starts_with(b"CCBridge") && !is_cbl(bytes) && !cbr::is_cbr(bytes)
}

/// One record of a library, located but not yet decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    /// Byte offset of its CBR image in the library file.
    pub offset: usize,
    /// End of the image (the next record's start or the end of the file).
    pub end: usize,
    /// Slot number (`(offset − first slot) / 4096`).
    pub slot: usize,
    /// Whether a live index entry (flags 7) points to this slot.
    pub live: bool,
}

/// A library's name and the records it holds, in file order.
#[derive(Clone, Debug)]
pub struct Library {
    pub name: String,
    /// Index capacity (entries in the index table).
    pub capacity: usize,
    /// Whether any index entry is live (when none is, every slot counts as live).
    pub indexed: bool,
    pub slots: Vec<Slot>,
}

/// Read a library's header and locate its records.
///
/// # Errors
/// [`Malformed`] (format `CBL`) when the magic is missing, the capacity is 0 or above
/// [`MAX_CAPACITY`], or the file ends before the first slot.
pub fn library(bytes: &[u8]) -> Result<Library, Malformed> {
    if !is_cbl(bytes) {
        return Err(Malformed::new("CBL", 0, Fault::NoLibraryMagic));
    }
    let cap = bytes
        .get(60..64)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
        .ok_or_else(|| Malformed::new("CBL", bytes.len(), Fault::HeaderCut))?;
    if cap == 0 || cap > MAX_CAPACITY {
        return Err(Malformed::new("CBL", 60, Fault::Capacity(cap)));
    }
    let first = INDEX_AT + ENTRY_SIZE * cap;
    if bytes.len() < first {
        return Err(Malformed::new("CBL", bytes.len(), Fault::NoFirstSlot(first)));
    }
    let name = cbr::utf16_field(bytes, 64, 512);
    let mut live_slots = Vec::new();
    for e in 0..cap {
        let at = INDEX_AT + ENTRY_SIZE * e;
        let flags = u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        let slot = u32::from_le_bytes([bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]]) as usize;
        if flags == 7 {
            live_slots.push(slot);
        }
    }
    live_slots.sort_unstable();
    let indexed = !live_slots.is_empty();
    let mut starts = Vec::new();
    let mut at = first;
    while let Some(i) = find(&bytes[at..], cbr::MAGIC) {
        starts.push(at + i);
        at += i + cbr::MAGIC.len();
    }
    let slots = starts
        .iter()
        .enumerate()
        .map(|(k, &offset)| {
            let slot = (offset - first) / SLOT_SIZE;
            Slot {
                offset,
                end: starts.get(k + 1).copied().unwrap_or(bytes.len()),
                slot,
                live: !indexed || live_slots.binary_search(&slot).is_ok(),
            }
        })
        .collect();
    Ok(Library {
        name,
        capacity: cap,
        indexed,
        slots,
    })
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Decode every record of a library (title-only records and stale slots included), each with
/// its slot; errors name offsets in the library file.
///
/// # Errors
/// As [`library`]; a record's own problems are its inner `Err`.
#[allow(clippy::type_complexity)]
pub fn records(bytes: &[u8]) -> Result<Vec<(Slot, Result<crate::tree::TreeGame, Malformed>)>, Malformed> {
    let lib = library(bytes)?;
    Ok(lib
        .slots
        .into_iter()
        .map(|s| {
            let r = cbr::parse(&bytes[s.offset..s.end], s.offset);
            (s, r)
        })
        .collect())
}
