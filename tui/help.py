"""Rules help: the list of rulesets and a Markdown viewer for each one's
help page in ``tui/help/`` (the file its ``Ruleset.help_page`` names,
written in the project's own words).

``MarkdownViewer`` (markdown-it, the syntax highlighter) is imported only
when a help page is opened: it is a sizeable part of the app's start-up.

``/`` searches a page by sections (``HelpSection``): a section is a heading
and the text down to the next heading, read without its Markdown marks."""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, OptionList
from textual.widgets.option_list import Option

from tui.form_keys import InOrderInput

HELP_DIR = Path(__file__).parent / "help"


def help_path(name: str) -> Path:
    """The help file the ruleset called ``name`` names (its ``help_page``)."""
    from core.registry import find_ruleset

    return HELP_DIR / find_ruleset(name).help_page


def help_text(name: str, title: str = "") -> str:
    path = help_path(name)
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return f"# {title or name}\n\nNo rules help has been written for this ruleset yet.\n"


def short_heading(name: str, level: int = 2) -> str:
    """A heading for the contents pane: "Contact, Threat and Doom" for
    "Contact, Threat and Doom (*Attacking And Defending*)"; the page's title
    without its subtitle ("Spheres of War" for "Spheres of War: Tactical
    Fragment")."""
    short = re.sub(r"\s*\([^)]*\)\s*$", "", name).replace("*", "").strip()
    if level == 1:
        short = re.split(r" — |: ", short, maxsplit=1)[0]
    return short or name.replace("*", "").strip()


def searchable(text: str) -> str:
    """``text`` as it reads on screen, for a search in any case: no emphasis
    or code marks, one space between words."""
    return " ".join(text.replace("*", "").replace("`", "").split()).casefold()


# A searched word stands for the words it is the stem of: "locked" finds
# "Lock", "Locked" and "locking"; "backstabbing" finds "backstab".  One
# ending is taken off a word of letters (the longest that leaves three
# letters or more), then a doubled last consonant ("pinned" -> "pin").
ENDINGS = ("ing", "ed", "es", "s")


def stem(word: str) -> str:
    word = word.casefold()
    if not word.isalpha() or word.endswith("ss"):
        return word
    for ending in ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            word = word[:-len(ending)]
            if ending in ("ing", "ed") and word[-1] == word[-2] and word[-1] not in "aeioulsfz":
                word = word[:-1]
            break
    return word


# A search for one rule by its number ("rule 24", "rules 24") finds where
# the help cites it: on its own ("rule 24", "Rule 24:", "rule-24") or
# within a range or a list of them ("rules 23-25", "rules 14-17, 23-27, 36",
# "rules 12 and 16").
RULE_ASKED = re.compile(r"rules? ?(\d+)")
CITED = r"\d+(?: ?[-–] ?\d+)?"
CITATION = re.compile(rf"(?<!\w)rules?[ -]({CITED}(?:(?:, | and |, and ){CITED})*)(?!\w)")


def cited_numbers(citation: str) -> set[int]:
    """The rule numbers a citation's list names: "14-17, 23, 36" -> 14 to 17, 23 and 36."""
    numbers: set[int] = set()
    for first, last in re.findall(r"(\d+)(?: ?[-–] ?(\d+))?", citation):
        numbers.update(range(int(first), int(last or first) + 1))
    return numbers


class RuleCitations:
    """What a search for rule ``number`` finds: each citation of rules
    (:data:`CITATION`) that names it.  It reads text as a compiled
    pattern does (``search``, ``findall``), so sections use it as one."""

    def __init__(self, number: int) -> None:
        self.number = number

    def finditer(self, text: str):
        return (found for found in CITATION.finditer(text) if self.number in cited_numbers(found.group(1)))

    def search(self, text: str) -> re.Match[str] | None:
        return next(self.finditer(text), None)

    def findall(self, text: str) -> list[str]:
        return [found.group(0) for found in self.finditer(text)]


