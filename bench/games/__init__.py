"""Sheet generators for bench/rules_bench.py, one module per rule set named after it: `sheets(rng, count)`
returns `count` plausible sheets of that game, every fifth with one written number changed."""
