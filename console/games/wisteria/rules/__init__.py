"""Wisteria's rules, one module per chapter of the book: deal (setup), piles (draw and won piles),
rounds and reveal (the basic round), war, choices (Rule 2) and spoils (the War), scoring (victory).

steps.py names what the game waits for; supply.py resolves a card by the step it was asked for.
"""
