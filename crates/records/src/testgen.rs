//! A deterministic generator for the crate's tests (xorshift64): the same seed gives the same
//! inputs on every run, so a failing case can be replayed.

/// Xorshift64 (Marsaglia 2003, shifts 13, 7, 17) over a non-zero seed.
pub(crate) struct Xorshift(pub(crate) u64);

impl Xorshift {
    /// The next 64-bit value.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// One of `items`, chosen by one [`Xorshift::next`] (`items` must not be empty).
    pub(crate) fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[(self.next() % items.len() as u64) as usize]
    }
}
