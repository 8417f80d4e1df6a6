"""The news of ``a`` (last Round's orders again) lists the orders it could
not copy, each refusal a sentence of its own: joined in one list, their
full stops give way to "; " (a tester read "...until it has shot.; b4: ...")."""

from types import SimpleNamespace

from tui.rulesets.platemail_review import SideOrders


def test_refusals_are_listed_without_a_full_stop_before_each_semicolon():
    news = SimpleNamespace(again_news={
        "again": [("a1", "a1")],
        "gone": [],
        "refused": [("b2", "b2: the crossbow is loaded: nothing to reload until it has shot."),
                    ("b4", "b4: Rapid Fire needs a bow.")],
    })
    text = SideOrders._again_text(news)
    assert ".;" not in text
    assert text.endswith("Not allowed now, write anew: b2: the crossbow is loaded: nothing to reload until "
                         "it has shot; b4: Rapid Fire needs a bow.")
