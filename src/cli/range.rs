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

/// The value parser of a decimal option from `min` to `max` (such as `1e-9` or `0.000000001`).
pub fn decimal(min: f64, max: f64) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync {
    move |text: &str| {
        let valid = format!("valid: {min:e} to {max:e}");
        // `f64::from_str` also takes `inf`, `NaN` and a leading `+`: a gap is written plainly.
        let plain = !text.is_empty()
            && text
                .bytes()
                .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-'));
        match text.parse::<f64>() {
            Ok(x) if plain && (min..=max).contains(&x) => Ok(x),
            Ok(_) if plain => Err(format!("out of range; {valid}")),
            _ => Err(format!("not a number; {valid}")),
        }
    }
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

/// What [`size`] takes, as its refusals say.
pub const SIZE_VALID: &str = "a number and a unit, such as 1G, 1500M or 2.5GB (K, M, G, T or KB, \
     MB, GB, TB: powers of 1000; KiB, MiB, GiB, TiB: powers of 1024; B: bytes; no unit: \
     megabytes), at least 1 byte and at most 18446744073709551615 bytes";

/// The value parser of a memory size (`--memory 1.5G`): bytes, rounded down. Digits, at most
/// one decimal point with at most nine decimals after it, then a unit ([`SIZE_VALID`]; any case;
/// none: megabytes); no sign, space or exponent. A refusal says why and what is valid.
pub fn size(text: &str) -> Result<u64, String> {
    let refuse = |why: &str| Err(format!("{why}; valid: {SIZE_VALID}"));
    if text.is_empty() {
        return refuse("empty");
    }
    let split = text
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let unit: u128 = match unit.to_ascii_lowercase().as_str() {
        "b" => 1,
        "k" | "kb" => 1_000,
        "" | "m" | "mb" => 1_000_000,
        "g" | "gb" => 1_000_000_000,
        "t" | "tb" => 1_000_000_000_000,
        "kib" => 1 << 10,
        "mib" => 1 << 20,
        "gib" => 1 << 30,
        "tib" => 1 << 40,
        _ => return refuse("not a size"),
    };
    let (whole, decimals) = number.split_once('.').unwrap_or((number, ""));
    if whole.is_empty()
        || (number.contains('.') && decimals.is_empty())
        || decimals.contains('.')
        || decimals.len() > 9
    {
        return refuse("not a size");
    }
    let whole = whole.trim_start_matches('0');
    // Past 20 digits the number is past every u64 count of bytes whatever the unit.
    if whole.len() > 20 {
        return refuse("out of range");
    }
    let digits = |d: &str| d.bytes().fold(0u128, |n, b| n * 10 + (b - b'0') as u128);
    let scale = 10u128.pow(decimals.len() as u32);
    let bytes = digits(whole) * unit + digits(decimals) * unit / scale;
    match u64::try_from(bytes) {
        Ok(0) => refuse("out of range"),
        Ok(b) => Ok(b),
        Err(_) => refuse("out of range"),
    }
}

#[cfg(test)]
mod tests {
    use super::{SIZE_VALID, parse, size};

    #[test]
    fn sizes_take_units_and_refuse_everything_else() {
        for (text, bytes) in [
            ("1G", 1_000_000_000),
            ("1g", 1_000_000_000),
            ("1500M", 1_500_000_000),
            ("2.5GB", 2_500_000_000),
            ("1500", 1_500_000_000),
            ("0.5", 500_000),
            ("4096B", 4096),
            ("1KiB", 1024),
            ("1.5GiB", 1_610_612_736),
            ("2TB", 2_000_000_000_000),
            ("0001K", 1000),
            ("1.000000001G", 1_000_000_001),
            ("18446744073709551615B", u64::MAX),
        ] {
            assert_eq!(size(text), Ok(bytes), "{text}");
        }
        for (text, why) in [
            ("", "empty"),
            ("0", "out of range"),
            ("0G", "out of range"),
            ("0.1B", "out of range"),
            ("-1G", "not a size"),
            ("+1G", "not a size"),
            ("1X", "not a size"),
            ("1 G", "not a size"),
            (" 1G", "not a size"),
            ("1G ", "not a size"),
            ("G", "not a size"),
            (".5G", "not a size"),
            ("1.G", "not a size"),
            ("1.2.3G", "not a size"),
            ("1e9", "not a size"),
            ("1GGB", "not a size"),
            ("inf", "not a size"),
            ("NaN", "not a size"),
            ("1.0000000001G", "not a size"),
            ("\u{661}G", "not a size"),
            ("18446744073709551616B", "out of range"),
            ("20000000000000T", "out of range"),
            ("99999999999999999999999999999999999999999G", "out of range"),
        ] {
            assert_eq!(
                size(text),
                Err(format!("{why}; valid: {SIZE_VALID}")),
                "{text:?}"
            );
        }
    }

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
