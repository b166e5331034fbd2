//! What the statements of every format share: their language codes, and our folder's
//! statement files. `problem.toml`'s `[statement] language` and the `statement.<lang>.md`
//! files are checked and found here (the readers and the archive both need them); the
//! statements themselves (samples inserted, constraints listed) are
//! `crate::archive::statement`'s.

use std::path::{Path, PathBuf};

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

/// The file name of the statement in the language `problem.toml` declares.
pub const STATEMENT_FILE: &str = "statement.md";

/// One statement file of a problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatementFile {
    pub language: String,
    pub path: PathBuf,
}

/// The statements of the problem in `dir`, sorted by language; `declared` is the language of
/// `statement.md`. An error when there is none, when a file name's language is not a language
/// code, or when two files are in the same language.
pub fn find(dir: &Path, declared: &str) -> Result<Vec<StatementFile>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut found: Vec<StatementFile> = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        let language = if name == STATEMENT_FILE {
            declared.to_string()
        } else if let Some(language) =
            (name.strip_prefix("statement.")).and_then(|rest| rest.strip_suffix(".md"))
        {
            check_language(language).map_err(|e| format!("{}: {e}", path.display()))?;
            language.to_string()
        } else {
            continue;
        };
        if let Some(twin) = found.iter().find(|f| f.language == language) {
            return Err(format!(
                "{} and {} are both the {language} statement (the language of {STATEMENT_FILE} \
                 is problem.toml's [statement] language, {declared})",
                twin.path.display(),
                path.display()
            ));
        }
        found.push(StatementFile { language, path });
    }
    if found.is_empty() {
        return Err(format!(
            "{} has no statement: expected {STATEMENT_FILE} or statement.<language>.md",
            dir.display()
        ));
    }
    found.sort_by(|a, b| a.language.cmp(&b.language));
    Ok(found)
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
