//! Small text helpers every layer uses: names of enumerated choices and digit grouping.

/// The name of `value` in a table of named choices (`"?"` if it is missing, which tables prevent).
pub fn name_in<T: Copy + PartialEq>(all: &[(&'static str, T)], value: T) -> &'static str {
    all.iter()
        .find(|(_, v)| *v == value)
        .map_or("?", |(n, _)| n)
}

/// Looks `value` up among named choices; on failure the message lists what would be valid.
pub fn parse_choice<T: Copy>(
    what: &str,
    value: &str,
    all: &[(&'static str, T)],
) -> Result<T, String> {
    all.iter()
        .find(|(n, _)| *n == value)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let names: Vec<String> = all.iter().map(|(n, _)| format!("\"{n}\"")).collect();
            format!(
                "unknown {what} \"{value}\"; expected one of {}",
                names.join(", ")
            )
        })
}

/// `n` with thousands separators: `14,282,614`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
