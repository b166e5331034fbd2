//! Problem `wythoff` (GAMES.md §4): placeholder until implemented.

use super::{ParseError, Problem, Reach};
use crate::check::{Malformed, TokenReader};
use crate::game::brute::TooLarge;
use crate::gen::{Gen, ParamError, Params};

pub struct Wythoff;

impl Problem for Wythoff {
    type Instance = ();
    type Answer = ();
    const NAME: &'static str = "wythoff";
    const TITLE: &'static str = "wythoff";

    fn parse_input(_input: &[u8]) -> Result<(), ParseError> {
        todo!()
    }
    fn write_input(_instance: &()) -> String {
        todo!()
    }
    fn solve(_instance: &()) {
        todo!()
    }
    fn brute(_instance: &()) -> Result<(), TooLarge> {
        todo!()
    }
    fn write_answer(_instance: &(), _answer: &()) -> String {
        todo!()
    }
    fn read_answer(_instance: &(), _tokens: &mut TokenReader<'_>) -> Result<(), Malformed> {
        todo!()
    }
    fn compare(_instance: &(), _reference: &(), _got: &()) -> Result<(), String> {
        todo!()
    }
    fn generate(_gen: &mut Gen, _params: &Params) -> Result<(), ParamError> {
        todo!()
    }
    fn shrink(_instance: &()) -> Vec<()> {
        todo!()
    }
    fn reach(_instance: &()) -> Vec<Reach> {
        todo!()
    }
}
