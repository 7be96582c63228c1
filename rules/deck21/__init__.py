"""Deck 21, the 89-card Fibonacci deck, and what the three games played with it share (`canasta21`,
`fibonacci21`, `fibonacci21_solitaire`): the card values (cards.py) and what the deck holds
(composition.py). Their running arithmetic is every @2 game's (rules/sides/arithmetic.py).

The deck lives here once, so the three rule sets cannot drift apart on what a card is worth or how many
wild cards there are; each rule set reads it through its own options (how many decks, how many wild cards
a deck holds), since the sources leave the deck's composition open (docs/rulesets/canasta21.md, "Deck 21").
"""
