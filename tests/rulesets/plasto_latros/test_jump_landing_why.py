"""Why? on a jump attack's landing (*Jumping Attacks*: the target dies and
the jumper lands prone in its place).  It cited *Movement* ("Each turn has
two Movements"), though the landing spends none."""

from core.events import Moved
from core.explain import explain
from core.rulesets.plasto_latros import RULESET as R
from core.rulesets.plasto_latros.orders import Decline, JumpAttack

from .helpers import play
from .test_height import jump_position


def test_why_on_the_landing_cites_jumping_attacks():
    state, events = play(jump_position(), JumpAttack(0, "a1", "b1"), Decline(1))
    assert state.mini("b1").pos is None and state.mini("a1").pos == (6, 2) and state.mini("a1").prone
    index = next(i for i, e in enumerate(events) if isinstance(e, Moved) and e.unit == "a1")
    why = explain(R, events, index)
    text = "\n".join(why.lines)
    assert why.cite == "Jumping Attacks" and why.section.startswith("Heights")
    assert "5,1" in text and "6,2" in text and "prone" in text
    assert "two Movements" not in text
