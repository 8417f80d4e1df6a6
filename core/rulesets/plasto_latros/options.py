"""Options of a Plasto Latros game (see "Movement", "Long Range Attacks",
"Attacking Terrain And Artifacts" and "Ending The Game" in the seed)."""

from __future__ import annotations

import attrs

from core.options import option

GOALS = ("battle", "artifacts")


@attrs.frozen
class PlastoOptions:
    minis: int = option(6, "Minis per side", "How many minis each player commands.", minimum=1, maximum=12)
    shooters_0: int = option(
        2, "Player 1's shooters", "The first N minis of the first player are long-range shooters.",
        minimum=0, maximum=12)
    shooters_1: int = option(
        2, "Player 2's shooters", "The first N minis of the second player are long-range shooters.",
        minimum=0, maximum=12)
    move_length: int = option(
        4, "Standard Movement", "How far one Movement may carry a mini in a straight line, in cells.",
        minimum=1, maximum=12)
    turn_limit: int = option(
        0, "Turn limit (rounds)",
        "The game ends after this many rounds (each player one turn); 0: no limit but the safety one.",
        minimum=0, maximum=200)
    goal: str = option(
        "battle", "Scenario goal",
        "battle: more minis left wins. artifacts: the raider wins by destroying every artifact, "
        "the guardian wins if any still stands when the game ends.", choices=GOALS)
    raider: int = option(0, "Raiding player", "With the artifacts goal, the player who raids them; the other "
                         "guards them.", choices=(0, 1))
    safety_limit: int = option(
        100, "Safety limit (rounds)",
        "A hard stop after this many rounds, so that a game can never run for ever (it ends as the "
        "turn limit would); not in the printed rules.", minimum=5, maximum=500)

    def shooters(self, side: int) -> int:
        return self.shooters_0 if side == 0 else self.shooters_1


# A side's force as a list: each mini a shooter or a warrior.  The options
# hold it as one count of minis for both sides and, for each side, how many
# of its first minis shoot; a list always puts its shooters first.
SHOOTER, WARRIOR = "shooter", "warrior"
FIGURE_WORDS = {
    SHOOTER: "Shooter: fights base to base, and shoots at any distance into its front arc (half in view)",
    WARRIOR: "Warrior: fights base to base only (no long-range attack)",
}


def side_figures(options: PlastoOptions, side: int) -> tuple[str, ...]:
    """``side``'s minis in order: its shooters, then its warriors (a count
    of shooters above the minis shows as the minis there are)."""
    shooters = min(options.shooters(side), options.minis)
    return (SHOOTER,) * shooters + (WARRIOR,) * (options.minis - shooters)


def with_side_figures(options: PlastoOptions, side: int, figures: tuple[str, ...] | list[str]) -> PlastoOptions:
    """The options with ``side``'s minis as ``figures``; both sides field as
    many minis, so the other side gains or loses warriors at its end."""
    shooters = sum(1 for f in figures if f == SHOOTER)
    if side == 0:
        return attrs.evolve(options, minis=len(figures), shooters_0=shooters)
    return attrs.evolve(options, minis=len(figures), shooters_1=shooters)
