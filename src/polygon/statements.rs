//! A Polygon package's statements: Polygon names languages in words (`english`, `russian`),
//! the model in ISO 639-1 codes; and each language's `statements/<language>/
//! problem-properties.json` says the statement's name, limits and files as Polygon rendered
//! them, read whole here (errors at `file:line:col`).

use std::path::{Path, PathBuf};

use serde::Deserialize;

/// Polygon's language names and their ISO 639-1 codes.
const LANGUAGES: &[(&str, &str)] = &[
    ("afrikaans", "af"),
    ("arabic", "ar"),
    ("armenian", "hy"),
    ("azerbaijani", "az"),
    ("belarusian", "be"),
    ("bengali", "bn"),
    ("bosnian", "bs"),
    ("bulgarian", "bg"),
    ("chinese", "zh"),
    ("croatian", "hr"),
    ("czech", "cs"),
    ("danish", "da"),
    ("dutch", "nl"),
    ("english", "en"),
    ("estonian", "et"),
    ("finnish", "fi"),
    ("french", "fr"),
    ("georgian", "ka"),
    ("german", "de"),
    ("greek", "el"),
    ("hebrew", "he"),
    ("hindi", "hi"),
    ("hungarian", "hu"),
    ("indonesian", "id"),
    ("italian", "it"),
    ("japanese", "ja"),
    ("kazakh", "kk"),
    ("korean", "ko"),
    ("kyrgyz", "ky"),
    ("latvian", "lv"),
    ("lithuanian", "lt"),
    ("macedonian", "mk"),
    ("malay", "ms"),
    ("mongolian", "mn"),
    ("norwegian", "no"),
    ("persian", "fa"),
    ("polish", "pl"),
    ("portuguese", "pt"),
    ("romanian", "ro"),
    ("russian", "ru"),
    ("serbian", "sr"),
    ("slovak", "sk"),
    ("slovene", "sl"),
    ("spanish", "es"),
    ("swedish", "sv"),
    ("tajik", "tg"),
    ("thai", "th"),
    ("turkish", "tr"),
    ("turkmen", "tk"),
    ("ukrainian", "uk"),
    ("uzbek", "uz"),
    ("vietnamese", "vi"),
];

/// The ISO 639-1 code of Polygon's language `name`, when it is one Polygon offers.
pub fn language_code(name: &str) -> Option<&'static str> {
    (LANGUAGES.iter())
        .find(|(known, _)| known.eq_ignore_ascii_case(name))
        .map(|(_, code)| *code)
}

/// What `problem-properties.json` says that stonejudge reads: the statement's name and the
/// files it tells contestants to use. Polygon writes more (legend, input, output, notes,
/// samples); those are the statement's text, not read.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Properties {
    pub name: Option<String>,
    #[serde(rename = "inputFile")]
    pub input_file: Option<String>,
    #[serde(rename = "outputFile")]
    pub output_file: Option<String>,
}

/// The properties file of the statements in `language` of the package at `root`.
pub fn properties_path(root: &Path, language: &str) -> PathBuf {
    root.join("statements")
        .join(language)
        .join("problem-properties.json")
}

/// `problem-properties.json` at `path`, when it is there; a file that is not JSON is an
/// error at its `file:line:col`.
pub fn read_properties(path: &Path) -> Result<Option<Properties>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| format!("{}:{}:{}: {e}", path.display(), e.line(), e.column()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_are_codes_and_properties_read_whole() {
        assert_eq!(language_code("russian"), Some("ru"));
        assert_eq!(language_code("English"), Some("en"));
        assert_eq!(language_code("klingon"), None);
        let dir = tempfile::tempdir().expect("tempdir");
        let path = properties_path(dir.path(), "english");
        assert_eq!(read_properties(&path), Ok(None));
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(
            &path,
            "{\"name\": \"Sum\", \"inputFile\": \"stdin\", \"x\": 1}",
        )
        .expect("write");
        let read = read_properties(&path).expect("reads").expect("there");
        assert_eq!(read.name.as_deref(), Some("Sum"));
        std::fs::write(&path, "{\n  \"name\": 3\n}").expect("write");
        let error = read_properties(&path).unwrap_err();
        assert!(
            error.contains("problem-properties.json:2:11: invalid type"),
            "{error}"
        );
    }
}