def search_pattern(words: str) -> re.Pattern[str] | RuleCitations | None:
    """What a search finds, in :func:`searchable` text: each word of letters
    as the start of a word with its stem ("pin" finds "Pins" and "Pinned",
    not "spin"), anything else (numbers, "free-move") as it is typed; and
    "rule 24" every citation of rule 24, in a range or list of rules too
    (:class:`RuleCitations`)."""
    asked = RULE_ASKED.fullmatch(searchable(words))
    if asked:
        return RuleCitations(int(asked.group(1)))
    parts = []
    for word in searchable(words).split():
        parts.append(rf"(?<!\w){re.escape(stem(word))}\w*" if word.isalpha() else re.escape(word))
    return re.compile(" ".join(parts)) if parts else None


# Terms a help page bolds side by side ("**Locked In Battle**, **Doomed** or
# **Pinned** cannot move") are listed there, not defined.
BOLD = re.compile(r"\*\*(.+?)\*\*")
LISTED = re.compile(r"\s*(,|,? or|,? and)\s*")


@dataclass(frozen=True)
class HelpSection:
    """A heading of a help page and its text, down to the next heading."""

    heading: str  # as the contents show it ("Contact, Threat and Doom")
    block_id: str  # the heading's widget
    first_line: int  # the heading's line in the page's Markdown
    lines: tuple[str, ...]  # the section's Markdown, its heading first

    def mentions_in_heading(self, words: str) -> bool:
        pattern = search_pattern(words)
        return bool(self.lines) and pattern is not None and bool(pattern.search(searchable(self.lines[0])))

    def _text(self) -> tuple[str, list[int]]:
        """The section read as one :func:`searchable` line, and where each
        of its Markdown lines starts in it."""
        text, starts = "", []
        for line in self.lines:
            starts.append(len(text))
            text += searchable(line) + " "
        return text, starts

    def first_mention(self, words: str) -> int | None:
        """The page's line where ``words`` first stand in this section, read
        across line breaks, or None when it never mentions them."""
        pattern = search_pattern(words)
        if pattern is None:
            return None
        text, starts = self._text()
        found = pattern.search(text)
        return None if found is None else self.first_line + bisect_right(starts, found.start()) - 1

    def mentions(self, words: str) -> int:
        """How many times the section's text (its heading aside) mentions ``words``."""
        pattern = search_pattern(words)
        return 0 if pattern is None else len(pattern.findall(searchable(" ".join(self.lines[1:]))))

    def defines(self, words: str) -> bool:
        """Whether the section bolds ``words`` as a term of its own: bold
        text that mentions them and is not one of several bold terms listed
        side by side."""
        pattern = search_pattern(words)
        if pattern is None:
            return False
        text = " ".join(self.lines[1:])
        spans = list(BOLD.finditer(text))
        for i, span in enumerate(spans):
            if not pattern.search(searchable(span.group(1))):
                continue
            before = text[spans[i - 1].end():span.start()] if i else None
            after = text[span.end():spans[i + 1].start()] if i + 1 < len(spans) else None
            if not any(gap is not None and LISTED.fullmatch(gap) for gap in (before, after)):
                return True
        return False


def first_landing(found: list[HelpSection], words: str) -> int:
    """Which of the sections ``found`` (in page order) a search lands on
    first: the first whose heading names the words, else the first that
    bolds them as a term (:meth:`HelpSection.defines`), else the one that
    mentions them most (the first of those)."""
    for test in (HelpSection.mentions_in_heading, HelpSection.defines):
        for i, section in enumerate(found):
            if test(section, words):
                return i
    counts = [section.mentions(words) for section in found]
    return counts.index(max(counts)) if counts else 0


def help_sections(document) -> list[HelpSection]:
    """The sections of a laid-out ``Markdown`` document, in page order
    (its table of contents, and each heading's lines in its source)."""
    from textual.widgets.markdown import MarkdownBlock

    source = document.source.splitlines()
    heads = [(short_heading(title, level), block_id,
              document.query_one(f"#{block_id}", MarkdownBlock).source_range[0])
             for level, title, block_id in document.table_of_contents]
    ends = [start for _, _, start in heads[1:]] + [len(source)]
    return [HelpSection(heading, block_id, start, tuple(source[start:end]))
            for (heading, block_id, start), end in zip(heads, ends)]


