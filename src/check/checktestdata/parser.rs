//! The grammar of checktestdata (DOMjudge's format-spec.md and checktestdata.y), by recursive
//! descent over the tokens.
//!
//! Expressions: `+ -` below `* / %` below unary minus below `^`, all left-associative
//! (`2^3^2` is 64, `-2^2` is -4), as both references read them. Tests: `!`, `&&`, `||`,
//! comparisons and the test commands. Where the two references parse a test differently the
//! script is refused with a message saying how to write it: DOMjudge's grammar gives `&&` and
//! `||` the same precedence and lets `!` take everything to its right (`!a && b` is
//! `!(a && b)`, `a || b && c` is `(a || b) && c`), the Python one gives `!` the highest and
//! `&&` a higher precedence than `||`. So `!x` followed by `&&` or `||`, and `&&` after `||`
//! in one chain, need parentheses; what is left means the same to both.

use std::collections::HashMap;

use num_bigint::BigInt;

use super::ast::{Command, Expr, Notation, Stmt, Test, VarId, VarRef};
use super::lexer::{Kind, Token};
use super::ops::{BinOp, CmpOp};
use super::value::{Int, Value};
use super::{Pos, ScriptError};

/// A whole script: its commands, and its variables by number.
#[derive(Debug)]
pub struct Program {
    pub body: Vec<Stmt>,
    pub variables: Vec<String>,
    /// Which variables `INARRAY` searches (the evaluator counts their values).
    pub searched: Vec<bool>,
}

pub fn parse(tokens: Vec<Token>, end: Pos) -> Result<Program, ScriptError> {
    let mut parser = Parser {
        tokens,
        at: 0,
        end,
        names: HashMap::new(),
        variables: Vec::new(),
        searched: Vec::new(),
    };
    let mut body = parser.commands()?;
    if let Some(token) = parser.peek() {
        let what = token.kind.describe();
        return Err(ScriptError::new(
            token.pos,
            match what.as_str() {
                "ELSE" => "ELSE outside an IF block".to_string(),
                _ => format!("{what} without a block to end"),
            },
        ));
    }
    body.push(Stmt {
        pos: end,
        command: Command::Eof,
    });
    Ok(Program {
        body,
        variables: parser.variables,
        searched: parser.searched,
    })
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
    end: Pos,
    names: HashMap<String, VarId>,
    variables: Vec<String>,
    searched: Vec<bool>,
}

