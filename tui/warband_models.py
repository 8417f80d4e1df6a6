"""Each ruleset's force as a list of figures for the new-game form: which
options the list stands for, the figures those options hold, the kinds a
figure may be, the choices each figure has (with their numbers, from
core), and the options a changed list gives back.

The options stay what the engine takes (Platemail's and Waylights' roster
texts, Plasto Latros' counts); the rules of what a valid force is stay in
core (the ruleset's ``check_options`` and ``core.options.option_problem``).
A model only translates.
"""

from __future__ import annotations

from typing import Any

import attrs


@attrs.frozen
class Slot:
    """One choice a figure has: ``key`` picks it from the list screen."""

    key: str
    title: str
    choices: tuple[tuple[Any, str], ...]  # (value, its words and numbers)
    current: Any

    @property
    def current_words(self) -> str:
        for value, words in self.choices:
            if value == self.current:
                return words.split(":")[0].split("\n")[0]
        return str(self.current)


class Model:
    """The interface; see the module docstring."""

    replaces: tuple[str, ...] = ()  # option names the lists stand for
    note = ""  # a sentence under the list (how the options tie sides together)

    def figures(self, options: Any, side: int) -> list[Any]:
        raise NotImplementedError

    def with_figures(self, options: Any, side: int, figures: list[Any]) -> Any:
        raise NotImplementedError

    def kinds(self, options: Any) -> list[tuple[Any, str]]:
        """What an added figure may be: (kind, words)."""
        raise NotImplementedError

    def new(self, kind: Any) -> Any:
        return kind

    def summary(self, figure: Any) -> str:
        raise NotImplementedError

    def short(self, figure: Any) -> str:
        return self.summary(figure).split(":")[0]

    def stats(self, figure: Any, options: Any) -> str:
        raise NotImplementedError

    def slots(self, figure: Any, options: Any) -> list[Slot]:
        return [Slot("k", "Kind", tuple(self.kinds(options)), figure)]

    def change(self, figure: Any, slot: str, value: Any) -> Any:
        return value

    def presets(self) -> list[tuple[tuple, str]]:
        return []

    def side_problem(self, options: Any, side: int) -> str | None:
        return None


class PlatemailModel(Model):
    replaces = ("roster_0", "roster_1")

    def figures(self, options, side):
        from core.rulesets.platemail.roster import roster_figures

        return roster_figures(getattr(options, f"roster_{side}"))

    def with_figures(self, options, side, figures):
        from core.rulesets.platemail.roster import roster_text

        return attrs.evolve(options, **{f"roster_{side}": roster_text(figures)})

    def kinds(self, options):
        from core.rulesets.platemail.equipment import ARCHETYPES
        from core.rulesets.platemail.roster import archetype_numbers, archetype_words

        return [(key, f"{archetype_words(key)}\n   {archetype_numbers(key, options.max_wounds)}")
                for key in ARCHETYPES]

    def new(self, kind):
        from core.rulesets.platemail.roster import Figure

        return Figure.of(kind)

    def summary(self, figure):
        from core.rulesets.platemail.roster import figure_summary

        return figure_summary(figure)

    def stats(self, figure, options):
        from core.rulesets.platemail.roster import figure_stats

        return figure_stats(figure, options.max_wounds)

    def slots(self, figure, options):
        from core.rulesets.platemail.equipment import ARMOUR, SHIELDS, WEAPONS
        from core.rulesets.platemail.roster import (
            WIELDABLE,
            armour_words,
            shield_words,
            weapon_words,
        )

        return [
            Slot("k", "Archetype", tuple(self.kinds(options)), figure.archetype),
            Slot("w", "Weapon in hand", tuple((k, weapon_words(WEAPONS[k])) for k in WIELDABLE), figure.wielding),
            Slot("r", "Armour", tuple((k, armour_words(k)) for k in ARMOUR), figure.armour),
            Slot("s", "Shield", tuple((k, shield_words(k)) for k in (None, *SHIELDS)), figure.shield),
        ]

    def change(self, figure, slot, value):
        if slot == "k":
            return self.new(value) if value != figure.archetype else figure
        field = {"w": "wielding", "r": "armour", "s": "shield"}[slot]
        return attrs.evolve(figure, **{field: value})

    def side_problem(self, options, side):
        from core.rulesets.platemail.roster import parse_roster

        found = parse_roster(getattr(options, f"roster_{side}"))
        return found if isinstance(found, str) else None


class WaylightsModel(Model):
    replaces = ("team_0", "team_1", "roster_0", "roster_1")

    def figures(self, options, side):
        from core.rulesets.waylights.roster import KINDS
        from core.rulesets.waylights.ruleset import side_keys

        text = getattr(options, f"roster_{side}").strip()
        if text:  # however many: a list being built may hold too many
            return [k for k in (k.strip().lower() for k in text.split(",")) if k in KINDS]
        found = side_keys(options, side)
        return [] if isinstance(found, str) else list(found)

    def with_figures(self, options, side, figures):
        # An empty roster would mean "the preset team": a list emptied by
        # hand is a roster of no one (which the ruleset refuses, in words).
        return attrs.evolve(options, **{f"roster_{side}": ",".join(figures) if figures else ","})

    def kinds(self, options):
        from core.rulesets.waylights.roster import KINDS, kind_words

        return [(key, kind_words(key)) for key in KINDS]

    def summary(self, figure):
        from core.rulesets.waylights.roster import KINDS

        return KINDS[figure].name

    def stats(self, figure, options):
        from core.rulesets.waylights.roster import kind_words

        return kind_words(figure)

    def presets(self):
        from core.rulesets.waylights.roster import KINDS, PRESETS

        return [(kinds, f"{name}: {', '.join(KINDS[k].name for k in kinds)}") for name, kinds in PRESETS.items()]

    def side_problem(self, options, side):
        from core.rulesets.waylights.ruleset import side_keys

        found = side_keys(options, side)
        return found if isinstance(found, str) else None


class PlastoModel(Model):
    replaces = ("minis", "shooters_0", "shooters_1")
    note = "Both sides field as many minis: adding or removing one changes the other side's warriors too."

    def figures(self, options, side):
        from core.rulesets.plasto_latros.options import side_figures

        return list(side_figures(options, side))

    def with_figures(self, options, side, figures):
        from core.rulesets.plasto_latros.options import with_side_figures

        changed = with_side_figures(options, side, figures)
        # Both sides field as many minis: fewer minis than the other side's
        # shooters leave it that many shooters, as its list shows them (the
        # count kept behind it was refused as more shooters than minis).
        other = f"shooters_{1 - side}"
        return attrs.evolve(changed, **{other: min(getattr(changed, other), changed.minis)})

    def kinds(self, options):
        from core.rulesets.plasto_latros.options import FIGURE_WORDS

        return list(FIGURE_WORDS.items())

    def summary(self, figure):
        return figure.capitalize()

    def stats(self, figure, options):
        from core.rulesets.plasto_latros.options import FIGURE_WORDS

        return FIGURE_WORDS[figure]


def model_for(ruleset: Any) -> Model | None:
    """The list model of a ruleset whose force is chosen (None: not chosen),
    as its screen adapter names it."""
    from tui.rulesets import adapter_class

    made = adapter_class(ruleset).warband_model
    return made() if made is not None else None


def force_words(model: Model, figures: list[Any]) -> str:
    """A side's force in a few words: "Footman, Archer, Knight" (counted
    when a name repeats: "2 Fighter, Archer")."""
    if not figures:
        return "nobody yet"
    counts: dict[str, int] = {}
    for f in figures:
        name = model.short(f)
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{n} {name}" for name, n in counts.items())
