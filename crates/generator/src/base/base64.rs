//! Bytes as text and back in base64url without padding (RFC 4648, section 5): letters,
//! digits, `-` and `_`, safe in a web address, a file's text chunk and a JSON string.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` as base64url, without padding: four characters per three bytes.
#[must_use]
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let word = chunk
            .iter()
            .enumerate()
            .fold(0u32, |w, (i, &b)| w | u32::from(b) << (16 - 8 * i));
        for k in 0..=chunk.len() {
            out.push(ALPHABET[(word >> (18 - 6 * k) & 63) as usize] as char);
        }
    }
    out
}

/// The bytes `text` encodes as [`encode`] writes them; `None` for a character outside the
/// alphabet, a length no encoding has, or unused bits that are not zero (so that every
/// byte string has one text).
#[must_use]
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let digits: Vec<u32> = text
        .bytes()
        .map(|c| ALPHABET.iter().position(|&a| a == c).map(|d| d as u32))
        .collect::<Option<_>>()?;
    if digits.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let word = chunk
            .iter()
            .enumerate()
            .fold(0u32, |w, (i, &d)| w | d << (18 - 6 * i));
        let bytes = chunk.len() - 1;
        if word & ((1 << (24 - 8 * bytes)) - 1) != 0 {
            return None;
        }
        out.extend((0..bytes).map(|i| (word >> (16 - 8 * i)) as u8));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_come_back_and_texts_are_those_of_the_standard() {
        assert_eq!(encode(b"Man"), "TWFu");
        assert_eq!(encode(b"Ma"), "TWE");
        assert_eq!(encode(&[0xfb, 0xff]), "-_8");
        for len in 0..10 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 97 + 13) as u8).collect();
            assert_eq!(decode(&encode(&bytes)), Some(bytes));
        }
    }

    #[test]
    fn text_that_no_bytes_give_is_refused() {
        for bad in ["T", "TWF=", "TW+u", "TWF", "TWE\u{e9}"] {
            assert_eq!(decode(bad), None, "{bad}");
        }
        // `TWF` has unused bits set; `TWE` is the one text of `Ma`.
        assert_eq!(decode("TWE"), Some(b"Ma".to_vec()));
    }
}
