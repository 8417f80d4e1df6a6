"""The joiner's check of the dice once a hosted game is over.

The host reveals its half of the seed and every order.  The check holds
only if the half matches the host's commitment, the host's record of the
joiner's half is the joiner's own (kept by the joiner itself:
:mod:`net.keep`), and the game replayed from the seed both halves
make gives exactly the events this seat was sent, the same outcome and the
same final position.  Anything less is said in words: which part differs,
or why the check cannot be made.
"""

from __future__ import annotations

from typing import Any

from net import fairdice, wire

HOSTED_SEED = "the seed both seats made"
# A server chooses its half alone: the commitment shows only that it did not change the dice during the game.
SERVER_SEED = "the seed the server promised before the game began"
CHECKED = f"Dice checked: every roll, the result and the final position came from {HOSTED_SEED}."
CHECKED_SERVER = f"Dice checked: every roll, the result and the final position came from {SERVER_SEED}."
# A diceless game (Plasto Latros) has no roll to speak of: the same check, in its words.
# What an onlooker's check cannot tell (it gave no half of the seed).
ONLOOKERS_HALF = "(The joiner's half of the seed is as the host gives it: only the joiner can check that.)"
CHECKED_DICELESS = "Game checked: the log, the result and the final position replay from the orders given."


def check_dice(facts: Any, side: int | None, commit: str, mine: str | None, reveal: dict,
               events: tuple, outcome: Any, view: Any, seed_words: str = HOSTED_SEED,
               onlooker: bool = False) -> tuple[str, Any]:
    """What checking found, as a sentence for the player, and the whole
    game replayed from the agreed seed when the check held (else None):
    the game is over, so nothing in it is secret from this seat any more.
    ``seed_words`` names the seed in the sentences (a server's: SERVER_SEED).
    A hosted game's ``onlooker`` gave no half: it takes the joiner's as the
    host reveals it, and checks the rest."""
    if onlooker:
        said, whole = check_dice(facts, side, commit, reveal["joiner"], reveal, events, outcome, view, seed_words)
        dice = whole is not None and facts.ruleset.capabilities.dice
        return (f"{said} {ONLOOKERS_HALF}" if dice else said), whole
    from core.game import ReplayError, replay

    if not fairdice.matches(reveal["nonce"], commit):
        return "The host's half of the seed does not match what it promised: the dice cannot be trusted.", None
    if mine is None:
        return ("Dice unchecked: this terminal no longer holds its own half of this game's seed (it was "
                "given from another account, or its file in your data folder is gone), so the check "
                "cannot be made."), None
    if reveal["joiner"] != mine:
        return ("The dice do not match: the host's record of your half of the seed is not the one you "
                "gave, so it rolled from a seed of its own."), None
    seed = fairdice.seed_from(reveal["nonce"], mine)
    try:
        game = replay(facts.ruleset, facts.options, facts.battlefield, seed, facts.players,
                      list(wire.orders_in(facts.ruleset, reveal["orders"])))
    except (ReplayError, ValueError):
        return f"The dice do not match: the host's orders cannot be replayed from {seed_words}.", None
    wrong = []
    if game.log_for(side) != tuple(events):
        wrong.append("the log")
    if game.outcome != outcome:
        wrong.append("the result")
    try:
        final = wire.view_in(facts.ruleset, wire.view_out(facts.ruleset, game.view(side)))
    except (ValueError, TypeError):
        final = None
    if final != view:
        wrong.append("the final position")
    if wrong:
        return (f"The dice do not match {seed_words}: {', '.join(wrong)} differ"
                f"{'s' if len(wrong) == 1 else ''} from a replay of the host's own orders."), None
    if not facts.ruleset.capabilities.dice:
        return CHECKED_DICELESS, game
    return f"Dice checked: every roll, the result and the final position came from {seed_words}.", game
