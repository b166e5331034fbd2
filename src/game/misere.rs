//! Misère play (the player who cannot move wins, i.e. whoever takes the last stone loses),
//! where Sprague–Grundy values do not decide sums.

/// True if the player to move wins misère Nim on `heaps` (Bouton's exception): play as in
/// normal Nim unless every heap has at most one stone, where the parity flips.
/// First player wins iff (some heap >= 2 and xor != 0) or (all heaps <= 1 and xor == 0).
pub fn misere_nim_first_wins(heaps: &[u64]) -> bool {
    let xor = heaps.iter().fold(0, |acc, &h| acc ^ h);
    if heaps.iter().any(|&h| h >= 2) {
        xor != 0
    } else {
        xor == 0
    }
}

/// `table[n]` = the player to move wins a single heap of `n` stones, for `n` in `0..=upto`,
/// in the misère subtraction game with removal set `set` (a move removes `s` in `set`,
/// `s <= n`; the player who cannot move wins). Plain retrograde analysis: a position with no
/// move is won, otherwise it is won iff some move reaches a lost position. Zero entries of
/// `set` are ignored (they would not be moves).
pub fn misere_subtraction_table(set: &[u64], upto: usize) -> Vec<bool> {
    let mut moves: Vec<usize> = set
        .iter()
        .filter_map(|&s| usize::try_from(s).ok())
        .filter(|&s| s > 0)
        .collect();
    moves.sort_unstable();
    moves.dedup();
    let mut wins: Vec<bool> = Vec::with_capacity(upto + 1);
    for n in 0..=upto {
        let mut options = moves.iter().take_while(|&&s| s <= n).peekable();
        let won = if options.peek().is_none() {
            true
        } else {
            options.any(|&s| !wins[n - s])
        };
        wins.push(won);
    }
    wins
}
