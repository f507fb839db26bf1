//! Facts: numbers in the running text of the docs, each listed in `docs/facts.toml` with the
//! sentence it stands in and where the program computes it.
//!
//! An entry:
//! ```toml
//! [[fact]]
//! pages = ["README.md", "docs/dice.md"]  # every page whose text holds it (at least once each)
//! text = "needs **{} turns**"            # the words around it; `{}` is the number (`{_}`
//!                                        # stands for a number that is not this fact's)
//! run = "boardpath dice --format json"   # the command that computes it
//! at = "/results/0/expected_turns"       # a JSON pointer into its output; a step
//!                                        # `[key=value]` picks the array element with that field;
//!                                        # a list of pointers where `text` holds several `{}`
//!                                        # (a table row), one for each in order
//! digits = 2                             # decimals (0 when absent); a whole number in the
//!                                        # JSON is shown without decimals
//! thousands = true                       # 1,234,567 (false when absent)
//!                                        # (digits and thousands: one value, or one per `{}`;
//!                                        # a shorter list's last value stands for the rest)
//! scale = 100.0                          # multiplies the value first (a share as a
//!                                        # percentage); one value, or one per `{}`
//! heavy = true                           # only with BOARDPATH_DOCS_HEAVY
//! ```
//! A number the program takes too long to compute in a test (the 3-piece game: an hour) comes
//! from the run on record instead: `run = "record:docs/runs/FILE.md"`, and `at` is the text in the
//! record that the number follows; `A >> B` is the first `B` after the first `A` (a record of
//! several runs: `A` names the run), and a last ` #N` takes the `N`-th number after the text (a
//! row of a table).

use super::{heavy, regenerating, rewrite, root, shell};
use serde::Deserialize;
use serde_json::Value;
use std::collections::HashMap;

/// One number of the prose.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fact {
    pages: Vec<String>,
    text: String,
    run: String,
    at: OneOrEach<String>,
    #[serde(default)]
    digits: OneOrEach<usize>,
    #[serde(default)]
    thousands: OneOrEach<bool>,
    scale: Option<OneOrEach<f64>>,
    #[serde(default)]
    heavy: bool,
}

/// A setting given once for every number of a fact, or once for each.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum OneOrEach<T> {
    One(T),
    Each(Vec<T>),
}

impl<T: Default> Default for OneOrEach<T> {
    fn default() -> Self {
        OneOrEach::One(T::default())
    }
}

impl<T: Clone> OneOrEach<T> {
    /// The setting of the `i`-th number: a list shorter than the numbers gives its last value to
    /// the rest.
    fn get(&self, i: usize) -> T {
        match self {
            OneOrEach::One(v) => v.clone(),
            OneOrEach::Each(list) => list
                .get(i)
                .or(list.last())
                .expect("docs/facts.toml: a list of settings holds at least one")
                .clone(),
        }
    }

