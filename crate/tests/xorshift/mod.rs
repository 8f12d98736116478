//! The deterministic generator the never-panic tests share, so every run repeats exactly.

/// xorshift64*: enough spread for test inputs, and no dependency.
pub struct Rng(pub u64);

#[allow(dead_code)] // Each test crate uses its own subset.
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n`; `n` must not be zero.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// One of `list`, which must not be empty.
    pub fn pick<'a>(&mut self, list: &[&'a str]) -> &'a str {
        list[self.below(list.len())]
    }
}
