"""What the bot tests share: the closing position of the audit and a turn played by a bot."""

CLOSE_POSITION = dict(hands={0: "Kh Kh Ts 2d"}, melds={0: ["3c 4c 5c 6c 7c 8c 9c", "3s 4s 5s 6s 7s 8s"]},
                      taken={0: True}, turn=0)
"""The audit's hand ``Kh Kh Ts 2d``, the pozzetto taken and a burraco down: it can close."""


def play_turn(bot, state):
    """The actions ``bot`` plays for seat 0 until the turn passes or the hand ends."""
    actions = []
    while not state.is_terminal() and state.current_player() == 0:
        action = bot.choose(state.observation(0), state.legal_actions())
        assert action in state.legal_actions()
        actions.append(state.action_to_string(action))
        state.apply(action)
    return actions

