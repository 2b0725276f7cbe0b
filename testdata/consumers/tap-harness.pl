#!/usr/bin/perl
# Reads each TAP file named on the command line with Perl's own TAP::Parser
# (Test::Harness, what prove runs), and prints one JSON object a line: the
# parser's version, what it made of the file, its parse errors and every
# warning Perl printed while it read.
use strict;
use warnings;
use JSON::PP;
use TAP::Parser;

my $json = JSON::PP->new->canonical->utf8(0);
for my $file (@ARGV) {
    my @warnings;
    local $SIG{__WARN__} = sub { push @warnings, $_[0] };
    open my $fh, '<:raw', $file or die "$file: $!";
    my $tap = do { local $/; <$fh> };
    close $fh;
    my $parser = TAP::Parser->new({ tap => $tap });
    my @tests;
    while (my $result = $parser->next) {
        if ($result->is_test) {
            push @tests, {
                number      => $result->number + 0,
                ok          => $result->is_ok ? JSON::PP::true : JSON::PP::false,
                actual_ok   => $result->is_actual_ok ? JSON::PP::true : JSON::PP::false,
                description => $result->description,
                directive   => $result->directive,
                explanation => $result->explanation,
                yaml        => undef,
            };
        } elsif ($result->is_yaml) {
            push @warnings, "YAML block with no test point before it\n" unless @tests;
            $tests[-1]{yaml} = $result->data if @tests;
        }
    }
    print $json->encode({
        file           => $file,
        harness        => "$TAP::Parser::VERSION",
        version        => $parser->version + 0,
        tests_planned  => ($parser->tests_planned // -1) + 0,
        tests_run      => $parser->tests_run + 0,
        passed         => scalar($parser->passed) + 0,
        failed         => scalar($parser->failed) + 0,
        skipped        => scalar($parser->skipped) + 0,
        parse_errors   => [ $parser->parse_errors ],
        warnings       => \@warnings,
        tests          => \@tests,
    }), "\n";
}
