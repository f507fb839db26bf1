//! Whole-number options: one parser for every numeric option of every command, so that a value
//! that is not a whole number, negative, or outside the option's range is a usage error (exit 2)
//! that names the option, the value and the range, on the command line as in a server query.

use num_traits::{NumCast, PrimInt};
use std::fmt::Display;

/// The most worker threads any command takes.
pub const MAX_THREADS: usize = 1024;

/// The value parser of a whole-number option from `min` to `max` (both included). clap reports a
/// refusal as `invalid value 'V' for '--option <N>': ...; valid: MIN to MAX` and exits 2.
pub fn whole<T>(
    min: T,
    max: T,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: PrimInt + Display + Send + Sync + 'static,
{
    move |text: &str| parse(text, min, max)
}

/// The value parser of a whole-number option from `min` up to the largest value its type holds.
pub fn at_least<T>(min: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: PrimInt + Display + Send + Sync + 'static,
{
    whole(min, T::max_value())
}

/// `text` as a whole number from `min` to `max`, or why not, with the valid range.
pub fn parse<T: PrimInt + Display>(text: &str, min: T, max: T) -> Result<T, String> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("not a whole number; valid: {min} to {max}"));
    }
    // Digits past i128 are out of range as surely as those past the type.
    text.parse::<i128>()
        .ok()
        .and_then(<T as NumCast>::from)
        .filter(|v| (min..=max).contains(v))
        .ok_or_else(|| format!("out of range; valid: {min} to {max}"))
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn every_refusal_names_the_range() {
        assert_eq!(parse::<u64>("7", 1, 10), Ok(7));
        assert_eq!(parse::<u64>("+7", 1, 10), Ok(7));
        assert_eq!(parse::<u16>("0", 0, 65535), Ok(0));
        assert_eq!(parse::<usize>("-0", 0, 3), Ok(0));
        for (text, why) in [
            ("0", "out of range"),
            ("11", "out of range"),
            ("-5", "out of range"),
            ("99999999999999999999999999999999999999999", "out of range"),
            ("x", "not a whole number"),
            ("", "not a whole number"),
            ("-", "not a whole number"),
            ("3.5", "not a whole number"),
            ("1e3", "not a whole number"),
            (" 5", "not a whole number"),
        ] {
            assert_eq!(
                parse::<u64>(text, 1, 10),
                Err(format!("{why}; valid: 1 to 10")),
                "{text:?}"
            );
        }
        assert_eq!(
            parse::<u16>("65536", 0, u16::MAX),
            Err("out of range; valid: 0 to 65535".into())
        );
    }
}
