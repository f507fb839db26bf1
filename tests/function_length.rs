//! No function over 80 lines: a function that long holds ideas without names.
//!
//! Scans every `.rs` file under `src/` and `python/src/` and measures each function from the line
//! of its `fn` keyword to the line of its matching closing brace. The allow-list names the ones
//! that stay longer, each with why; an entry that no longer needs to be there fails too, so the
//! list only shrinks.

#[path = "common/sources.rs"]
mod sources;

/// The longest a function may be, in lines from `fn` to its closing brace, both counted.
const LIMIT: usize = 80;

/// Functions that may stay over the limit: file (from the project's root), name, why. Empty: the
/// searches once here (branch and bound, IDA*, best-first) were split at their ideas, at the same
/// speed (docs/speed.md).
const ALLOWED: &[(&str, &str, &str)] = &[];

/// A function found by [`scan`]: its name, the line of its `fn` (1-based) and its length in lines.
#[derive(Debug, PartialEq)]
struct Function {
    name: String,
    line: usize,
    lines: usize,
}

/// The source with comments, string and char literals blanked to spaces (newlines kept), so
/// that braces and `fn` inside them are not seen; line numbers stay where they were.
fn code_only(src: &str) -> Vec<char> {
    let s: Vec<char> = src.chars().collect();
    let mut out = s.clone();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let blank = |out: &mut Vec<char>, from: usize, to: usize| {
        for c in &mut out[from..to.min(s.len())] {
            if *c != '\n' {
                *c = ' ';
            }
        }
    };
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        let next = s.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            let end = s[i..]
                .iter()
                .position(|&c| c == '\n')
                .map_or(s.len(), |p| i + p);
            blank(&mut out, i, end);
            i = end;
        } else if c == '/' && next == Some('*') {
            // Block comments nest in Rust.
            let (mut depth, mut j) = (0usize, i);
            while j < s.len() {
                if s[j] == '/' && s.get(j + 1) == Some(&'*') {
                    depth += 1;
                    j += 2;
                } else if s[j] == '*' && s.get(j + 1) == Some(&'/') {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if let Some(end) = raw_string_end(&s, i).filter(|_| i == 0 || !ident(s[i - 1])) {
            blank(&mut out, i, end);
            i = end;
        } else if c == '"' {
            let mut j = i + 1;
            while j < s.len() && s[j] != '"' {
                j += if s[j] == '\\' { 2 } else { 1 };
            }
            blank(&mut out, i, j + 1);
            i = j + 1;
        } else if c == '\'' {
            // A char literal ('{', '\'', '\u{7b}'), else a lifetime or label ('a), left as is.
            let end = if next == Some('\\') {
                let mut j = i + 3; // past the escaped char, which may be the quote itself
                while j < s.len() && s[j] != '\'' {
                    j += 1;
                }
                Some(j + 1)
            } else if s.get(i + 2) == Some(&'\'') {
                Some(i + 3)
            } else {
                None
            };
            match end {
                Some(end) => {
                    blank(&mut out, i, end);
                    i = end;
                }
                None => i += 1,
            }
        } else {
            i += 1;
        }
    }
    out
}

/// Where the raw string (`r"…"`, `r#"…"#`, `br"…"`, `cr#"…"#`) starting at `i` ends, if one does.
fn raw_string_end(s: &[char], i: usize) -> Option<usize> {
    let mut j = i;
    if matches!(s.get(j), Some('b' | 'c')) {
        j += 1;
    }
    if s.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let hashes = s[j..].iter().take_while(|&&c| c == '#').count();
    j += hashes;
    if s.get(j) != Some(&'"') {
        return None; // `r#ident`, or just a name ending in r
    }
    j += 1;
    loop {
        if j >= s.len() {
            return Some(s.len());
        }
        if s[j] == '"'
            && s[j + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == '#')
                .count()
                == hashes
        {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
}

/// Every function with a body in `src`, nested ones included, with its length in lines.
fn scan(src: &str) -> Vec<Function> {
    let s = code_only(src);
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let line_of = |at: usize| s[..at].iter().filter(|&&c| c == '\n').count() + 1;
    let mut found = Vec::new();
    for i in 0..s.len() {
        let is_fn = s[i] == 'f'
            && s.get(i + 1) == Some(&'n')
            && (i == 0 || !ident(s[i - 1]))
            && s.get(i + 2).is_some_and(|c| c.is_whitespace());
        if !is_fn {
            continue;
        }
        let mut j = i + 2;
        while j < s.len() && s[j].is_whitespace() {
            j += 1;
        }
        let start = j;
        while j < s.len() && ident(s[j]) {
            j += 1;
        }
        if start == j {
            continue; // a `fn(…)` pointer type
        }
        let name: String = s[start..j].iter().collect();
        // The body opens at the first `{` outside the parameters' parentheses and brackets; a `;`
        // there first means a declaration without a body (in a trait or an `extern` block).
        let mut depth = 0i32;
        let mut open = None;
        while j < s.len() {
            match s[j] {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                ';' if depth == 0 => break,
                '{' if depth == 0 => {
                    open = Some(j);
                    break;
                }
                _ => {}
            }
            j += 1;
        }
        let Some(open) = open else { continue };
        let mut braces = 0usize;
        let mut close = None;
        for (k, &c) in s.iter().enumerate().skip(open) {
            if c == '{' {
                braces += 1;
            } else if c == '}' {
                braces -= 1;
                if braces == 0 {
                    close = Some(k);
                    break;
                }
            }
        }
        let close = close.unwrap_or_else(|| panic!("unmatched brace for fn {name}"));
        let line = line_of(i);
        found.push(Function {
            name,
            line,
            lines: line_of(close) - line + 1,
        });
    }
    found
}

#[test]
fn no_function_is_over_the_limit() {
    let mut files = sources::rust_files("src");
    files.extend(sources::rust_files("python/src"));
    assert!(files.len() > 50, "found only {} files", files.len());
    let mut over = Vec::new();
    let mut still_needed = vec![false; ALLOWED.len()];
    for source in &files {
        let rel = source.path.as_str();
        for f in scan(&source.text) {
            if f.lines <= LIMIT {
                continue;
            }
            match ALLOWED
                .iter()
                .position(|&(file, name, _)| file == rel && name == f.name)
            {
                Some(k) => still_needed[k] = true,
                None => over.push(format!("{rel}:{} {} ({} lines)", f.line, f.name, f.lines)),
            }
        }
    }
    let stale: Vec<String> = ALLOWED
        .iter()
        .zip(&still_needed)
        .filter(|&(_, &needed)| !needed)
        .map(|((file, name, _), _)| format!("{file} {name}"))
        .collect();
    assert!(
        over.is_empty(),
        "functions over {LIMIT} lines (split them at the ideas they hold):\n{}",
        over.join("\n")
    );
    assert!(
        stale.is_empty(),
        "allow-listed but no longer over {LIMIT} lines (remove them from ALLOWED):\n{}",
        stale.join("\n")
    );
}

#[test]
fn the_scanner_matches_braces_past_literals_and_comments() {
    let src = r####"
fn small() {
    let c = '{';
    let s = "}}} fn fake() {";
    let r = r#"}" fn raw() {"#;
    // } fn commented() {
    /* } /* nested } */ { */
    let q = '\'';
    let e = '\u{7d}';
    let b = b'}';
}

trait T {
    fn declared(&self, x: [u8; 3]);
    fn defaulted<'a>(&'a self) -> &'a str {
        let p: fn(u8) -> u8 = |x| x;
        'outer: loop {
            break 'outer;
        }
        ""
    }
}

fn outer() -> Result<(), String> {
    fn inner() {
    }
    Ok(())
}
"####;
    let found = scan(src);
    let got: Vec<(&str, usize, usize)> = found
        .iter()
        .map(|f| (f.name.as_str(), f.line, f.lines))
        .collect();
    assert_eq!(
        got,
        [
            ("small", 2, 10),
            ("defaulted", 15, 7),
            ("outer", 24, 5),
            ("inner", 25, 2)
        ]
    );
}

#[test]
fn the_scanner_sees_a_long_function() {
    let body = "    let x = 1;\n".repeat(LIMIT);
    let src = format!("fn long() {{\n{body}}}\n");
    let found = scan(&src);
    assert_eq!(
        found,
        [Function {
            name: "long".into(),
            line: 1,
            lines: LIMIT + 2
        }]
    );
    assert!(found[0].lines > LIMIT);
}
