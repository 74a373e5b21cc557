"""The rules of Wheels of War, one module per chapter of the book, each a set of rule functions
that check an action (IllegalAction before any change) and then apply it to a WheelsState.

- opening: the coin toss, the secret Archaffineurs, the deal and the opening swaps
- turns: a turn of play and its ending step; effects: what crafts, leaders and Reads do
- targets: "Choosing a craft target"; cellar: a wheel's age, seal, hold and souring
- deck, player: a seat's deck (and the card owed to it) and its side of the table
- legal: the legal actions and chance's outcomes; events: events that keep a sealed wheel secret
"""
