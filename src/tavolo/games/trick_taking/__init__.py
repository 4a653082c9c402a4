"""What the trick-taking games (Briscola, Tressette) share: the 40-card Italian
deck as bit masks, who wins a trick (presa), partnerships, and one state
machine for dealing, playing a card, collecting the trick and drawing from the
stock, which each game completes with its own rules (following suit, trumps,
points, accusi, the match)."""
