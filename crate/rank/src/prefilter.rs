//! Bit-set prefilters: cheap tests that rule an entry out before any text is compared.

/// Bits for the pairs of neighbouring chars in `text`, hashed into 64.
pub(super) fn pair_bits(text: &str) -> u64 {
    let mut bits = 0u64;
    let mut prev: Option<char> = None;
    for c in text.chars() {
        if let Some(p) = prev {
            bits |= pair_bit(p, c);
        }
        prev = Some(c);
    }
    bits
}

fn pair_bit(a: char, b: char) -> u64 {
    1 << ((a as u32).wrapping_mul(31).wrapping_add(b as u32) % 64)
}

/// The pair bit of a word's first two chars, or none when it has fewer.
pub(super) fn first_pair_bit_or_none(word: &str) -> u64 {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(a), Some(b)) => pair_bit(a, b),
        _ => 0,
    }
}

/// The pair bit of a word's first two chars, or every bit when it has fewer.
pub(super) fn first_pair_bit(word: &str) -> u64 {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(a), Some(b)) => pair_bit(a, b),
        _ => u64::MAX,
    }
}

/// One bit per ASCII letter or digit, one for anything else: a cheap "could this match" test.
pub(super) fn char_mask(text: &str) -> u64 {
    let mut mask = 0u64;
    for c in text.chars() {
        mask |= char_bit(c);
    }
    mask
}

pub(super) fn char_bit(c: char) -> u64 {
    match c {
        'a'..='z' => 1 << (c as u32 - 'a' as u32),
        'A'..='Z' => 1 << (c.to_ascii_lowercase() as u32 - 'a' as u32),
        '0'..='9' => 1 << (26 + c as u32 - '0' as u32),
        c if c.is_whitespace() => 0,
        _ => 1 << 40,
    }
}
