//! Running a parsed script over input bytes: a cursor into the input, the variables, and one
//! function per kind of command, test and expression.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Instant;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;

use super::ast::{Command, Expr, Notation, Stmt, Test, VarId, VarRef};
use super::parser::Program;
use super::regex::Regex;
use super::value::{Int, Value};
use super::{number, show_byte, show_bytes, Failure, InputError, Options, Pos, ScriptError};

/// How many loop iterations pass between two looks at the clock.
const STEPS_PER_CLOCK_CHECK: u32 = 4096;

pub fn run(program: &Program, input: &[u8], options: &Options) -> Result<(), Failure> {
    let mut machine = Machine {
        input,
        at: 0,
        variables: (program.searched.iter())
            .map(|&searched| Variable::new(searched))
            .collect(),
        names: &program.variables,
        regexes: HashMap::new(),
        options,
        steps: 0,
    };
    if options.whitespace_ok {
        machine.skip_blanks();
    }
    machine.block(&program.body)
}

/// A variable: its plain value and its array entries (`a` and `a[1]` can both be set), and,
/// for a variable `INARRAY` searches, how often each value occurs.
struct Variable {
    scalar: Option<Value>,
    entries: HashMap<Box<[Int]>, Value>,
    counts: Option<HashMap<Value, usize>>,
}

impl Variable {
    fn new(searched: bool) -> Variable {
        Variable {
            scalar: None,
            entries: HashMap::new(),
            counts: searched.then(HashMap::new),
        }
    }

    fn values(&self) -> impl Iterator<Item = &Value> {
        self.scalar.iter().chain(self.entries.values())
    }
}

struct Machine<'a> {
    input: &'a [u8],
    at: usize,
    variables: Vec<Variable>,
    names: &'a [String],
    regexes: HashMap<Arc<[u8]>, Regex>,
    options: &'a Options,
    steps: u32,
}

type Step<T> = Result<T, Failure>;

fn script_error(pos: Pos, message: impl Into<String>) -> Failure {
    Failure::Script(ScriptError::new(pos, message))
}

