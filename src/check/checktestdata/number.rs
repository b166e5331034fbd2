//! Decimal notation (`-12.50e-3`) to an exact rational, for float constants of scripts and
//! floats read from input.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};

/// The largest power of ten a float may carry (after moving its decimal point): beyond it the
/// exact value would take more memory than any test needs, and reading it is refused rather
/// than left to run out of memory (the Python checktestdata does not return on `1e-999999999`).
pub const MAX_EXPONENT: i64 = 100_000;

/// The exact value of `text`: an optional `-`, digits with at most one `.`, and an optional
/// exponent `e`/`E` with an optional sign. The syntax is the caller's to check.
pub fn decimal(text: &str) -> Result<BigRational, String> {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], &text[at + 1..]),
        None => (text, "0"),
    };
    let (negative, mantissa) = match mantissa.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, mantissa),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{whole}{fraction}");
    let mut value: BigInt = match digits.is_empty() {
        true => BigInt::zero(),
        false => digits
            .parse()
            .map_err(|_| format!("`{text}` is not a number"))?,
    };
    if negative {
        value = -value;
    }
    if value.is_zero() {
        return Ok(BigRational::zero());
    }
    let exponent: i64 = exponent
        .trim_start_matches('+')
        .parse()
        .ok()
        .and_then(|e: i64| e.checked_sub(i64::try_from(fraction.len()).ok()?))
        .filter(|e| e.abs() <= MAX_EXPONENT)
        .ok_or_else(|| {
            format!(
                "the exponent of `{}` is beyond ±{MAX_EXPONENT}: not supported",
                crop(text)
            )
        })?;
    let scale = num_traits::pow(BigInt::from(10), exponent.unsigned_abs() as usize);
    Ok(match exponent >= 0 {
        true => BigRational::from_integer(value * scale),
        false => BigRational::new(value, scale),
    })
}

/// `text` as `mantissa / 10^scale` when that fits an `i64` with a scale of at most 18: the
/// common float, compared with bounds without big numbers.
pub fn small_decimal(text: &str) -> Option<(i64, u32)> {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => (
            &text[..at],
            text[at + 1..].trim_start_matches('+').parse::<i64>().ok()?,
        ),
        None => (text, 0),
    };
    let (negative, digits) = match mantissa.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, mantissa),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let scale = i64::try_from(fraction.len()).ok()?.checked_sub(exponent)?;
    if !(0..=18).contains(&scale) || whole.len() + fraction.len() > 18 {
        return None;
    }
    let mut value = 0i64;
    for digit in whole.bytes().chain(fraction.bytes()) {
        value = value * 10 + i64::from(digit - b'0');
    }
    Some((
        if negative { -value } else { value },
        u32::try_from(scale).ok()?,
    ))
}

/// `mantissa / 10^scale` compared with `bound`, when the bound's numerator and denominator fit
/// an `i64` (the products then fit an `i128`).
pub fn cmp_small(mantissa: i64, scale: u32, bound: &BigRational) -> Option<std::cmp::Ordering> {
    let numer = i128::from(bound.numer().to_i64()?);
    let denom = i128::from(bound.denom().to_i64()?);
    let left = i128::from(mantissa).checked_mul(denom)?;
    let right = numer.checked_mul(10i128.checked_pow(scale)?)?;
    Some(left.cmp(&right))
}

fn crop(text: &str) -> String {
    match text.len() > 40 {
        true => format!("{}…", &text[..40]),
        false => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::One;

    #[test]
    fn reads_decimals_exactly() {
        let r = |n: i64, d: i64| BigRational::new(BigInt::from(n), BigInt::from(d));
        assert_eq!(decimal("0.1").unwrap(), r(1, 10));
        assert_eq!(decimal("-12.50e-3").unwrap(), r(-1, 80));
        assert_eq!(decimal("3E+2").unwrap(), r(300, 1));
        assert_eq!(decimal("7.").unwrap(), r(7, 1));
        assert!(decimal("1.000").unwrap().is_one());
        assert_eq!(decimal("0e999999999").unwrap(), r(0, 1));
        assert!(decimal("1e-999999999")
            .unwrap_err()
            .contains("not supported"));
        assert!(decimal("1e99999999999999999999").is_err());
        assert_eq!(small_decimal("-12.50e-3"), Some((-1250, 5)));
        assert_eq!(small_decimal("3E+2"), None);
        assert_eq!(small_decimal("1.5e2"), None);
        assert_eq!(small_decimal("1.25e1"), Some((125, 1)));
        let half = BigRational::new(BigInt::from(1), BigInt::from(2));
        assert_eq!(cmp_small(5, 1, &half), Some(std::cmp::Ordering::Equal));
        assert_eq!(cmp_small(-5, 1, &half), Some(std::cmp::Ordering::Less));
    }
}
