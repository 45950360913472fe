//! Numbers in the JSON formats as their own programs write them: whole where they are
//! whole (`256`, not `256.0`), as Dungeondraft and Tiled do.

use serde::Serialize;

/// A number written whole (`7`) when it is whole, else as a decimal (`7.5`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Number(pub f64);

impl Serialize for Number {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Number(n) = *self;
        // Whole numbers within ±2^53 are exactly an i64.
        if n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0 {
            serializer.serialize_i64(n as i64)
        } else {
            serializer.serialize_f64(n)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_are_written_whole() {
        let text = |n: f64| serde_json::to_string(&Number(n)).unwrap();
        assert_eq!(text(256.0), "256");
        assert_eq!(text(-3.0), "-3");
        assert_eq!(text(7.5), "7.5");
        assert_eq!(text(1e300), "1e+300");
    }
}