    /// Every value given, in order.
    fn all(&self) -> Vec<T> {
        match self {
            OneOrEach::One(v) => vec![v.clone()],
            OneOrEach::Each(list) => list.clone(),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Facts {
    fact: Vec<Fact>,
}

/// The steps of a pointer: split at each `/` outside brackets (a selected value may hold `/`).
fn steps(at: &str) -> Vec<&str> {
    let mut steps = Vec::new();
    let (mut depth, mut start) = (0, 1);
    for (i, c) in at.char_indices().skip(1) {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            '/' if depth == 0 => {
                steps.push(&at[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    steps.push(&at[start..]);
    steps
}

/// The value at `at` in `json`: a JSON pointer whose steps may be `[key=value]` (or
/// `[k1=v1&k2=v2]`), the element of an array whose field `key` is the string (or number) `value`.
pub fn find<'a>(json: &'a Value, at: &str) -> Option<&'a Value> {
    let mut here = json;
    for step in steps(at) {
        here = match step.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
            Some(select) => {
                let wanted: Vec<(&str, &str)> = select
                    .split('&')
                    .map(|c| c.split_once('='))
                    .collect::<Option<_>>()?;
                here.as_array()?.iter().find(|e| {
                    wanted.iter().all(|&(key, want)| match e.get(key) {
                        Some(Value::String(s)) => s == want,
                        Some(v) => v.as_f64().is_some() && v.as_f64() == want.parse().ok(),
                        None => false,
                    })
                })?
            }
            None => match here {
                Value::Array(a) => a.get(step.parse::<usize>().ok()?)?,
                _ => here.get(step)?,
            },
        };
    }
    Some(here)
}

/// `v` with `digits` decimals, the whole part grouped by thousands when asked.
pub fn show(v: f64, digits: usize, thousands: bool) -> String {
    let text = format!("{v:.digits$}");
    if !thousands {
        return text;
    }
    let (sign, text) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text.as_str()),
    };
    let (whole, fraction) = text.split_at(text.find('.').unwrap_or(text.len()));
    let mut grouped = String::new();
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{sign}{grouped}{fraction}")
}

/// The length of the number at the start of `rest`: `-`, digits, commas and a decimal point
/// each followed by a digit; 0 where none starts there.
fn number(rest: &[u8]) -> usize {
    let mut end = 0;
    while end < rest.len() {
        let c = rest[end];
        let next_digit = rest.get(end + 1).is_some_and(u8::is_ascii_digit);
        // An exponent (`1.47e-10`): `e`, an optional minus, a digit.
        let exponent = (c == b'e' || c == b'E')
            && end > 0
            && (next_digit
                || rest.get(end + 1) == Some(&b'-')
                    && rest.get(end + 2).is_some_and(u8::is_ascii_digit));
        let ok = c.is_ascii_digit()
            || (c == b'-' && end == 0 && next_digit)
            || (c == b'-' && end > 0 && matches!(rest[end - 1], b'e' | b'E') && next_digit)
            || exponent
            || (end > 0 && (c == b',' || c == b'.') && next_digit);
        if !ok {
            break;
        }
        end += 1;
    }
    end
}

/// Where `template`'s numbers stand in `page`: for each occurrence of the whole template (its
/// words as written, a number in place of each `{}` and `{_}`), the byte range of each number in
/// place of a `{}`, in order (a `{_}` matches a number that is not checked: another fact's).
pub fn places(page: &str, template: &str) -> Vec<Vec<std::ops::Range<usize>>> {
    let mut words = Vec::new();
    let mut checked = Vec::new();
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        let marker = if rest[i..].starts_with("{}") {
            Some((2, true))
        } else if rest[i..].starts_with("{_}") {
            Some((3, false))
        } else {
            None
        };
        let Some((len, check)) = marker else {
            panic!("a fact's text holds `{{}}` or `{{_}}`, no other braces: {template}");
        };
        words.push(&rest[..i]);
        checked.push(check);
        rest = &rest[i + len..];
    }
    words.push(rest);
    assert!(words.len() > 1, "a fact's text holds `{{}}`: {template}");
    assert!(
        !words[0].is_empty(),
        "a fact's text starts with words, which place its first number: {template}"
    );
    let mut found = Vec::new();
    'occurrence: for (start, _) in page.match_indices(words[0]) {
        let mut at = start + words[0].len();
        let mut numbers = Vec::new();
        for (word, &check) in words[1..].iter().zip(&checked) {
            let len = number(&page.as_bytes()[at..]);
            if len == 0 || !page[at + len..].starts_with(word) {
                continue 'occurrence;
            }
            if check {
                numbers.push(at..at + len);
            }
            at += len + word.len();
        }
        found.push(numbers);
    }
    found
}

