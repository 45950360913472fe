//! A flood's layers as words of cells, row by row, and looking cells up in them.

/// Cells of one row of a layer in one word: (row, word, bits).
pub(super) type Entry = (u32, u32, u64);
/// Cells of one layer, sorted by row then word.
pub(super) type Layer = Vec<Entry>;

/// Where the cells of `(row, word)` are in `layer`, as `binary_search` says (the place
/// they would go when absent), searched outwards from index `hint`: a few steps when they
/// are near it.
#[inline]
pub(super) fn search_near(layer: &[Entry], key: (u32, u32), hint: usize) -> Result<usize, usize> {
    // A walk back goes over a layer's cells in order, so most keys it looks up lie within a
    // few entries of the last one: step to them one by one, and gallop only when they are
    // further.
    const STEPS: usize = 8;
    let key_at = |i: usize| (layer[i].0, layer[i].1);
    let mut at = hint.min(layer.len());
    for _ in 0..STEPS {
        if at < layer.len() && key_at(at) < key {
            at += 1;
        } else if at > 0 && key_at(at - 1) >= key {
            at -= 1;
        } else if at < layer.len() && key_at(at) == key {
            return Ok(at);
        } else {
            return Err(at);
        }
    }
    gallop(layer, key, at)
}

/// Where the cells of `(row, word)` are in `layer`, as `binary_search` says, found by
/// ranges from index `hint` (at most the layer's length) that double until the key falls
/// inside one.
fn gallop(layer: &[Entry], key: (u32, u32), hint: usize) -> Result<usize, usize> {
    let key_at = |i: usize| (layer[i].0, layer[i].1);
    // Widen a range from the hint, doubling, until the key falls inside it.
    let (mut lo, mut hi) = (hint, hint);
    let mut step = 1;
    if hint < layer.len() && key_at(hint) < key {
        lo = hint + 1;
        hi = lo;
        while hi < layer.len() && key_at(hi) < key {
            lo = hi + 1;
            hi = (hi + step).min(layer.len());
            step *= 2;
        }
        hi = (hi + 1).min(layer.len());
    } else {
        while lo > 0 && key_at(lo - 1) >= key {
            hi = lo - 1;
            lo = lo.saturating_sub(step);
            step *= 2;
        }
        hi = (hi + 1).min(layer.len());
    }
    layer[lo..hi]
        .binary_search_by_key(&key, |&(r, w, _)| (r, w))
        .map(|at| lo + at)
        .map_err(|at| lo + at)
}

#[cfg(test)]
mod tests {
    use super::search_near;

    #[test]
    fn search_near_agrees_with_binary_search_from_any_hint() {
        // Every other (row, word) key of a 30 × 4 grid: present and absent keys alike, and
        // 60 entries, so that most hints lie further than its steps from the key and it
        // gallops, both ways.
        let layer: Vec<(u32, u32, u64)> = (0..30)
            .flat_map(|row| (0..4).map(move |word| (row, word, 1)))
            .filter(|&(row, word, _)| (row + word) % 2 == 0)
            .collect();
        for row in 0..31 {
            for word in 0..5 {
                let want = layer.binary_search_by_key(&(row, word), |&(r, w, _)| (r, w));
                for hint in 0..=layer.len() + 2 {
                    assert_eq!(
                        search_near(&layer, (row, word), hint),
                        want,
                        "key ({row}, {word}) from hint {hint}"
                    );
                }
            }
        }
        assert_eq!(search_near(&[], (0, 0), 3), Err(0));
    }
}
