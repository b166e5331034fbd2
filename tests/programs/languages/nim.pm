# A correct solution to `nim` in Perl: Bouton's theorem, the first winning move.
use strict;
use warnings;

my @words = split ' ', do { local $/; <STDIN> };
my $at = 0;
my $cases = $words[$at++];
for (1 .. $cases) {
    my $n = $words[$at++];
    my @heaps = @words[$at .. $at + $n - 1];
    $at += $n;
    my $x = 0;
    $x ^= $_ for @heaps;
    if ($x == 0) { print "second\n"; next; }
    for my $i (0 .. $#heaps) {
        if (($heaps[$i] ^ $x) < $heaps[$i]) { printf "first %d %d\n", $i + 1, $heaps[$i] ^ $x; last; }
    }
}
