"""What the parlour games share (giochi da veglia: Petrangola, Perlina, Mercante in
fiera): many players at one table, hands compared, tokens (gettoni) and a pot
(piatto) changing hands, players put out when their tokens are gone, and
auctions (aste). ``tokens`` holds the purses, the pot and the comparisons,
``auction`` the auction, ``state`` the protocol machinery every parlour game's
state inherits.
"""
