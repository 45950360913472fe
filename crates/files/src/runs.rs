//! Runs: a line of cells cut into its longest stretches of equal value, the one scan behind
//! walls along grid lines, shapes of one colour and grid lines drawn over the map.

use std::ops::Range;

/// The longest stretches of consecutive positions of `range` over which `value` stays
/// equal, in order, each with its value.
pub fn runs<T: PartialEq>(
    range: Range<u32>,
    mut value: impl FnMut(u32) -> T,
) -> impl Iterator<Item = (T, Range<u32>)> {
    let end = range.end;
    let mut at = range.start;
    std::iter::from_fn(move || {
        if at >= end {
            return None;
        }
        let start = at;
        let first = value(at);
        at += 1;
        while at < end {
            let next = value(at);
            if next != first {
                // Looked at twice, at the end of one run and the start of the next: values
                // are cheap lookups.
                break;
            }
            at += 1;
        }
        Some((first, start..at))
    })
}

/// The longest stretches of `range` where `inside` holds.
pub fn runs_where(
    range: Range<u32>,
    inside: impl FnMut(u32) -> bool,
) -> impl Iterator<Item = Range<u32>> {
    runs(range, inside).filter_map(|(inside, run)| inside.then_some(run))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_cover_the_range_and_split_where_the_value_changes() {
        let line = b"aaabccaa";
        let all: Vec<(u8, Range<u32>)> = runs(0..8, |i| line[i as usize]).collect();
        assert_eq!(
            all,
            vec![(b'a', 0..3), (b'b', 3..4), (b'c', 4..6), (b'a', 6..8)]
        );
        let c: Vec<Range<u32>> = runs_where(2..8, |i| line[i as usize] != b'b').collect();
        assert_eq!(c, vec![2..3, 4..8]);
        assert_eq!(runs(5..5, |_| 0).count(), 0);
    }
}
