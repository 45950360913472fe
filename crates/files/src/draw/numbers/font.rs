//! The labels' pixel font: ink digits three pixels wide and five high, scaled up with the
//! cell, on a paper label a pixel wider all round.

/// The digits 0–9, three pixels wide and five high, a row of bits (4, 2, 1: left to right)
/// for each pixel row.
const DIGITS: [[u8; 5]; 10] = [
    [7, 5, 5, 5, 7],
    [2, 6, 2, 2, 7],
    [7, 1, 7, 4, 7],
    [7, 1, 3, 1, 7],
    [5, 5, 7, 1, 1],
    [7, 4, 7, 1, 7],
    [7, 4, 7, 5, 7],
    [7, 1, 1, 2, 2],
    [7, 5, 7, 5, 7],
    [7, 5, 7, 1, 7],
];

/// How many times the font is scaled up in a cell of `n` pixels: the digits' five rows and
/// a pixel of label above and below fit in the cell.
#[must_use]
pub fn scale(n: u32) -> u32 {
    (n.saturating_sub(2) / 5).max(1)
}

/// The size in pixels of `number`'s label at `scale`: the digits with a pixel of space
/// between them and a margin of a pixel around.
#[must_use]
pub fn label_size(number: usize, scale: u32) -> (u32, u32) {
    let digits = number.to_string().len() as u32;
    (digits * 4 * scale - scale + 2, 5 * scale + 2)
}

/// Hand `ink` each ink rectangle (x, y, w, h) of `number`'s digits at `scale`, relative to
/// the label's top-left corner.
pub fn for_each_ink(number: usize, scale: u32, mut ink: impl FnMut(u32, u32, u32, u32)) {
    for (i, digit) in number.to_string().bytes().enumerate() {
        let glyph = DIGITS[usize::from(digit - b'0')];
        let left = 1 + i as u32 * 4 * scale;
        for (row, bits) in glyph.iter().enumerate() {
            for column in 0..3 {
                if bits & (4 >> column) != 0 {
                    ink(left + column * scale, 1 + row as u32 * scale, scale, scale);
                }
            }
        }
    }
}
