"""Players that choose an action from their seat's observation only."""
