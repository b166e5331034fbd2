//! Named generator parameters (`--param KEY=VALUE`), checked strictly.

use std::collections::BTreeMap;
use std::str::FromStr;

/// A bad `--param`: unknown key, unparsable or out-of-range value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("--param {key}: {message}")]
pub struct ParamError {
    pub key: String,
    pub message: String,
}

/// Parameters given to a generator. A generator reads the keys it knows with the typed getters;
/// [`Params::finish`] then rejects any key that nobody read, so a typo is an error, not a
/// silently ignored setting.
#[derive(Debug, Clone, Default)]
pub struct Params {
    values: BTreeMap<String, String>,
    read: std::cell::RefCell<std::collections::BTreeSet<String>>,
    /// The choices each [`Params::choice`] key offered, so that a caller can learn a
    /// generator's modes by asking it once (the stress tester mixes them).
    offered: std::cell::RefCell<BTreeMap<String, Vec<String>>>,
    /// Every key a typed getter asked for, in the order first asked, with the values it takes:
    /// what a generator accepts, learned by asking it (see [`Params::asked`]).
    asked: std::cell::RefCell<Vec<(String, String)>>,
}

impl Params {
    /// Parses `KEY=VALUE` pairs; a repeated key or a pair without `=` is an error.
    pub fn parse<S: AsRef<str>>(pairs: &[S]) -> Result<Params, ParamError> {
        let mut values = BTreeMap::new();
        for pair in pairs {
            let pair = pair.as_ref();
            let Some((key, value)) = pair.split_once('=') else {
                return Err(ParamError {
                    key: pair.to_string(),
                    message: "expected KEY=VALUE".to_string(),
                });
            };
            if values.insert(key.to_string(), value.to_string()).is_some() {
                return Err(ParamError {
                    key: key.to_string(),
                    message: "given more than once".to_string(),
                });
            }
        }
        Ok(Params {
            values,
            read: Default::default(),
            offered: Default::default(),
            asked: Default::default(),
        })
    }

    /// Builds parameters from pairs known to be well-formed (test plans, stress modes).
    pub fn from_pairs(pairs: &[(&str, &str)]) -> Params {
        Params {
            values: pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            read: Default::default(),
            offered: Default::default(),
            asked: Default::default(),
        }
    }

    /// The raw string value of `key`, if given.
    pub fn raw(&self, key: &str) -> Option<&str> {
        self.read.borrow_mut().insert(key.to_string());
        self.values.get(key).map(String::as_str)
    }

    /// `key` parsed as `T` and checked to lie in `lo..=hi`, or `default` when absent.
    pub fn int<T>(&self, key: &str, default: T, lo: T, hi: T) -> Result<T, ParamError>
    where
        T: FromStr + PartialOrd + Copy + std::fmt::Display,
    {
        Ok(self.optional_int(key, lo, hi)?.unwrap_or(default))
    }

    /// `key` parsed as `T` and checked to lie in `lo..=hi`, or `None` when absent.
    pub fn optional_int<T>(&self, key: &str, lo: T, hi: T) -> Result<Option<T>, ParamError>
    where
        T: FromStr + PartialOrd + Copy + std::fmt::Display,
    {
        self.ask(key, format!("{lo}..={hi}"));
        let Some(text) = self.raw(key) else {
            return Ok(None);
        };
        let error = |message: String| ParamError {
            key: key.to_string(),
            message,
        };
        let value: T = text
            .parse()
            .map_err(|_| error(format!("expected an integer, got {text:?}")))?;
        if value < lo || value > hi {
            return Err(error(format!("{value} is outside {lo}..={hi}")));
        }
        Ok(Some(value))
    }

    /// `key` as one of `choices`, or `default` when absent.
    pub fn choice<'a>(
        &self,
        key: &str,
        default: &'a str,
        choices: &[&'a str],
    ) -> Result<&'a str, ParamError> {
        self.offered.borrow_mut().insert(
            key.to_string(),
            choices.iter().map(|c| c.to_string()).collect(),
        );
        self.ask(key, format!("{} (default {default})", choices.join(" | ")));
        let Some(text) = self.raw(key) else {
            return Ok(default);
        };
        choices
            .iter()
            .copied()
            .find(|c| *c == text)
            .ok_or_else(|| ParamError {
                key: key.to_string(),
                message: format!("expected one of {}, got {text:?}", choices.join(", ")),
            })
    }

    /// The values a generator offered for `key` through [`Params::choice`] since these
    /// parameters were made, in its order; `None` if it never asked for `key` as a choice.
    pub fn offered(&self, key: &str) -> Option<Vec<String>> {
        self.offered.borrow().get(key).cloned()
    }

    /// The keys typed getters asked for since these parameters were made, in the order first
    /// asked, each with the values it takes (`1..=1000`, `a | b (default a)`).
    pub fn asked(&self) -> Vec<(String, String)> {
        self.asked.borrow().clone()
    }

    fn ask(&self, key: &str, values: String) {
        let mut asked = self.asked.borrow_mut();
        if !asked.iter().any(|(k, _)| k == key) {
            asked.push((key.to_string(), values));
        }
    }

    /// Rejects keys that no getter asked for.
    pub fn finish(&self) -> Result<(), ParamError> {
        let read = self.read.borrow();
        match self.values.keys().find(|k| !read.contains(*k)) {
            Some(key) => Err(ParamError {
                key: key.clone(),
                message: "unknown parameter for this generator".to_string(),
            }),
            None => Ok(()),
        }
    }
}