impl Machine<'_> {
    /// The line and column of byte `offset` of the input.
    fn input_pos(&self, offset: usize) -> Pos {
        let before = &self.input[..offset];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        Pos {
            line: 1 + before.iter().filter(|&&b| b == b'\n').count(),
            col: offset - line_start + 1,
        }
    }

    fn reject(&self, offset: usize, command: Pos, message: impl Into<String>) -> Failure {
        Failure::Input(InputError {
            pos: self.input_pos(offset),
            message: message.into(),
            command,
        })
    }

    /// What the input holds at `offset`, for messages: `end of file`, `space`, `newline`, or
    /// the text up to the next whitespace (cropped).
    fn found(&self, offset: usize) -> String {
        let rest = &self.input[offset.min(self.input.len())..];
        match rest.first() {
            None => "end of file".to_string(),
            Some(&b) if b.is_ascii_whitespace() => show_byte(b),
            Some(_) => {
                let word = rest
                    .iter()
                    .take_while(|b| !b.is_ascii_whitespace())
                    .take(30)
                    .copied()
                    .collect::<Vec<u8>>();
                format!("'{}'", show_bytes(&word))
            }
        }
    }

    fn peek(&self) -> Option<u8> {
        self.input.get(self.at).copied()
    }

    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(is_blank) {
            self.at += 1;
        }
    }

    fn tick(&mut self) -> Step<()> {
        self.steps += 1;
        if self.steps >= STEPS_PER_CLOCK_CHECK {
            self.steps = 0;
            if self.options.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(Failure::TimeLimit);
            }
        }
        Ok(())
    }

    fn block(&mut self, body: &[Stmt]) -> Step<()> {
        body.iter().try_for_each(|stmt| self.stmt(stmt))
    }

    fn stmt(&mut self, stmt: &Stmt) -> Step<()> {
        let pos = stmt.pos;
        match &stmt.command {
            Command::Space => self.space(pos),
            Command::Newline => self.newline(pos),
            Command::Eof => match self.at == self.input.len() {
                true => Ok(()),
                false => Err(self.reject(
                    self.at,
                    pos,
                    format!("expected end of file, found {}", self.found(self.at)),
                )),
            },
            Command::Int { min, max, target } => {
                let min = self.int_bound(min, pos, "INT")?;
                let max = self.int_bound(max, pos, "INT")?;
                let value = self.read_int(&min, &max, pos)?;
                self.assign_to(target.as_ref(), value, pos)
            }
            Command::Float {
                min,
                max,
                decimals,
                target,
                notation,
            } => {
                let keep = target.is_some();
                match self.read_float(min, max, decimals.as_ref(), *notation, keep, pos)? {
                    Some(value) => self.assign_to(target.as_ref(), value, pos),
                    None => Ok(()),
                }
            }
            Command::Str(expected) => {
                let expected = self.string(expected, pos, "STRING")?;
                let start = self.at;
                if self.input[start..].starts_with(&expected) {
                    self.at += expected.len();
                    return Ok(());
                }
                let end = (start + expected.len()).min(self.input.len());
                let found = match start == self.input.len() {
                    true => "end of file".to_string(),
                    false => format!("\"{}\"", show_bytes(&self.input[start..end])),
                };
                Err(self.reject(
                    start,
                    pos,
                    format!("expected \"{}\", found {found}", show_bytes(&expected)),
                ))
            }
            Command::Regex { pattern, target } => {
                let pattern = self.string(pattern, pos, "REGEX")?;
                let length = self.regex_match(&pattern, pos)?;
                let Some(length) = length else {
                    return Err(self.reject(
                        self.at,
                        pos,
                        format!(
                            "expected a match of /{}/, found {}",
                            show_bytes(&pattern),
                            self.found(self.at)
                        ),
                    ));
                };
                let matched: Arc<[u8]> = self.input[self.at..self.at + length].into();
                self.at += length;
                self.assign_to(target.as_ref(), Value::Str(matched), pos)
            }
            Command::Assert(test) => match self.test(test, pos)? {
                true => Ok(()),
                false => Err(self.reject(self.at, pos, format!("ASSERT at script {pos} failed"))),
            },
            Command::Set(assignments) => assignments.iter().try_for_each(|(target, value)| {
                let value = self.eval(value, pos)?;
                self.assign(target, value, pos)
            }),
            Command::Unset(ids) => {
                for &id in ids {
                    let searched = self.variables[id].counts.is_some();
                    self.variables[id] = Variable::new(searched);
                }
                Ok(())
            }
            Command::Rep {
                index,
                count,
                separator,
                body,
            } => {
                let times = match self.eval(count, pos)? {
                    Value::Int(n) => n
                        .to_u64()
                        .ok_or_else(|| script_error(pos, format!("REP count {n} is negative")))?,
                    other => {
                        return Err(script_error(
                            pos,
                            format!("REP count must be an integer, not a {}", other.type_name()),
                        ))
                    }
                };
                self.set_index(index.as_ref(), 0, pos)?;
                for i in 0..times {
                    self.tick()?;
                    if i > 0 {
                        if let Some(separator) = separator {
                            self.stmt(separator)?;
                        }
                    }
                    self.block(body)?;
                    self.set_index(index.as_ref(), i + 1, pos)?;
                }
                Ok(())
            }
            Command::While {
                index,
                condition,
                separator,
                body,
            } => {
                self.set_index(index.as_ref(), 0, pos)?;
                let mut i = 0u64;
                while self.test(condition, pos)? {
                    self.tick()?;
                    if i > 0 {
                        if let Some(separator) = separator {
                            self.stmt(separator)?;
                        }
                    }
                    self.block(body)?;
                    i += 1;
                    self.set_index(index.as_ref(), i, pos)?;
                }
                Ok(())
            }
            Command::If {
                condition,
                then,
                otherwise,
            } => match self.test(condition, pos)? {
                true => self.block(then),
                false => self.block(otherwise),
            },
        }
    }

    fn space(&mut self, pos: Pos) -> Step<()> {
        let start = self.at;
        let ok = match self.options.whitespace_ok {
            true => self.peek().is_some_and(is_blank),
            false => self.peek() == Some(b' '),
        };
        if !ok {
            return Err(self.reject(
                start,
                pos,
                format!("expected SPACE, found {}", self.found(start)),
            ));
        }
        self.at += 1;
        if self.options.whitespace_ok {
            self.skip_blanks();
        }
        Ok(())
    }

    fn newline(&mut self, pos: Pos) -> Step<()> {
        if self.options.whitespace_ok {
            self.skip_blanks();
        }
        if self.peek() != Some(b'\n') {
            let found = match self.peek() {
                Some(b'\r') => "'\\r' (a CRLF line end?)".to_string(),
                _ => self.found(self.at),
            };
            return Err(self.reject(self.at, pos, format!("expected NEWLINE, found {found}")));
        }
        self.at += 1;
        if self.options.whitespace_ok {
            self.skip_blanks();
        }
        Ok(())
    }

    /// The length of the digits at `self.at + from`.
    fn digits_at(&self, from: usize) -> usize {
        (self.input[(self.at + from).min(self.input.len())..].iter())
            .take_while(|b| b.is_ascii_digit())
            .count()
    }

    /// An integer `0|-?[1-9][0-9]*` in `[min, max]`.
    fn read_int(&mut self, min: &Int, max: &Int, pos: Pos) -> Step<Value> {
        let start = self.at;
        let sign = usize::from(self.peek() == Some(b'-'));
        let digits = self.digits_at(sign);
        let text = &self.input[start..start + sign + digits];
        let why = match () {
            _ if digits == 0 => Some(format!("expected an integer, found {}", self.found(start))),
            _ if digits > 1 && text[sign] == b'0' => {
                Some(format!("integer {} has a leading zero", show_bytes(text)))
            }
            _ if sign == 1 && text[1] == b'0' => {
                Some("-0 is not an integer (no sign on 0)".to_string())
            }
            _ => None,
        };
        if let Some(why) = why {
            return Err(self.reject(start, pos, why));
        }
        let text = std::str::from_utf8(text).expect("ASCII digits");
        let value = match digits <= 18 {
            true => Int::Small(text.parse().expect("18 digits fit an i64")),
            false => Int::from_big(text.parse::<BigInt>().expect("digits")),
        };
        if value.cmp_int(min).is_lt() || value.cmp_int(max).is_gt() {
            return Err(self.reject(
                start,
                pos,
                format!("integer {text} is out of range [{min}, {max}]"),
            ));
        }
        self.at += sign + digits;
        Ok(Value::Int(value))
    }

    /// A float `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?(0|[1-9][0-9]*))?` in `[min, max]`, the
    /// exponent required by SCIENTIFIC and not read under FIXED; for FLOATP with a number of
    /// decimals in its range, and in scientific notation one non-zero digit before the point.
    fn read_float(
        &mut self,
        min: &Expr,
        max: &Expr,
        decimals: Option<&(Expr, Expr)>,
        notation: Notation,
        keep: bool,
        pos: Pos,
    ) -> Step<Option<Value>> {
        let command = if decimals.is_some() {
            "FLOATP"
        } else {
            "FLOAT"
        };
        let min = self.number_bound(min, pos, command)?;
        let max = self.number_bound(max, pos, command)?;
        let decimal_range = match decimals {
            Some((lo, hi)) => {
                let lo = self.decimals_bound(lo, pos, "mindecimals")?;
                let hi = self.decimals_bound(hi, pos, "maxdecimals")?;
                Some((lo, hi))
            }
            None => None,
        };
        let kind = match notation {
            Notation::Any => "a float",
            Notation::Fixed => "a fixed-point float",
            Notation::Scientific => "a float in scientific notation",
        };
        let start = self.at;
        let sign = usize::from(self.peek() == Some(b'-'));
        let whole = self.digits_at(sign);
        let mut end = start + sign + whole;
        let bad = |machine: &Self, end: usize, why: &str| {
            let text = show_bytes(&machine.input[start..end.min(machine.input.len())]);
            machine.reject(start, pos, format!("expected {kind}, found '{text}'{why}"))
        };
        if whole == 0 {
            return Err(self.reject(
                start,
                pos,
                format!("expected {kind}, found {}", self.found(start)),
            ));
        }
        if whole > 1 && self.input[start + sign] == b'0' {
            return Err(bad(self, end, " (leading zero)"));
        }
        let mut fraction = 0;
        if self.input.get(end) == Some(&b'.') {
            fraction = self.digits_at(end + 1 - self.at);
            end += 1 + fraction;
            if fraction == 0 {
                return Err(bad(self, end, " (no digit after the point)"));
            }
        }
        let has_exponent = matches!(self.input.get(end), Some(b'e' | b'E'));
        if notation == Notation::Scientific && !has_exponent {
            return Err(bad(self, end, " (no exponent)"));
        }
        if has_exponent && notation != Notation::Fixed {
            let exp_sign = usize::from(matches!(self.input.get(end + 1), Some(b'+' | b'-')));
            let exp_start = end + 1 + exp_sign;
            let exp_digits = self.digits_at(exp_start - self.at);
            end = exp_start + exp_digits;
            if exp_digits == 0 {
                return Err(bad(self, end, " (no digits in the exponent)"));
            }
            if exp_digits > 1 && self.input[exp_start] == b'0' {
                return Err(bad(self, end, " (leading zero in the exponent)"));
            }
        }
        let scientific = has_exponent && notation != Notation::Fixed;
        let text = std::str::from_utf8(&self.input[start..end]).expect("ASCII");
        if let Some((lo, hi)) = decimal_range {
            if scientific && (whole != 1 || self.input[start + sign] == b'0') {
                return Err(self.reject(
                    start,
                    pos,
                    format!("float {text} in scientific notation needs one non-zero digit before the point"),
                ));
            }
            if fraction < lo || fraction > hi {
                return Err(self.reject(
                    start,
                    pos,
                    format!("float {text} has {fraction} decimals, not in [{lo}, {hi}]"),
                ));
            }
        }
        if let Some((mantissa, scale)) = number::small_decimal(text).filter(|_| !keep) {
            if sign == 1 && mantissa == 0 {
                return Err(self.reject(start, pos, format!("float {text} has a sign on zero")));
            }
            let below = number::cmp_small(mantissa, scale, &min).map(|o| o.is_lt());
            let above = number::cmp_small(mantissa, scale, &max).map(|o| o.is_gt());
            if let (Some(below), Some(above)) = (below, above) {
                if below || above {
                    return Err(self.out_of_range(start, pos, text, &min, &max));
                }
                self.at = end;
                return Ok(None);
            }
        }
        let value = number::decimal(text)
            .map_err(|e| script_error(pos, format!("at input {}: {e}", self.input_pos(start))))?;
        if sign == 1 && value.is_zero() {
            return Err(self.reject(start, pos, format!("float {text} has a sign on zero")));
        }
        if value < *min || value > *max {
            return Err(self.out_of_range(start, pos, text, &min, &max));
        }
        self.at = end;
        Ok(Some(Value::Float(value)))
    }

    fn out_of_range(
        &self,
        start: usize,
        pos: Pos,
        text: &str,
        min: &BigRational,
        max: &BigRational,
    ) -> Failure {
        let (min, max) = (Value::Float(min.clone()), Value::Float(max.clone()));
        self.reject(
            start,
            pos,
            format!("float {text} is out of range [{min}, {max}]"),
        )
    }

    fn int_bound(&mut self, e: &Expr, pos: Pos, command: &str) -> Step<Int> {
        match self.eval(e, pos)? {
            Value::Int(i) => Ok(i),
            other => Err(script_error(
                pos,
                format!(
                    "{command} bounds must be integers, not a {} ({other})",
                    other.type_name()
                ),
            )),
        }
    }

    /// A float's bound; a constant one is borrowed, not copied, for every number read.
    fn number_bound<'e>(
        &mut self,
        e: &'e Expr,
        pos: Pos,
        command: &str,
    ) -> Step<Cow<'e, BigRational>> {
        if let Expr::Const(Value::Float(r)) = e {
            return Ok(Cow::Borrowed(r));
        }
        let value = self.eval(e, pos)?;
        value.to_rational().map(Cow::Owned).ok_or_else(|| {
            script_error(
                pos,
                format!("{command} bounds must be numbers, not a string"),
            )
        })
    }

    fn decimals_bound(&mut self, e: &Expr, pos: Pos, what: &str) -> Step<usize> {
        let value = self.eval(e, pos)?;
        value
            .as_int()
            .and_then(Int::to_u64)
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| {
                script_error(
                    pos,
                    format!("FLOATP {what} must be a non-negative integer, not {value}"),
                )
            })
    }

    fn string(&mut self, e: &Expr, pos: Pos, command: &str) -> Step<Arc<[u8]>> {
        match self.eval(e, pos)? {
            Value::Str(s) => Ok(s),
            other => Err(script_error(
                pos,
                format!(
                    "{command} needs a string, not a {} ({other})",
                    other.type_name()
                ),
            )),
        }
    }

    fn regex_match(&mut self, pattern: &Arc<[u8]>, pos: Pos) -> Step<Option<usize>> {
        if !self.regexes.contains_key(pattern) {
            let regex = Regex::new(pattern).map_err(|e| script_error(pos, e))?;
            self.regexes.insert(pattern.clone(), regex);
        }
        let regex = self.regexes.get_mut(pattern).expect("just compiled");
        regex
            .longest_prefix(&self.input[self.at..])
            .map_err(|e| script_error(pos, e))
    }

    fn test(&mut self, test: &Test, pos: Pos) -> Step<bool> {
        Ok(match test {
            Test::Not(inner) => !self.test(inner, pos)?,
            Test::And(a, b) => self.test(a, pos)? && self.test(b, pos)?,
            Test::Or(a, b) => self.test(a, pos)? || self.test(b, pos)?,
            Test::Compare(op, a, b) => {
                let (a, b) = (self.eval(a, pos)?, self.eval(b, pos)?);
                a.compare(*op, &b).map_err(|e| script_error(pos, e))?
            }
            Test::IsEof => self.at == self.input.len(),
            Test::Match(chars) => {
                let chars = self.string(chars, pos, "MATCH")?;
                self.peek().is_some_and(|b| chars.contains(&b))
            }
            Test::Unique(ids) => self.unique(ids, pos)?,
            Test::InArray(value, id) => {
                let value = self.eval(value, pos)?;
                let counts = self.variables[*id].counts.as_ref();
                counts.is_some_and(|c| c.contains_key(&value))
            }
        })
    }

    /// Whether the tuples `(a[i], b[i], …)` are distinct over the indices `i` of the
    /// variables, which must all have the same indices (else the input is rejected, as both
    /// references do).
    fn unique(&self, ids: &[VarId], pos: Pos) -> Step<bool> {
        let first = &self.variables[ids[0]];
        if let [_] = ids {
            let mut seen = HashSet::new();
            return Ok(first.values().all(|v| seen.insert(v)));
        }
        let mut tuples = HashSet::new();
        let keys = first
            .scalar
            .iter()
            .map(|_| None)
            .chain(first.entries.keys().map(Some));
        for key in keys {
            let mut tuple = Vec::with_capacity(ids.len());
            for &id in ids {
                let variable = &self.variables[id];
                let value = match key {
                    None => variable.scalar.as_ref(),
                    Some(key) => variable.entries.get(key),
                };
                let Some(value) = value else {
                    return Err(self.unique_mismatch(ids[0], id, pos));
                };
                tuple.push(value);
            }
            if !tuples.insert(tuple) {
                return Ok(false);
            }
        }
        let size = |v: &Variable| v.entries.len() + usize::from(v.scalar.is_some());
        match ids
            .iter()
            .find(|&&id| size(&self.variables[id]) != size(first))
        {
            Some(&other) => Err(self.unique_mismatch(ids[0], other, pos)),
            None => Ok(true),
        }
    }

    fn unique_mismatch(&self, a: VarId, b: VarId, pos: Pos) -> Failure {
        self.reject(
            self.at,
            pos,
            format!(
                "UNIQUE: {} and {} do not have the same indices",
                self.names[a], self.names[b]
            ),
        )
    }

    fn eval(&mut self, e: &Expr, pos: Pos) -> Step<Value> {
        match e {
            Expr::Const(v) => Ok(v.clone()),
            Expr::Var(var) => {
                let key = self.key(var, pos)?;
                let variable = &self.variables[var.id];
                let found = match &key {
                    None => variable.scalar.as_ref(),
                    Some(key) => variable.entries.get(key),
                };
                found.cloned().ok_or_else(|| {
                    script_error(
                        pos,
                        format!("variable {} is not set", self.describe(var, &key)),
                    )
                })
            }
            Expr::Neg(inner) => {
                let v = self.eval(inner, pos)?;
                v.negate().map_err(|e| script_error(pos, e))
            }
            Expr::Binary(op, a, b) => {
                let (a, b) = (self.eval(a, pos)?, self.eval(b, pos)?);
                a.arith(*op, &b).map_err(|e| script_error(pos, e))
            }
            Expr::Strlen(inner) => {
                let s = self.string(inner, pos, "STRLEN")?;
                Ok(Value::small(i64::try_from(s.len()).expect("a length")))
            }
        }
    }

    fn describe(&self, var: &VarRef, key: &Option<Box<[Int]>>) -> String {
        let name = &self.names[var.id];
        match key {
            None => name.clone(),
            Some(key) => {
                let indices: Vec<String> = key.iter().map(Int::to_string).collect();
                format!("{name}[{}]", indices.join(","))
            }
        }
    }

    /// The array index of `var`, or `None` for a plain variable.
    fn key(&mut self, var: &VarRef, pos: Pos) -> Step<Option<Box<[Int]>>> {
        if var.indices.is_empty() {
            return Ok(None);
        }
        let mut key = Vec::with_capacity(var.indices.len());
        for index in &var.indices {
            match self.eval(index, pos)? {
                Value::Int(i) => key.push(i),
                other => {
                    return Err(script_error(
                        pos,
                        format!(
                            "an index of {} must be an integer, not a {} ({other})",
                            self.names[var.id],
                            other.type_name()
                        ),
                    ))
                }
            }
        }
        Ok(Some(key.into_boxed_slice()))
    }

    fn assign_to(&mut self, target: Option<&VarRef>, value: Value, pos: Pos) -> Step<()> {
        match target {
            Some(target) => self.assign(target, value, pos),
            None => Ok(()),
        }
    }

    fn set_index(&mut self, index: Option<&VarRef>, i: u64, pos: Pos) -> Step<()> {
        let value = match i64::try_from(i) {
            Ok(small) => Int::Small(small),
            Err(_) => Int::from_big(BigInt::from(i)),
        };
        self.assign_to(index, Value::Int(value), pos)
    }

    fn assign(&mut self, target: &VarRef, value: Value, pos: Pos) -> Step<()> {
        let key = self.key(target, pos)?;
        let variable = &mut self.variables[target.id];
        if let Some(counts) = &mut variable.counts {
            *counts.entry(value.clone()).or_default() += 1;
        }
        let old = match key {
            None => variable.scalar.replace(value),
            Some(key) => variable.entries.insert(key, value),
        };
        if let (Some(old), Some(counts)) = (old, &mut variable.counts) {
            let count = counts.get_mut(&old).expect("counted when set");
            *count -= 1;
            if *count == 0 {
                counts.remove(&old);
            }
        }
        Ok(())
    }
}

/// Whitespace other than a newline, as `--whitespace-ok` takes it (C's `isspace`).
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | 0x0b | 0x0c | b'\r')
}
