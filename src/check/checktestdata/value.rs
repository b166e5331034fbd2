//! The values of checktestdata: integers of any size, floats, strings.
//!
//! Floats are exact rationals, as in the Python checktestdata (DOMjudge's C++ one uses binary
//! floats of at least 256 bits, so `0.1 + 0.2 == 0.3` is false there and true here; input
//! floats are compared with bounds exactly in both). An expression is integer when all its
//! parts are: `7/2` is 3 (division truncates toward zero, `%` keeps the dividend's sign), while
//! `7.0/2` is 3.5. Integers that fit in an `i64` are kept as one, so that the common case costs
//! no allocation. Values are equal (and hash alike) by number: the integer 2 equals the float
//! 2.0, as both references find it in `INARRAY`.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::ops::{BinOp, CmpOp};

/// The largest result of `^` computed, in bits: a bigger power is a script error, not an
/// allocation that never ends.
const MAX_POWER_BITS: u64 = 1 << 24;

/// An integer: small ones inline, the rest as a `BigInt` (never one that fits an `i64`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Int {
    Small(i64),
    Big(BigInt),
}

impl Int {
    pub fn from_big(big: BigInt) -> Int {
        match big.to_i64() {
            Some(small) => Int::Small(small),
            None => Int::Big(big),
        }
    }

    pub fn to_big(&self) -> BigInt {
        match self {
            Int::Small(v) => BigInt::from(*v),
            Int::Big(b) => b.clone(),
        }
    }

    /// The integer as a `u64`, if it is one.
    pub fn to_u64(&self) -> Option<u64> {
        match self {
            Int::Small(v) => u64::try_from(*v).ok(),
            Int::Big(b) => b.to_u64(),
        }
    }

    pub fn cmp_int(&self, other: &Int) -> Ordering {
        match (self, other) {
            (Int::Small(a), Int::Small(b)) => a.cmp(b),
            _ => self.to_big().cmp(&other.to_big()),
        }
    }
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Int::Small(v) => write!(f, "{v}"),
            Int::Big(b) => write!(f, "{b}"),
        }
    }
}

#[derive(Debug, Clone)]
pub enum Value {
    Int(Int),
    Float(BigRational),
    Str(Arc<[u8]>),
}

impl Value {
    pub fn small(v: i64) -> Value {
        Value::Int(Int::Small(v))
    }

    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Int(_) => "integer",
            Value::Float(_) => "float",
            Value::Str(_) => "string",
        }
    }

    /// The number as an exact rational; `None` for a string.
    pub fn to_rational(&self) -> Option<BigRational> {
        match self {
            Value::Int(i) => Some(BigRational::from_integer(i.to_big())),
            Value::Float(r) => Some(r.clone()),
            Value::Str(_) => None,
        }
    }

    pub fn negate(&self) -> Result<Value, String> {
        Ok(match self {
            Value::Int(Int::Small(v)) => match v.checked_neg() {
                Some(n) => Value::small(n),
                None => Value::Int(Int::from_big(-BigInt::from(*v))),
            },
            Value::Int(Int::Big(b)) => Value::Int(Int::from_big(-b)),
            Value::Float(r) => Value::Float(-r),
            Value::Str(_) => return Err("cannot negate a string".to_string()),
        })
    }

    /// `self op other`, as the module documentation says.
    pub fn arith(&self, op: BinOp, other: &Value) -> Result<Value, String> {
        let symbol = match op {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Pow => "^",
        };
        if let (Value::Str(_), _) | (_, Value::Str(_)) = (self, other) {
            return Err(format!(
                "cannot compute {} {symbol} {}: strings have no arithmetic",
                self.type_name(),
                other.type_name()
            ));
        }
        if op == BinOp::Pow {
            return self.power(other);
        }
        if let (Value::Int(Int::Small(a)), Value::Int(Int::Small(b))) = (self, other) {
            if let Some(v) = small_arith(op, *a, *b)? {
                return Ok(Value::small(v));
            }
        }
        if let (Value::Int(a), Value::Int(b)) = (self, other) {
            let (a, b) = (a.to_big(), b.to_big());
            if matches!(op, BinOp::Div | BinOp::Rem) && b.is_zero() {
                return Err("division by zero".to_string());
            }
            return Ok(Value::Int(Int::from_big(match op {
                BinOp::Add => a + b,
                BinOp::Sub => a - b,
                BinOp::Mul => a * b,
                BinOp::Div => a / b,
                _ => a % b,
            })));
        }
        let (a, b) = (
            self.to_rational().expect("a number"),
            other.to_rational().expect("a number"),
        );
        Ok(Value::Float(match op {
            BinOp::Add => a + b,
            BinOp::Sub => a - b,
            BinOp::Mul => a * b,
            BinOp::Div if b.is_zero() => return Err("division by zero".to_string()),
            BinOp::Div => a / b,
            _ => return Err("% needs two integers".to_string()),
        }))
    }

    /// `self ^ exponent`: the exponent a non-negative integer, the result not absurdly large.
    fn power(&self, exponent: &Value) -> Result<Value, String> {
        let Value::Int(e) = exponent else {
            return Err(format!(
                "the exponent of ^ must be an integer, not a {}",
                exponent.type_name()
            ));
        };
        let e = match e.to_u64() {
            Some(e) => e,
            None => {
                return Err(format!(
                    "the exponent {e} of ^ is not a non-negative 64-bit integer"
                ))
            }
        };
        let bits = |b: &BigInt| b.bits().max(1);
        let too_big = |base_bits: u64| {
            (base_bits > 1 && base_bits.saturating_mul(e) > MAX_POWER_BITS).then(|| {
                format!("a power with exponent {e} is too large to compute (over {MAX_POWER_BITS} bits)")
            })
        };
        let exp = u32::try_from(e).ok();
        match self {
            Value::Int(base) => {
                let base = base.to_big();
                let is_unit = base.is_zero() || base.abs().is_one();
                if let Some(why) = too_big(bits(&base)).filter(|_| !is_unit) {
                    return Err(why);
                }
                Ok(Value::Int(Int::from_big(match (is_unit, exp) {
                    (true, _) if base.is_negative() && e.is_odd() => -BigInt::one(),
                    (true, _) if base.is_zero() && e > 0 => BigInt::zero(),
                    (true, _) => BigInt::one(),
                    (false, Some(exp)) => base.pow(exp),
                    (false, None) => unreachable!("bounded by MAX_POWER_BITS"),
                })))
            }
            Value::Float(base) => {
                let size = bits(base.numer()).max(bits(base.denom()));
                let is_unit = base.is_zero() || base.abs().is_one();
                if let Some(why) = too_big(size).filter(|_| !is_unit) {
                    return Err(why);
                }
                let exp =
                    i32::try_from(e).map_err(|_| format!("the exponent {e} of ^ is too large"))?;
                Ok(Value::Float(base.pow(exp)))
            }
            Value::Str(_) => unreachable!("strings refused by arith"),
        }
    }

    /// `self op other`: numbers with numbers, strings with strings (byte by byte).
    pub fn compare(&self, op: CmpOp, other: &Value) -> Result<bool, String> {
        let ordering = self.ordering(other)?;
        Ok(match op {
            CmpOp::Lt => ordering == Ordering::Less,
            CmpOp::Gt => ordering == Ordering::Greater,
            CmpOp::Le => ordering != Ordering::Greater,
            CmpOp::Ge => ordering != Ordering::Less,
            CmpOp::Eq => ordering == Ordering::Equal,
            CmpOp::Ne => ordering != Ordering::Equal,
        })
    }

    pub fn ordering(&self, other: &Value) -> Result<Ordering, String> {
        Ok(match (self, other) {
            (Value::Str(a), Value::Str(b)) => a.cmp(b),
            (Value::Str(_), _) | (_, Value::Str(_)) => {
                return Err(format!(
                    "cannot compare a {} with a {}",
                    self.type_name(),
                    other.type_name()
                ))
            }
            (Value::Int(a), Value::Int(b)) => a.cmp_int(b),
            _ => {
                (self.to_rational().expect("a number")).cmp(&other.to_rational().expect("a number"))
            }
        })
    }

    /// The integer, if the value has integer type.
    pub fn as_int(&self) -> Option<&Int> {
        match self {
            Value::Int(i) => Some(i),
            _ => None,
        }
    }
}

