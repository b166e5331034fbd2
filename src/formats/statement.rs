//! What the statements of every format share: their language codes. `problem.toml`'s
//! `[statement] language` and the `statement.<lang>.md` files are checked here; the statements
//! themselves (samples inserted, constraints listed) are `crate::archive::statement`'s.

/// The language of `statement.md` when `problem.toml` declares none.
pub const DEFAULT_LANGUAGE: &str = "en";

/// Checks a language code: two lowercase ASCII letters (ISO 639-1), optionally `-` and a
/// two-letter uppercase region (`pt-BR`).
pub fn check_language(code: &str) -> Result<(), String> {
    let (language, region) = match code.split_once('-') {
        Some((language, region)) => (language, Some(region)),
        None => (code, None),
    };
    let letters = |text: &str, upper: bool| {
        text.len() == 2
            && text.bytes().all(|b| match upper {
                true => b.is_ascii_uppercase(),
                false => b.is_ascii_lowercase(),
            })
    };
    if letters(language, false) && region.is_none_or(|r| letters(r, true)) {
        Ok(())
    } else {
        Err(format!(
            "{code:?} is not a language code: expected two lowercase letters (ISO 639-1), \
             optionally with a region, as in \"pl\" or \"pt-BR\""
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_codes_are_two_letters_and_a_region() {
        for good in ["en", "pl", "pt-BR"] {
            assert_eq!(check_language(good), Ok(()));
        }
        for bad in ["", "EN", "pol", "polish", "pt-br", "pt_BR", "p1"] {
            assert!(check_language(bad).is_err(), "{bad}");
        }
    }
}
