"""The Adventure Deck: a solo journey through a 54-card quest deck, on the same engine and
card-script language as the deck-building games."""
