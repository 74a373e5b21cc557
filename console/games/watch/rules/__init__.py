"""The rules of the Watch, one module per chapter of the book; the State (state.py) holds the
position and dispatches each action to the rule that settles it."""