class HelpScreen(Screen[None]):
    """One ruleset's rules, as Markdown (t toggles the contents, / searches,
    n and N go to the next and previous section found)."""

    # The contents pane (t) at most a third of the width, its long headings
    # cut at its edge, so that the text beside it stays readable at 80x24.
    DEFAULT_CSS = """
    HelpScreen MarkdownViewer { height: 1fr; }
    HelpScreen MarkdownTableOfContents { width: 34; max-width: 42%; }
    HelpScreen MarkdownTableOfContents > Tree { width: 100%; padding: 0 1; overflow-x: hidden; }
    HelpScreen #help-status { height: 1; }
    HelpScreen #help-found { width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    HelpScreen #help-end { width: auto; padding: 0 1; text-style: bold; }
    HelpScreen #help-search { height: 1; border: none; padding: 0 1; display: none; }
    """
    # The search line takes the status line's place while it is open: the
    # text keeps its height, so its end stays where it was.
    BINDINGS = [
        Binding("escape,q", "close", "Back"),
        Binding("t", "toggle_toc", "Contents"),
        Binding("slash", "search", "Search"),
        Binding("n", "next_match(1)", "Next found"),
        Binding("N", "next_match(-1)", "Previous found", show=False),
    ]

    def __init__(self, name: str, title: str = "", section: str = "") -> None:
        super().__init__()
        self.ruleset_name = name
        self.ruleset_title = title or name
        self.section = section  # a heading to open at (Why? -> "open the rule")
        self.searched = ""  # the words of the last search
        self.found_at = -1  # which of their sections is shown, in page order
        # The heading ids of the section the status line names and of the
        # next one (None: the page's end), while that line names it.
        self.found_span: tuple[str, str | None] | None = None

    def compose(self) -> ComposeResult:
        from textual.widgets import MarkdownViewer
        from textual.widgets.markdown import MarkdownTableOfContents

        class ShortContents(MarkdownTableOfContents):
            """The contents list the help's own headings: the printed rules'
            names in brackets stay in the text (the pane is narrow).  A
            heading's level shows only as the tree's indent under the one
            it belongs to (Textual marks levels with Roman numerals, "Ⅱ The
            minis", which a player reads as nothing)."""

            def on_mount(self) -> None:
                from textual.widgets import Tree

                self.query_one(Tree).guide_depth = 2  # the narrowest guides: columns for the words

            def rebuild_table_of_contents(self, table_of_contents) -> None:
                from rich.text import Text
                from textual.widgets import Tree

                tree = self.query_one(Tree)
                tree.clear()
                for level, name, block_id in table_of_contents:
                    node = tree.root
                    for _ in range(level - 1):  # under the last heading a level up
                        if node.children:
                            node = node.children[-1]
                            node.expand()
                            node.allow_expand = True
                        else:  # a level skipped: an empty step
                            node = node.add("", expand=True)
                    node.add_leaf(Text(short_heading(name, level)), {"block_id": block_id})

        class HelpViewer(MarkdownViewer):
            BINDINGS = [Binding("space", "page_down", "Page down", show=False)]

            def compose(self) -> ComposeResult:
                for widget in super().compose():
                    yield ShortContents(widget.markdown) if isinstance(widget, MarkdownTableOfContents) else widget

        yield HelpViewer(help_text(self.ruleset_name, self.ruleset_title), show_table_of_contents=False)
        with Horizontal(id="help-status"):
            yield Label("", id="help-found")
            yield Label("", id="help-end")
        # Its editing keys act in turn with the letters typed (tui/form_keys.py).
        yield InOrderInput(placeholder="a word to find in these rules: Enter goes there, Esc closes", id="help-search")
        yield Footer()

    def on_mount(self) -> None:
        viewer = self.query_one("MarkdownViewer")
        self.focus_text()
        # Wherever the reader scrolls to (PageDown, space, End, the wheel, a
        # search), the line under the text says when it shows the page's end.
        self.watch(viewer, "scroll_y", self.show_whether_at_end)
        self.watch(viewer, "virtual_size", self.show_whether_at_end)

    def focus_text(self) -> None:
        """The keys to the text (its document: the viewer itself takes no
        focus), leaving it scrolled where it is."""
        self.query_one("MarkdownViewer").document.focus(scroll_visible=False)

    def on_resize(self) -> None:
        self.show_whether_at_end()

    def show_whether_at_end(self, *_changed: object) -> None:
        viewer = self.query_one("MarkdownViewer")
        built = viewer.document.children  # nothing laid out yet: no end to show
        at_end = bool(built) and viewer.is_vertical_scroll_end
        self.query_one("#help-end", Label).update("end of the page" if at_end else "")
        if self.found_span is not None and built and not self.found_in_sight():
            self.forget_found()

    def found_in_sight(self) -> bool:
        """Whether some of the section the status line names shows."""
        if self.found_span is None:
            return False
        viewer = self.query_one("MarkdownViewer")
        first, following = self.found_span
        top = viewer.document.query_one(f"#{first}").virtual_region.y
        bottom = (viewer.document.query_one(f"#{following}").virtual_region.y if following
                  else viewer.document.virtual_region.bottom)
        return top < viewer.scroll_y + viewer.scrollable_content_region.height and bottom > viewer.scroll_y

    def forget_found(self) -> None:
        """Clear the search's status line: it no longer describes what shows
        (n and N still go on from the section it named)."""
        self.found_span = None
        self.query_one("#help-found", Label).update("")

    def on_screen_resume(self) -> None:
        # Each time it is shown (it is kept, see open_help): at the rule
        # asked for, else where the reader left it.  The last search's line
        # named what was shown then: a later visit starts without it.
        self.forget_found()
        if self.section:
            self.call_after_refresh(self.go_to_section)

    def go_to_section(self) -> bool:
        """Scroll to the heading whose text is ``section`` (emphasis ignored)."""
        document = self.query_one("MarkdownViewer").document
        wanted = self.section.replace("*", "").strip()
        for _, title, block_id in document.table_of_contents:
            if title.replace("*", "").strip() == wanted:
                self.query_one(f"#{block_id}").scroll_visible(top=True, animate=False)
                return True
        return False

    def action_toggle_toc(self) -> None:
        """Open the contents and give them the arrow keys (Enter goes to a
        heading), or close them and give the keys back to the text.  The
        text keeps its place: it is laid out again at its new width (more
        rows or fewer), and the paragraph at its top stays at the top."""
        viewer = self.query_one("MarkdownViewer")
        place = self.reading_place()
        viewer.show_table_of_contents = not viewer.show_table_of_contents
        if viewer.show_table_of_contents:
            self.call_after_refresh(lambda: viewer.table_of_contents.query_one("Tree").focus())
        else:
            self.focus_text()
        if place is not None:
            self.call_after_refresh(self.return_to_place, *place)

    def reading_place(self) -> tuple[object, float] | None:
        """The first block of the page showing at the top of the text, and
        where the text's top is against it: a share of its height into it,
        or (negative) the rows of margin above it that show; None at the
        page's top."""
        viewer = self.query_one("MarkdownViewer")
        if viewer.scroll_y <= 0:
            return None
        for block in viewer.document.children:
            region = block.virtual_region
            if region.bottom > viewer.scroll_y:
                into = viewer.scroll_y - region.y
                return block, into / max(1, region.height) if into > 0 else float(into)
        return None

    def return_to_place(self, block: object, into: float) -> None:
        """Scroll the text back to ``block``, as ``reading_place`` found it."""
        viewer = self.query_one("MarkdownViewer")
        region = block.virtual_region  # type: ignore[attr-defined]
        rows = round(into * region.height) if into > 0 else round(into)
        viewer.scroll_to(y=max(0, region.y + rows), animate=False, immediate=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_match":
            return bool(self.searched)  # n and N only once something was searched
        return True

    def action_search(self) -> None:
        """Open the search line, empty, in the status line's place."""
        search = self.query_one("#help-search", Input)
        self.query_one("#help-status").display = False
        search.value = ""
        search.display = True
        search.focus()

    def close_search(self) -> None:
        self.query_one("#help-search").display = False
        self.query_one("#help-status").display = True
        self.focus_text()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.close_search()
        words = " ".join(event.value.split())
        if not words:
            return
        self.searched = words
        self.refresh_bindings()
        found = self.sections_found()
        # The first landing is the section that explains the words (see
        # first_landing); n and N then go on in page order from there.
        self.show_found(found, first_landing([section for section, _ in found], words))

    def action_next_match(self, step: int) -> None:
        found = self.sections_found()
        self.show_found(found, (self.found_at + step) % len(found) if found else 0)

    def sections_found(self) -> list[tuple[HelpSection, int]]:
        """Each section mentioning the searched words, with the line of its first mention."""
        document = self.query_one("MarkdownViewer").document
        found = [(section, section.first_mention(self.searched)) for section in help_sections(document)]
        return [(section, line) for section, line in found if line is not None]

    def show_found(self, found: list[tuple[HelpSection, int]], index: int) -> None:
        said = self.query_one("#help-found", Label)
        self.found_at = index
        self.found_span = None
        if not found:
            said.update(f"no section mentions “{self.searched}”")
            return
        section, line = found[index]
        sections = [one.block_id for one in help_sections(self.query_one("MarkdownViewer").document)]
        place = sections.index(section.block_id)
        self.found_span = (section.block_id, sections[place + 1] if place + 1 < len(sections) else None)
        self.scroll_to_mention(section, line)
        said.update(f"{self.searched}: {index + 1} of {len(found)}, in {section.heading}")

    def scroll_to_mention(self, section: HelpSection, line: int) -> None:
        """The section's heading at the top of the text; if the first mention
        would then lie below the screen, that paragraph at the top instead."""
        from textual.widgets.markdown import MarkdownBlock

        viewer = self.query_one("MarkdownViewer")
        heading = viewer.document.query_one(f"#{section.block_id}")
        viewer.scroll_to_widget(heading, top=True, animate=False, immediate=True)
        holding = [block for block in viewer.document.query(MarkdownBlock)
                   if block.source_range[0] <= line < block.source_range[1]]
        if not holding:
            return
        innermost = min(holding, key=lambda block: block.source_range[1] - block.source_range[0])
        if innermost is not heading and viewer.scroll_to_widget(innermost, animate=False, immediate=True):
            viewer.scroll_to_widget(innermost, top=True, animate=False, immediate=True)

    def action_close(self) -> None:
        if self.query_one("#help-search").display:  # Esc closes the search line first
            self.close_search()
            return
        self.dismiss(None)


def open_help(app, name: str, title: str = "", section: str = "") -> None:
    """Show ``name``'s rules help.  Building the Markdown page costs about a
    second of CPU for the longer rules, so each ruleset's page is built
    once per run and kept (an installed screen); it reopens at once, where
    the reader left it, or at ``section``."""
    key = f"help:{name}"
    if not app.is_screen_installed(key):
        app.install_screen(HelpScreen(name, title), key)
    screen = app.get_screen(key)
    if screen in app.screen_stack:
        return  # already open beneath: the stack cannot hold it twice
    screen.section = section
    app.push_screen(key)


class RulesScreen(Screen[None]):
    """Every ruleset; Enter opens its rules."""

    BINDINGS = [Binding("escape,q", "close", "Back")]

    def compose(self) -> ComposeResult:
        from core.registry import rulesets

        yield Label("[b]Rules[/b]: choose a ruleset and press Enter")
        options = [Option(f"{r.title} — {r.summary}", id=r.name) for r in rulesets()]
        if not options:
            options = [Option("No rulesets are installed.", disabled=True)]
        yield OptionList(*options, id="rules-list")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from core.registry import find_ruleset

        rules = find_ruleset(event.option.id)
        open_help(self.app, rules.name, rules.title)

    def action_close(self) -> None:
        self.dismiss(None)