/// Checks (or rewrites) every fact; returns how many were checked and the failures.
pub fn check_all() -> (usize, Vec<String>) {
    let list = std::fs::read_to_string(root().join("docs/facts.toml")).unwrap();
    let facts: Facts = toml::from_str(&list).unwrap_or_else(|e| panic!("docs/facts.toml: {e}"));
    let mut outputs: HashMap<String, Result<Value, String>> = HashMap::new();
    let (mut ran, mut failures) = (0, Vec::new());
    for fact in &facts.fact {
        if fact.heavy && !heavy() {
            continue;
        }
        ran += 1;
        let output = outputs.entry(fact.run.clone()).or_insert_with(|| {
            match fact.run.strip_prefix("record:") {
                Some(path) => Ok(Value::String(
                    std::fs::read_to_string(root().join(path))
                        .unwrap_or_else(|e| panic!("{path}: {e}")),
                )),
                None => run(&fact.run),
            }
        });
        let want = match output {
            Ok(json) => match values(json, fact) {
                Ok(want) => want,
                Err(e) => {
                    failures.push(e);
                    continue;
                }
            },
            Err(e) => {
                failures.push(e.clone());
                continue;
            }
        };
        for page in &fact.pages {
            failures.extend(check(page, fact, &want));
        }
    }
    (ran, failures)
}

/// The number at `at`, and whether it is written as a whole number: a JSON pointer into a
/// command's output, or, in a record (a string), the first number after the text `at`.
fn lookup(source: &Value, at: &str) -> Option<(f64, bool)> {
    match source {
        Value::String(record) => {
            let (at, nth) = match at.rsplit_once(" #") {
                Some((text, n)) if n.parse::<usize>().is_ok_and(|n| n > 0) => {
                    (text, n.parse().ok()?)
                }
                _ => (at, 1),
            };
            let mut from = 0;
            for part in at.split(" >> ") {
                from += record[from..].find(part)? + part.len();
            }
            let mut rest = &record[from..];
            for _ in 1..nth {
                let start = rest.find(|c: char| c.is_ascii_digit())?;
                rest = &rest[start + number(&rest.as_bytes()[start..])..];
            }
            let start = rest.find(|c: char| c.is_ascii_digit())?;
            let text = &rest[start..start + number(&rest.as_bytes()[start..])];
            Some((text.replace(',', "").parse().ok()?, !text.contains('.')))
        }
        json => {
            let v = find(json, at)?;
            Some((v.as_f64()?, v.is_i64() || v.is_u64()))
        }
    }
}

/// The numbers of `fact` in `json`, shown as the docs write them.
fn values(json: &Value, fact: &Fact) -> Result<Vec<String>, String> {
    fact.at
        .all()
        .iter()
        .enumerate()
        .map(|(i, at)| match lookup(json, at) {
            Some((v, whole)) => {
                let scale = fact.scale.as_ref().map_or(1.0, |s| s.get(i));
                let digits = if whole && scale == 1.0 {
                    0
                } else {
                    fact.digits.get(i)
                };
                Ok(show(v * scale, digits, fact.thousands.get(i)))
            }
            None => Err(format!("`{}` has no number at {at}", fact.run)),
        })
        .collect()
}

/// The JSON document `command` prints.
fn run(command: &str) -> Result<Value, String> {
    let (stdout, stderr, status) = shell(command);
    if status != 0 {
        return Err(format!("`{command}` failed ({status}): {stderr}"));
    }
    serde_json::from_str(&stdout).map_err(|e| format!("`{command}` printed no JSON: {e}"))
}

