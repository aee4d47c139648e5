# dump.pl prints the Unicode data that package compat takes from Perl (the
# perl scripts it reproduces: multi-bleu.perl, multi-bleu-detok.perl,
# mteval-v13a.pl), as the second part of internal/unidata/testdata/reference.txt
# (dump.py prints the first). Run it with Debian 12's /usr/bin/perl (5.36.0,
# Unicode 14.0); it refuses other Unicode versions:
#
#	/usr/bin/perl internal/gen/unicodetables/dump.pl
#
# Lines (hex code points, inclusive ranges, sorted):
#
#	perlSpace LO HI       \s matches chr(c) (with the unicode_strings feature,
#	                      as on the decoded text the scripts read)
#	perlLower C L1[,L2..] lc(chr(C)) where it is not chr(C)
use strict;
use warnings;
no warnings 'utf8';
use feature 'unicode_strings';
use Unicode::UCD;

my $v = Unicode::UCD::UnicodeVersion();
die "need Perl with Unicode 14.0.0, have $^V with $v\n" unless $v eq '14.0.0';
printf "# perl %s unicode %s\n", $^V, $v;

my $lo;
for my $c (0 .. 0x110000) {
	my $ok = $c < 0x110000 && !($c >= 0xD800 && $c <= 0xDFFF) && chr($c) =~ /\s/;
	if ($ok && !defined $lo) {
		$lo = $c;
	} elsif (!$ok && defined $lo) {
		printf "perlSpace %X %X\n", $lo, $c - 1;
		undef $lo;
	}
}
for my $c (0 .. 0x10FFFF) {
	next if $c >= 0xD800 && $c <= 0xDFFF;
	my $l = lc(chr($c));
	next if $l eq chr($c);
	printf "perlLower %X %s\n", $c, join(',', map { sprintf '%X', ord } split //, $l);
}
