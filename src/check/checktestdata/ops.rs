//! The operators of checktestdata's expressions and tests: what the parser reads into the
//! script and what values compute with, apart from both so that neither depends on the other.

/// An arithmetic operator: `+ - * / % ^`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Pow,
}

/// A comparison: `< > <= >= == !=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CmpOp {
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
}
