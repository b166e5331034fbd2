//! The tokens of a checktestdata script, each with the line and column where it starts.
//!
//! The lexical rules are those of DOMjudge's scanner (checktestdata.l): keywords are runs of
//! upper-case letters, variables `[a-z][a-z0-9]*`, integers `[0-9]+`, floats
//! `[0-9]+.[0-9]*` or with an exponent, strings in double quotes with C escapes, comments
//! from `#` to the end of the line. An integer constant with a leading zero is refused: the
//! C++ tool reads `010` as octal 8 and its Python port as the float 10.0, so the script means
//! different things to each.

use super::{Pos, ScriptError};

/// What a token is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// An upper-case word: a command, test, function, option, `ELSE` or `END`.
    Keyword(String),
    Variable(String),
    Integer(String),
    Float(String),
    /// A string constant, its escapes resolved.
    Str(Vec<u8>),
    /// Punctuation and operators: `( ) [ ] , = + - * / % ^ < > <= >= == != ! && ||`.
    Symbol(&'static str),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub pos: Pos,
}

impl Kind {
    /// The token as the script writes it, for messages.
    pub fn describe(&self) -> String {
        match self {
            Kind::Keyword(w) | Kind::Variable(w) | Kind::Integer(w) | Kind::Float(w) => w.clone(),
            Kind::Str(s) => format!("\"{}\"", super::show_bytes(s)),
            Kind::Symbol(s) => s.to_string(),
        }
    }
}

const SYMBOLS: [&str; 21] = [
    "<=", ">=", "==", "!=", "&&", "||", "(", ")", "[", "]", ",", "=", "+", "-", "*", "/", "%", "^",
    "<", ">", "!",
];

/// Splits `script` into tokens.
pub fn tokenize(script: &[u8]) -> Result<Vec<Token>, ScriptError> {
    let mut lexer = Lexer {
        text: script,
        at: 0,
        pos: Pos { line: 1, col: 1 },
    };
    let mut tokens = Vec::new();
    while let Some(token) = lexer.next()? {
        tokens.push(token);
    }
    Ok(tokens)
}

struct Lexer<'a> {
    text: &'a [u8],
    at: usize,
    pos: Pos,
}

impl Lexer<'_> {
    fn peek(&self, ahead: usize) -> Option<u8> {
        self.text.get(self.at + ahead).copied()
    }

    fn bump(&mut self) -> u8 {
        let c = self.text[self.at];
        self.at += 1;
        if c == b'\n' {
            self.pos.line += 1;
            self.pos.col = 1;
        } else {
            self.pos.col += 1;
        }
        c
    }

    fn take_while(&mut self, keep: impl Fn(u8) -> bool) -> String {
        let start = self.at;
        while self.peek(0).is_some_and(&keep) {
            self.bump();
        }
        String::from_utf8_lossy(&self.text[start..self.at]).into_owned()
    }

    fn next(&mut self) -> Result<Option<Token>, ScriptError> {
        loop {
            match self.peek(0) {
                None => return Ok(None),
                Some(b' ' | b'\t' | b'\r' | b'\n') => {
                    self.bump();
                }
                Some(b'#') => {
                    while self.peek(0).is_some_and(|c| c != b'\n') {
                        self.bump();
                    }
                }
                Some(_) => break,
            }
        }
        let pos = self.pos;
        let c = self.peek(0).expect("a byte");
        let kind = match c {
            b'A'..=b'Z' => Kind::Keyword(self.take_while(|c| c.is_ascii_uppercase())),
            b'a'..=b'z' => {
                Kind::Variable(self.take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit()))
            }
            b'0'..=b'9' => self.number(pos)?,
            b'"' => Kind::Str(self.string(pos)?),
            _ => {
                let rest = &self.text[self.at..];
                let symbol = SYMBOLS
                    .iter()
                    .find(|s| rest.starts_with(s.as_bytes()))
                    .ok_or_else(|| {
                        ScriptError::new(
                            pos,
                            format!("unexpected character {}", super::show_byte(c)),
                        )
                    })?;
                for _ in 0..symbol.len() {
                    self.bump();
                }
                Kind::Symbol(symbol)
            }
        };
        Ok(Some(Token { kind, pos }))
    }

    /// `[0-9]+`, or a float: `[0-9]+.[0-9]*([eE][+-]?[0-9]+)?` or `[0-9]+[eE][+-]?[0-9]+`.
    fn number(&mut self, pos: Pos) -> Result<Kind, ScriptError> {
        let mut text = self.take_while(|c| c.is_ascii_digit());
        let mut float = false;
        if self.peek(0) == Some(b'.') {
            self.bump();
            text.push('.');
            text += &self.take_while(|c| c.is_ascii_digit());
            float = true;
        }
        if matches!(self.peek(0), Some(b'e' | b'E')) {
            let sign = usize::from(matches!(self.peek(1), Some(b'+' | b'-')));
            if self.peek(1 + sign).is_some_and(|c| c.is_ascii_digit()) {
                for _ in 0..=sign {
                    text.push(char::from(self.bump()));
                }
                text += &self.take_while(|c| c.is_ascii_digit());
                float = true;
            }
        }
        if float {
            return Ok(Kind::Float(text));
        }
        if text.len() > 1 && text.starts_with('0') {
            return Err(ScriptError::new(
                pos,
                format!(
                    "integer constant {text} has a leading zero (DOMjudge's checktestdata reads \
                     it as octal, the Python one as a float): write it without"
                ),
            ));
        }
        Ok(Kind::Integer(text))
    }

    /// A string constant after its opening quote: `\n \t \r \b \f \" \\`, octal `\ooo`, a
    /// backslash before a newline joins the lines, any other backslash is itself.
    fn string(&mut self, pos: Pos) -> Result<Vec<u8>, ScriptError> {
        self.bump();
        let mut out = Vec::new();
        loop {
            let Some(c) = self.peek(0) else {
                return Err(ScriptError::new(pos, "string constant is not closed"));
            };
            self.bump();
            match c {
                b'"' => return Ok(out),
                b'\\' => {
                    let escape = self.pos;
                    match self.peek(0) {
                        Some(b'0'..=b'7') => {
                            let mut value = 0u32;
                            for _ in 0..3 {
                                match self.peek(0) {
                                    Some(d @ b'0'..=b'7') => {
                                        self.bump();
                                        value = value * 8 + u32::from(d - b'0');
                                    }
                                    _ => break,
                                }
                            }
                            let byte = u8::try_from(value).map_err(|_| {
                                ScriptError::new(
                                    escape,
                                    format!("octal escape \\{value:o} is above \\377"),
                                )
                            })?;
                            out.push(byte);
                        }
                        Some(e @ (b'n' | b't' | b'r' | b'b' | b'f' | b'"' | b'\\')) => {
                            self.bump();
                            out.push(match e {
                                b'n' => b'\n',
                                b't' => b'\t',
                                b'r' => b'\r',
                                b'b' => 0x08,
                                b'f' => 0x0c,
                                other => other,
                            });
                        }
                        Some(b'\n') => {
                            self.bump();
                        }
                        _ => out.push(b'\\'),
                    }
                }
                other => out.push(other),
            }
        }
    }
}
