//! A parsed checktestdata script: commands, the expressions and tests in them, and where each
//! command stands in the script (for the messages of script errors).

use super::ops::{BinOp, CmpOp};
use super::value::Value;
use super::Pos;

/// A variable of the script, numbered by the parser in order of first appearance.
pub type VarId = usize;

/// `name` or `name[i, j, …]`.
#[derive(Debug, Clone)]
pub struct VarRef {
    pub id: VarId,
    pub indices: Vec<Expr>,
}

#[derive(Debug, Clone)]
pub enum Expr {
    Const(Value),
    Var(VarRef),
    Neg(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `STRLEN(value)`.
    Strlen(Box<Expr>),
}

#[derive(Debug, Clone)]
pub enum Test {
    Not(Box<Test>),
    And(Box<Test>, Box<Test>),
    Or(Box<Test>, Box<Test>),
    Compare(CmpOp, Expr, Expr),
    IsEof,
    /// `MATCH(str)`: the next byte is one of `str`'s.
    Match(Expr),
    Unique(Vec<VarId>),
    InArray(Expr, VarId),
}

/// `FIXED` or `SCIENTIFIC` after a float's variable; `Any` without.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notation {
    Any,
    Fixed,
    Scientific,
}

#[derive(Debug, Clone)]
pub enum Command {
    Space,
    Newline,
    Eof,
    Int {
        min: Expr,
        max: Expr,
        target: Option<VarRef>,
    },
    /// `FLOAT`, or `FLOATP` when `decimals` holds its (mindecimals, maxdecimals).
    Float {
        min: Expr,
        max: Expr,
        decimals: Option<(Expr, Expr)>,
        target: Option<VarRef>,
        notation: Notation,
    },
    Str(Expr),
    Regex {
        pattern: Expr,
        target: Option<VarRef>,
    },
    Assert(Test),
    Set(Vec<(VarRef, Expr)>),
    Unset(Vec<VarId>),
    /// `REP(count)` or `REPI(index, count)`.
    Rep {
        index: Option<VarRef>,
        count: Expr,
        separator: Option<Box<Stmt>>,
        body: Vec<Stmt>,
    },
    /// `WHILE(test)` or `WHILEI(index, test)`.
    While {
        index: Option<VarRef>,
        condition: Test,
        separator: Option<Box<Stmt>>,
        body: Vec<Stmt>,
    },
    If {
        condition: Test,
        then: Vec<Stmt>,
        otherwise: Vec<Stmt>,
    },
}

/// A command and where it starts in the script.
#[derive(Debug, Clone)]
pub struct Stmt {
    pub pos: Pos,
    pub command: Command,
}
