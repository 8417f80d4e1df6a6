"""The rules help searches itself at 80x24: `/` opens a line, a word and
Enter go to the section that explains it (its heading names it, else it
bolds the word as a term of its own, else it mentions it most), `n` / `N`
go through every section mentioning it in page order, wrapping, and the
line under the text says where ("Doom: 2 of 8, in Contact, Threat and
Doom") or that no section mentions it; Esc closes the line, not the help.
PageDown or space at the page's end say so on that line.  A searched word
finds the words it is the stem of ("locked" finds "Lock", "pinned" finds
"Pins"), at the start of a word only."""

from __future__ import annotations

import re

from tests.tui.drawn import screen_rows
from tui.app import SkirmishApp
from tui.help import HelpScreen, HelpSection, first_landing, help_text, open_help, short_heading

SIZE = (80, 24)
TEXT_ROWS = SIZE[1] - 2  # the status (or search) line and the footer under the text


def sections_mentioning(name: str, word: str, starting: str = "") -> list[str]:
    """Read from the page itself: the headings (as the contents show them)
    of the sections whose heading or text mention ``word`` (or, given
    ``starting``, a word starting with it), in page order."""
    if starting:
        pattern = re.compile(rf"(?<!\w){re.escape(starting.casefold())}")
    page = help_text(name)
    assert "```" not in page  # no code block: every line starting with # is a heading
    found, heading, text = [], "", ""
    for line in page.splitlines() + ["# end"]:
        if re.match(r"#{1,6} ", line):
            read = " ".join(text.replace("*", "").split()).casefold()
            if heading and (pattern.search(read) if starting else word.casefold() in read):
                found.append(heading)
            level = len(line) - len(line.lstrip("#"))
            heading, text = short_heading(line.lstrip("#").strip(), level), ""
        text += line + "\n"
    return found


async def open_rules(pilot, app, name: str = "plasto_latros") -> HelpScreen:
    open_help(app, name, name)
    for _ in range(100):
        await pilot.pause(0.05)
        screen = app.screen
        if isinstance(screen, HelpScreen):
            document = screen.query_one("MarkdownViewer").document
            if document.table_of_contents and document.children:
                await pilot.pause()
                return screen
    raise AssertionError("the help page was never built")


async def search(pilot, words: str) -> None:
    await pilot.press("slash")
    await pilot.pause()
    await pilot.press(*["space" if c == " " else c for c in words], "enter")
    await pilot.pause()


def status(app) -> str:
    return screen_rows(app)[TEXT_ROWS].strip()


def text_rows(app) -> list[str]:
    return screen_rows(app)[:TEXT_ROWS]


async def test_slash_doom_enter_goes_to_the_section_that_explains_doom():
    expected = sections_mentioning("plasto_latros", "Doom")
    assert "Contact, Threat and Doom" in expected and expected[0] != "Contact, Threat and Doom"
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rules(pilot, app)
        footer = screen_rows(app)[-1]
        assert "/ Search" in footer
        await search(pilot, "Doom")
        assert app.screen is screen
        place = expected.index("Contact, Threat and Doom") + 1
        assert status(app) == f"Doom: {place} of {len(expected)}, in Contact, Threat and Doom"
        # Its heading is the first thing of the text on screen (under its margin).
        rows = text_rows(app)
        top = next(i for i, row in enumerate(rows) if row.strip())
        assert top <= 2 and rows[top].strip().startswith("Contact, Threat and Doom")
        assert "n Next" in screen_rows(app)[-1]  # n offered once there is something to go through


async def test_n_goes_through_every_section_mentioning_the_word_and_wraps():
    expected = sections_mentioning("plasto_latros", "Doom")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_rules(pilot, app)
        await search(pilot, "doom")
        start = expected.index("Contact, Threat and Doom")
        seen = []
        for _ in range(len(expected)):
            await pilot.press("n")
            await pilot.pause()
            seen.append(status(app).split(", in ", 1)[1])
            # The mention itself is on screen, however far down its section it is.
            assert any("doom" in row.casefold() for row in text_rows(app)), status(app)
        assert seen == expected[start + 1:] + expected[:start + 1]  # every one, wrapping back
        assert status(app).startswith(f"doom: {start + 1} of {len(expected)}")
        await pilot.press("N")  # shift+n: the previous one
        await pilot.pause()
        assert status(app) == f"doom: {start} of {len(expected)}, in {expected[start - 1]}"


async def test_a_word_no_section_mentions_is_said_and_the_page_stays_put():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rules(pilot, app)
        viewer = screen.query_one("MarkdownViewer")
        before = viewer.scroll_y
        await search(pilot, "xyzzy")
        assert status(app) == "no section mentions “xyzzy”"
        assert viewer.scroll_y == before
        await pilot.press("n")
        await pilot.pause()
        assert status(app) == "no section mentions “xyzzy”" and isinstance(app.screen, HelpScreen)