type Parsed<T> = Result<T, ScriptError>;

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn pos(&self) -> Pos {
        self.peek().map_or(self.end, |t| t.pos)
    }

    fn keyword(&self) -> Option<&str> {
        match self.peek().map(|t| &t.kind) {
            Some(Kind::Keyword(word)) => Some(word),
            _ => None,
        }
    }

    fn is_symbol(&self, symbol: &str) -> bool {
        matches!(self.peek().map(|t| &t.kind), Some(Kind::Symbol(s)) if *s == symbol)
    }

    fn eat_symbol(&mut self, symbol: &str) -> bool {
        let found = self.is_symbol(symbol);
        self.at += usize::from(found);
        found
    }

    fn expected(&self, what: &str) -> ScriptError {
        let found = match self.peek() {
            Some(token) => format!("`{}`", token.kind.describe()),
            None => "the end of the script".to_string(),
        };
        ScriptError::new(self.pos(), format!("expected {what}, found {found}"))
    }

    fn expect_symbol(&mut self, symbol: &str) -> Parsed<()> {
        match self.eat_symbol(symbol) {
            true => Ok(()),
            false => Err(self.expected(&format!("`{symbol}`"))),
        }
    }

    fn variable_id(&mut self, name: &str) -> VarId {
        if let Some(&id) = self.names.get(name) {
            return id;
        }
        let id = self.variables.len();
        self.names.insert(name.to_string(), id);
        self.variables.push(name.to_string());
        self.searched.push(false);
        id
    }

    /// Commands up to `ELSE`, `END` or the end of the script (not consumed).
    fn commands(&mut self) -> Parsed<Vec<Stmt>> {
        let mut body = Vec::new();
        while self.peek().is_some() && !matches!(self.keyword(), Some("ELSE" | "END")) {
            body.push(self.statement()?);
        }
        Ok(body)
    }

    fn statement(&mut self) -> Parsed<Stmt> {
        let pos = self.pos();
        let command = match self.keyword() {
            Some("REP" | "REPI" | "WHILE" | "WHILEI") => self.loop_block()?,
            Some("IF") => {
                self.at += 1;
                self.expect_symbol("(")?;
                let condition = self.test()?;
                self.expect_symbol(")")?;
                let then = self.commands()?;
                let otherwise = match self.keyword() {
                    Some("ELSE") => {
                        self.at += 1;
                        self.commands()?
                    }
                    _ => Vec::new(),
                };
                self.end_of_block(pos, "IF")?;
                Command::If {
                    condition,
                    then,
                    otherwise,
                }
            }
            _ => return self.simple(),
        };
        Ok(Stmt { pos, command })
    }

    fn end_of_block(&mut self, start: Pos, name: &str) -> Parsed<()> {
        match self.keyword() {
            Some("END") => {
                self.at += 1;
                Ok(())
            }
            Some("ELSE") => Err(ScriptError::new(
                self.pos(),
                format!("ELSE in the {name} block of {start}, not an IF"),
            )),
            _ => Err(ScriptError::new(
                start,
                format!("the {name} block has no END"),
            )),
        }
    }

    fn loop_block(&mut self) -> Parsed<Command> {
        let start = self.pos();
        let name = self.keyword().expect("a loop keyword").to_string();
        self.at += 1;
        self.expect_symbol("(")?;
        let index = match name.as_str() {
            "REPI" | "WHILEI" => {
                let index = self.variable()?;
                self.expect_symbol(",")?;
                Some(index)
            }
            _ => None,
        };
        let counted = name.starts_with("REP");
        let (count, condition) = match counted {
            true => (Some(self.expr()?), None),
            false => (None, Some(self.test()?)),
        };
        let separator = match self.eat_symbol(",") {
            true => Some(Box::new(self.simple()?)),
            false => None,
        };
        self.expect_symbol(")")?;
        let body = self.commands()?;
        self.end_of_block(start, &name)?;
        Ok(match (count, condition) {
            (Some(count), _) => Command::Rep {
                index,
                count,
                separator,
                body,
            },
            (_, Some(condition)) => Command::While {
                index,
                condition,
                separator,
                body,
            },
            _ => unreachable!("a loop has a count or a condition"),
        })
    }

    /// A command that is not a block (also a loop's separator).
    fn simple(&mut self) -> Parsed<Stmt> {
        let pos = self.pos();
        let Some(word) = self.keyword().map(str::to_string) else {
            return Err(self.expected("a command"));
        };
        self.at += 1;
        let command = match word.as_str() {
            "SPACE" => Command::Space,
            "NEWLINE" => Command::Newline,
            "EOF" => Command::Eof,
            "INT" => {
                self.expect_symbol("(")?;
                let (min, max) = self.bounds()?;
                let target = self.optional_variable()?;
                self.expect_symbol(")")?;
                Command::Int { min, max, target }
            }
            "FLOAT" | "FLOATP" => {
                self.expect_symbol("(")?;
                let (min, max) = self.bounds()?;
                let decimals = match word == "FLOATP" {
                    true => {
                        self.expect_symbol(",")?;
                        let lo = self.expr()?;
                        self.expect_symbol(",")?;
                        Some((lo, self.expr()?))
                    }
                    false => None,
                };
                let target = self.optional_variable()?;
                let notation = match target.is_some() && self.eat_symbol(",") {
                    true => match self.keyword() {
                        Some("FIXED") => Notation::Fixed,
                        Some("SCIENTIFIC") => Notation::Scientific,
                        _ => return Err(self.expected("FIXED or SCIENTIFIC")),
                    },
                    false => Notation::Any,
                };
                self.at += usize::from(notation != Notation::Any);
                self.expect_symbol(")")?;
                Command::Float {
                    min,
                    max,
                    decimals,
                    target,
                    notation,
                }
            }
            "STRING" => {
                self.expect_symbol("(")?;
                let value = self.value()?;
                self.expect_symbol(")")?;
                Command::Str(value)
            }
            "REGEX" => {
                self.expect_symbol("(")?;
                let pattern_pos = self.pos();
                let pattern = self.value()?;
                if let Expr::Const(Value::Str(text)) = &pattern {
                    super::regex::Regex::new(text).map_err(|e| ScriptError::new(pattern_pos, e))?;
                }
                let target = self.optional_variable()?;
                self.expect_symbol(")")?;
                Command::Regex { pattern, target }
            }
            "ASSERT" => {
                self.expect_symbol("(")?;
                let test = self.test()?;
                self.expect_symbol(")")?;
                Command::Assert(test)
            }
            "SET" => {
                self.expect_symbol("(")?;
                let mut assignments = Vec::new();
                loop {
                    let target = self.variable()?;
                    self.expect_symbol("=")?;
                    assignments.push((target, self.expr()?));
                    if !self.eat_symbol(",") {
                        break;
                    }
                }
                self.expect_symbol(")")?;
                Command::Set(assignments)
            }
            "UNSET" => {
                self.expect_symbol("(")?;
                let names = self.names()?;
                self.expect_symbol(")")?;
                Command::Unset(names)
            }
            "REP" | "REPI" | "WHILE" | "WHILEI" | "IF" => {
                return Err(ScriptError::new(
                    pos,
                    format!("{word} cannot be a loop's separator"),
                ))
            }
            "ELSE" | "END" => return Err(ScriptError::new(pos, format!("unexpected {word}"))),
            other => return Err(ScriptError::new(pos, format!("`{other}` is not a command"))),
        };
        Ok(Stmt { pos, command })
    }

    fn bounds(&mut self) -> Parsed<(Expr, Expr)> {
        let min = self.expr()?;
        self.expect_symbol(",")?;
        Ok((min, self.expr()?))
    }

    fn optional_variable(&mut self) -> Parsed<Option<VarRef>> {
        match self.eat_symbol(",") {
            true => self.variable().map(Some),
            false => Ok(None),
        }
    }

    fn name(&mut self) -> Parsed<VarId> {
        match self.peek().map(|t| t.kind.clone()) {
            Some(Kind::Variable(name)) => {
                self.at += 1;
                Ok(self.variable_id(&name))
            }
            _ => Err(self.expected("a variable name")),
        }
    }

    fn names(&mut self) -> Parsed<Vec<VarId>> {
        let mut names = vec![self.name()?];
        while self.eat_symbol(",") {
            names.push(self.name()?);
        }
        Ok(names)
    }

    /// `name` or `name[expr, …]`.
    fn variable(&mut self) -> Parsed<VarRef> {
        let id = self.name()?;
        let mut indices = Vec::new();
        if self.eat_symbol("[") {
            indices.push(self.expr()?);
            while self.eat_symbol(",") {
                indices.push(self.expr()?);
            }
            self.expect_symbol("]")?;
        }
        Ok(VarRef { id, indices })
    }

    /// A constant, a variable or `STRLEN(…)`.
    fn value(&mut self) -> Parsed<Expr> {
        let Some(token) = self.peek().cloned() else {
            return Err(self.expected("a value"));
        };
        let constant = match &token.kind {
            Kind::Integer(text) => Value::Int(match text.parse::<i64>() {
                Ok(small) => Int::Small(small),
                Err(_) => Int::from_big(text.parse::<BigInt>().expect("digits")),
            }),
            Kind::Float(text) => Value::Float(
                super::number::decimal(text).map_err(|e| ScriptError::new(token.pos, e))?,
            ),
            Kind::Str(bytes) => Value::Str(bytes.as_slice().into()),
            Kind::Variable(_) => return Ok(Expr::Var(self.variable()?)),
            Kind::Keyword(word) if word == "STRLEN" => {
                self.at += 1;
                self.expect_symbol("(")?;
                let value = self.value()?;
                self.expect_symbol(")")?;
                return Ok(Expr::Strlen(Box::new(value)));
            }
            _ => return Err(self.expected("a value")),
        };
        self.at += 1;
        Ok(Expr::Const(constant))
    }

    fn expr(&mut self) -> Parsed<Expr> {
        let mut left = self.term()?;
        loop {
            let op = match () {
                _ if self.eat_symbol("+") => BinOp::Add,
                _ if self.eat_symbol("-") => BinOp::Sub,
                _ => return Ok(left),
            };
            left = binary(op, left, self.term()?);
        }
    }

    fn term(&mut self) -> Parsed<Expr> {
        let mut left = self.factor()?;
        loop {
            let op = match () {
                _ if self.eat_symbol("*") => BinOp::Mul,
                _ if self.eat_symbol("/") => BinOp::Div,
                _ if self.eat_symbol("%") => BinOp::Rem,
                _ => return Ok(left),
            };
            left = binary(op, left, self.factor()?);
        }
    }

    /// `-factor`, or a power: `-` binds less tightly than `^`.
    fn factor(&mut self) -> Parsed<Expr> {
        if self.eat_symbol("-") {
            return Ok(negation(self.factor()?));
        }
        let mut base = self.primary()?;
        while self.eat_symbol("^") {
            let exponent = self.exponent()?;
            base = binary(BinOp::Pow, base, exponent);
        }
        Ok(base)
    }

    fn exponent(&mut self) -> Parsed<Expr> {
        match self.eat_symbol("-") {
            true => Ok(negation(self.exponent()?)),
            false => self.primary(),
        }
    }

    fn primary(&mut self) -> Parsed<Expr> {
        if self.eat_symbol("(") {
            let inner = self.expr()?;
            self.expect_symbol(")")?;
            return Ok(inner);
        }
        self.value().map_err(|_| self.expected("an expression"))
    }

    /// A test: operands joined by `&&` and `||`, refusing what the references read
    /// differently (see the module documentation).
    fn test(&mut self) -> Parsed<Test> {
        let (mut left, mut negated) = self.test_operand()?;
        let mut seen_or = false;
        loop {
            let pos = self.pos();
            let and = match () {
                _ if self.is_symbol("&&") => true,
                _ if self.is_symbol("||") => false,
                _ => return Ok(left),
            };
            if negated {
                return Err(ScriptError::new(
                    pos,
                    format!(
                        "`!` before `{}` is ambiguous (DOMjudge's checktestdata negates \
                         everything to its right, the Python one only the next test): write \
                         `!(…)` around what it negates",
                        if and { "&&" } else { "||" }
                    ),
                ));
            }
            if and && seen_or {
                return Err(ScriptError::new(
                    pos,
                    "`&&` after `||` is ambiguous (DOMjudge's checktestdata gives them the same \
                     precedence, the Python one binds `&&` tighter): add parentheses",
                ));
            }
            self.at += 1;
            seen_or |= !and;
            let (right, right_negated) = self.test_operand()?;
            negated = right_negated;
            left = match and {
                true => Test::And(Box::new(left), Box::new(right)),
                false => Test::Or(Box::new(left), Box::new(right)),
            };
        }
    }

    /// One operand of `&&`/`||`, and whether it is an unparenthesised `!`.
    fn test_operand(&mut self) -> Parsed<(Test, bool)> {
        if self.eat_symbol("!") {
            let (inner, _) = self.test_operand()?;
            return Ok((Test::Not(Box::new(inner)), true));
        }
        if self.is_symbol("(") {
            let start = self.at;
            let grouped: Parsed<Test> = (|| {
                self.at += 1;
                let inner = self.test()?;
                self.expect_symbol(")")?;
                Ok(inner)
            })();
            let continues_as_expr = [
                "+", "-", "*", "/", "%", "^", "<", ">", "<=", ">=", "==", "!=",
            ]
            .iter()
            .any(|s| self.is_symbol(s));
            match grouped {
                Ok(inner) if !continues_as_expr => return Ok((inner, false)),
                grouped => {
                    self.at = start;
                    return match (self.comparison(), grouped) {
                        (Ok(test), _) => Ok((test, false)),
                        (Err(e), Err(g)) if (g.pos.line, g.pos.col) > (e.pos.line, e.pos.col) => {
                            Err(g)
                        }
                        (Err(e), _) => Err(e),
                    };
                }
            }
        }
        let pos = self.pos();
        let test = match self.keyword() {
            Some("ISEOF") => {
                self.at += 1;
                Test::IsEof
            }
            Some("MATCH") => {
                self.at += 1;
                self.expect_symbol("(")?;
                let value = self.value()?;
                self.expect_symbol(")")?;
                Test::Match(value)
            }
            Some("UNIQUE") => {
                self.at += 1;
                self.expect_symbol("(")?;
                let names = self.names()?;
                self.expect_symbol(")")?;
                Test::Unique(names)
            }
            Some("INARRAY") => {
                self.at += 1;
                self.expect_symbol("(")?;
                let value = self.expr()?;
                self.expect_symbol(",")?;
                let array = self.name()?;
                self.searched[array] = true;
                self.expect_symbol(")")?;
                Test::InArray(value, array)
            }
            _ => {
                let test = self.comparison();
                return test.map(|t| (t, false)).map_err(|e| match e.pos == pos {
                    true => self.expected("a test"),
                    false => e,
                });
            }
        };
        Ok((test, false))
    }

    fn comparison(&mut self) -> Parsed<Test> {
        let left = self.expr()?;
        let op = [
            ("<=", CmpOp::Le),
            (">=", CmpOp::Ge),
            ("==", CmpOp::Eq),
            ("!=", CmpOp::Ne),
            ("<", CmpOp::Lt),
            (">", CmpOp::Gt),
        ]
        .into_iter()
        .find(|(s, _)| self.is_symbol(s))
        .map(|(_, op)| op)
        .ok_or_else(|| self.expected("a comparison (`<`, `>`, `<=`, `>=`, `==` or `!=`)"))?;
        self.at += 1;
        Ok(Test::Compare(op, left, self.expr()?))
    }
}

/// `a op b`, computed now when both are constants (`10^9` in a loop is not recomputed for
/// every number read); an error is left for the run to report, where it happens.
fn binary(op: BinOp, a: Expr, b: Expr) -> Expr {
    if let (Expr::Const(x), Expr::Const(y)) = (&a, &b) {
        if let Ok(folded) = x.arith(op, y) {
            return Expr::Const(folded);
        }
    }
    Expr::Binary(op, Box::new(a), Box::new(b))
}

/// `-e`, computed now when `e` is a constant.
fn negation(e: Expr) -> Expr {
    match &e {
        Expr::Const(v) => match v.negate() {
            Ok(negated) => Expr::Const(negated),
            Err(_) => Expr::Neg(Box::new(e)),
        },
        _ => Expr::Neg(Box::new(e)),
    }
}