/// Checks `fact` on `page` against the numbers `want`, rewriting them when regenerating.
fn check(page: &str, fact: &Fact, want: &[String]) -> Option<String> {
    let text = std::fs::read_to_string(root().join(page)).unwrap();
    let found = places(&text, &fact.text);
    let shown = want.join(", ");
    if found.is_empty() {
        return Some(format!(
            "{page}: no \"{}\" (numbers in place of {{}}) to check against `{}` {:?} = {shown}",
            fact.text, fact.run, fact.at
        ));
    }
    if want.len() != found[0].len() {
        return Some(format!(
            "docs/facts.toml: \"{}\" holds {} numbers and `at` {}",
            fact.text,
            found[0].len(),
            want.len()
        ));
    }
    let wrong: Vec<String> = found
        .iter()
        .map(|o| {
            o.iter()
                .map(|r| &text[r.clone()])
                .collect::<Vec<_>>()
                .join(", ")
        })
        .filter(|n| *n != shown)
        .collect();
    if wrong.is_empty() {
        return None;
    }
    if regenerating() {
        rewrite(page, |text| {
            let mut text = text.to_string();
            for occurrence in places(&text, &fact.text).into_iter().rev() {
                for (r, w) in occurrence.into_iter().zip(want).rev() {
                    text.replace_range(r, w);
                }
            }
            text
        });
        return None;
    }
    Some(format!(
        "{page}: \"{}\" says {}; `{}` gives {shown}",
        fact.text,
        wrong.join(" and "),
        fact.run
    ))
}

#[test]
fn facts_are_found_shown_and_placed_as_documented() {
    let json: Value =
        serde_json::from_str(r#"{"r": [{"w": "a", "v": 1}, {"w": "b", "v": 2.5}]}"#).unwrap();
    assert_eq!(find(&json, "/r/[w=b]/v"), Some(&Value::from(2.5)));
    assert_eq!(find(&json, "/r/0/v"), Some(&Value::from(1)));
    assert_eq!(find(&json, "/r/[w=c]/v"), None);
    assert_eq!(find(&json, "/r/[w=a&v=1]/v"), Some(&Value::from(1)));
    assert_eq!(find(&json, "/r/[w=a&v=2]/v"), None);
    assert_eq!(steps("/r/[m=a/b]/v"), ["r", "[m=a/b]", "v"]);
    let record = Value::String("time 12.5 s\nwins   0.508859756 (second".into());
    assert_eq!(lookup(&record, "wins"), Some((0.508859756, false)));
    let exponent = Value::String("gap 1.47e-10, then 2e5 and 3.5e".into());
    assert_eq!(lookup(&exponent, "gap"), Some((1.47e-10, false)));
    assert_eq!(lookup(&exponent, "then"), Some((2e5, true)));
    assert_eq!(lookup(&exponent, "and"), Some((3.5, false)));
    assert_eq!(lookup(&record, "time >> (second"), None);
    let two = Value::String("a: x 1\nwins 0.5\nb: x 2\nwins 0.25".into());
    assert_eq!(lookup(&two, "b: >> wins"), Some((0.25, false)));
    let row = Value::String("front  0.5 0.25 0.125\n".into());
    assert_eq!(lookup(&row, "front #3"), Some((0.125, false)));
    assert_eq!(lookup(&row, "front #4"), None);
    assert_eq!(lookup(&json, "/r/0/v"), Some((1.0, true)));
    assert_eq!(show(119641.779, 1, true), "119,641.8");
    assert_eq!(show(-1234567.0, 0, true), "-1,234,567");
    assert_eq!(show(83047.0, 0, false), "83047");
    assert_eq!(show(0.5239849141, 9, false), "0.523984914");
    let page = "needs **49.25 turns** and 1,000 states. Then 3.";
    // One occurrence holding one number: its range.
    let one = |r: std::ops::Range<usize>| vec![vec![r]];
    assert_eq!(places(page, "needs **{} turns**"), one(8..13));
    assert_eq!(places(page, "and {} states"), one(26..31));
    assert_eq!(places(page, "Then {}."), one(45..46));
    assert!(places(page, "needs {} turns").is_empty());
    assert_eq!(
        places("| a | 1 | 2,5 / 3 |", "| a | {} | {} / {} |"),
        [vec![6..7, 10..13, 16..17]]
    );
    assert_eq!(
        places("| a | 1 | 2,5 / 3 |", "| a | {_} | {} / {_} |"),
        one(10..13)
    );
}
