//! Small text helpers every layer uses: names of enumerated choices and digit grouping.

/// The name of `value` in a table of named choices (`"?"` if it is missing, which tables prevent).
pub(crate) fn name_in<T: Copy + PartialEq>(all: &[(&'static str, T)], value: T) -> &'static str {
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

/// `n` and the word for it: `1 piece`, `4 pieces` (`plural(n, "piece", "pieces")`).
pub fn plural<N: std::fmt::Display + PartialEq + From<u8>>(n: N, one: &str, many: &str) -> String {
    let word = if n == N::from(1) { one } else { many };
    format!("{n} {word}")
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

/// Whether `c` would act on a terminal or hide itself rather than show as a letter: a control
/// character (C0, DEL, C1), a zero-width or invisible one (zero-width space, joiners, word joiner,
/// soft hyphen, byte-order mark, Hangul fillers, tags) or a bidirectional control (embeddings,
/// overrides, isolates, marks). Board files refuse them in names and free text (see
/// `docs/board-format.md`): printed raw they could retitle a terminal or make `​green` read as
/// `green`.
pub fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF9}'..='\u{FFFB}'
                | '\u{E0000}'..='\u{E007F}'
        )
}

/// `s` with every [`hidden`] character written as `\u{XXXX}`, for a message that quotes it.
pub fn escape_hidden(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if hidden(c) {
            out.push_str(&format!("\\u{{{:04X}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}