/// `a op b` on `i64`s when the result fits; `None` when it must be computed in big integers.
fn small_arith(op: BinOp, a: i64, b: i64) -> Result<Option<i64>, String> {
    if matches!(op, BinOp::Div | BinOp::Rem) && b == 0 {
        return Err("division by zero".to_string());
    }
    Ok(match op {
        BinOp::Add => a.checked_add(b),
        BinOp::Sub => a.checked_sub(b),
        BinOp::Mul => a.checked_mul(b),
        BinOp::Div => a.checked_div(b),
        BinOp::Rem => a.checked_rem(b),
        BinOp::Pow => None,
    })
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        matches!(self.ordering(other), Ok(Ordering::Equal))
    }
}

impl Eq for Value {}

impl Hash for Value {
    /// Numbers hash by value (an integral float as that integer), so that equal values hash
    /// alike.
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            Value::Str(s) => {
                state.write_u8(0);
                s.hash(state);
            }
            Value::Int(Int::Small(v)) => {
                state.write_u8(1);
                v.hash(state);
            }
            Value::Int(Int::Big(b)) => {
                state.write_u8(2);
                b.hash(state);
            }
            Value::Float(r) if r.is_integer() => {
                Value::Int(Int::from_big(r.to_integer())).hash(state)
            }
            Value::Float(r) => {
                state.write_u8(3);
                r.hash(state);
            }
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(i) => write!(f, "{i}"),
            Value::Float(r) if r.is_integer() => write!(f, "{}.0", r.numer()),
            Value::Float(r) => match decimal(r) {
                Some(text) => f.write_str(&text),
                None => write!(f, "{}/{}", r.numer(), r.denom()),
            },
            Value::Str(s) => write!(f, "\"{}\"", super::show_bytes(s)),
        }
    }
}

/// `r` in decimal when it has a short exact decimal form (its denominator divides 10^k for a
/// small k), as most floats read from input have.
fn decimal(r: &BigRational) -> Option<String> {
    let mut scale = BigInt::one();
    for k in 0..=40 {
        if (&scale % r.denom()).is_zero() {
            let digits = (r.numer() * (&scale / r.denom())).abs().to_string();
            let digits = format!("{digits:0>width$}", width = k + 1);
            let (whole, frac) = digits.split_at(digits.len() - k);
            let sign = if r.is_negative() { "-" } else { "" };
            return Some(format!("{sign}{whole}.{frac}"));
        }
        scale *= 10;
    }
    None
}