async def test_a_printed_heading_in_brackets_is_found_too():
    # "Attacking" stands only in the printed rules' heading of the section.
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_rules(pilot, app)
        await search(pilot, "attacking and defending")
        assert status(app).startswith("attacking and defending: 1 of ")
        assert status(app).endswith(", in Contact, Threat and Doom")


async def test_esc_closes_the_search_line_and_the_letters_typed_there_are_words_not_keys():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rules(pilot, app)
        await pilot.press("slash")
        await pilot.pause()
        await pilot.press("q", "t", "n")  # Back, Contents, Next elsewhere
        await pilot.pause()
        assert app.screen is screen
        assert not screen.query_one("MarkdownViewer").show_table_of_contents
        assert "qtn" in screen_rows(app)[TEXT_ROWS]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen  # only the line closed
        assert "qtn" not in screen_rows(app)[TEXT_ROWS]
        await pilot.press("pagedown")  # the keys are the text's again
        await pilot.pause()
        assert screen.query_one("MarkdownViewer").scroll_y > 0
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen


async def page_to_the_end(pilot, app, key: str) -> None:
    viewer = app.screen.query_one("MarkdownViewer")
    await pilot.press("home")
    await pilot.pause()
    for _ in range(60):
        assert "end of the page" not in status(app), viewer.scroll_y
        before = viewer.scroll_y
        await pilot.press(key)
        await pilot.pause(0.2)
        if viewer.scroll_y == before or viewer.scroll_y >= viewer.max_scroll_y:
            break
    assert viewer.scroll_y == viewer.max_scroll_y > 0


async def test_pagedown_and_space_at_the_end_of_the_page_say_so():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_rules(pilot, app)
        for key in ("pagedown", "space"):
            await page_to_the_end(pilot, app, key)
            assert status(app).endswith("end of the page"), key
            await pilot.press(key)  # once more: nothing further, and it still says so
            await pilot.pause()
            assert status(app).endswith("end of the page"), key
            await pilot.press("pageup")
            await pilot.pause(0.2)
            assert "end of the page" not in status(app)


def test_a_section_finds_words_across_its_line_breaks_and_emphasis():
    section = HelpSection("Keys", "heading-keys", 40, ("## Keys", "", "- **Doomed** minis are", "removed at once"))
    assert section.first_mention("doomed") == 42
    assert section.first_mention("ARE removed") == 42  # where the words start
    assert section.first_mention("at  once") == 43
    assert section.first_mention("keys") == 40 and section.mentions_in_heading("keys")
    assert section.first_mention("xyzzy") is None and not section.mentions_in_heading("doomed")


async def test_a_word_no_heading_names_lands_where_it_is_defined_and_n_keeps_page_order():
    """A tester's /locked and /pinned landed on "Your turn", which only lists
    them among what cannot move; *Attacking And Defending* and *Long Range
    Attacks* define them (help: "Contact, Threat and Doom", "Shooters")."""
    for typed, stem_, defined in (("locked", "lock", "Contact, Threat and Doom"), ("pinned", "pin", "Shooters")):
        expected = sections_mentioning("plasto_latros", typed, starting=stem_)
        assert expected[0] == "Your turn" and defined in expected
        place = expected.index(defined)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            await open_rules(pilot, app)
            await search(pilot, typed)
            assert status(app) == f"{typed}: {place + 1} of {len(expected)}, in {defined}"
            await pilot.press("n")
            await pilot.pause()
            after = expected[(place + 1) % len(expected)]
            assert status(app) == f"{typed}: {(place + 1) % len(expected) + 1} of {len(expected)}, in {after}"


def test_a_searched_word_finds_the_words_it_is_the_stem_of_at_a_words_start():
    section = HelpSection("Keys", "heading-keys", 0, ("## Keys", "", "No backstab here: **Pins** a mini", "spin"))
    assert section.first_mention("backstabbing") == 2  # the seed's word finds the help's
    assert section.first_mention("pinned") == 2 and section.first_mention("pin") == 2
    assert section.mentions("pin") == 1  # "spin" is another word
    tabbed = HelpSection("Keys", "heading-keys", 0, ("## Keys", "", "A backstabbing, Locked mini"))
    assert tabbed.first_mention("backstab") == 2 and tabbed.first_mention("lock") == 2
    assert tabbed.first_mention("locking") == 2 and tabbed.first_mention("stab") is None


def test_bold_terms_listed_side_by_side_are_not_taken_for_their_definition():
    listing = HelpSection("Turn", "t", 0, ("## Turn", "- **Locked In Battle**, **Doomed** or **Pinned** cannot move."))
    defining = HelpSection("Contact", "c", 5, ("## Contact", "- both are **Locked In Battle** (L).", "Lock, lock"))
    mentioning = HelpSection("Keys", "k", 9, ("## Keys", "locked, locked, locked"))
    assert not listing.defines("locked") and defining.defines("locked")
    assert first_landing([listing, defining, mentioning], "locked") == 1
    assert first_landing([listing, mentioning], "locked") == 1  # no definition: the most mentions
    assert first_landing([mentioning, defining], "contact") == 1  # the heading first
