"""Names that read alike: the form two names are compared in, and the
alphabets a name's letters come from (``net.names`` decides with them).

A name's *skeleton* is what it looks like rather than how it is spelt:
Unicode's compatibility form (NFKC: fullwidth ``ｔ`` is ``t``, a ligature
its letters), accents and other combining marks and characters that show
as nothing taken off, the Cyrillic, Greek and Armenian letters that look
like Latin ones replaced by those (:data:`UPPER`, :data:`LOWER`: an upper
case letter by what it looks like in upper case, a lower case one by what
it looks like in lower case), ornamental parentheses by plain ones, and
then case folded.  ``t52nаnn`` (Cyrillic
``а``), ``ｔ52nann`` and ``T52NANN`` all have the skeleton ``t52nann``.

The table is ours, written for the letters a terminal font draws like
Latin ones; it does not try to be Unicode's whole confusables list.
"""

from __future__ import annotations

import unicodedata

# Upper case letters of other alphabets drawn like a Latin letter (or digit).
UPPER = {
    # Cyrillic
    "А": "A", "В": "B", "Е": "E", "Ѕ": "S", "І": "I", "Ј": "J", "К": "K", "М": "M", "Н": "H", "О": "O",
    "Р": "P", "С": "C", "Т": "T", "Х": "X", "У": "Y", "Ү": "Y", "Ԛ": "Q", "Ԝ": "W", "Һ": "H", "Ӏ": "I",
    "З": "3", "Ь": "b",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    # Armenian
    "Օ": "O", "Տ": "S",
}

# Lower case letters of other alphabets (and a few Latin ones) drawn like a Latin lower case letter.
LOWER = {
    # Cyrillic
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j",
    "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ү": "y", "ӏ": "l", "ь": "b", "п": "n", "г": "r", "к": "k",
    # Greek
    "α": "a", "ο": "o", "ν": "v", "ρ": "p", "υ": "u", "ι": "i", "κ": "k", "τ": "t", "χ": "x", "ε": "e",
    "ω": "w", "γ": "y", "η": "n", "μ": "u",
    # Armenian
    "օ": "o", "ս": "u", "հ": "h", "ո": "n", "ց": "g", "զ": "q",
    # Latin letters drawn like other Latin letters
    "ı": "i", "ȷ": "j", "ɡ": "g", "ɑ": "a", "ɩ": "i", "ɪ": "i", "ʏ": "y", "ᴏ": "o",
}

# Parentheses drawn otherwise (NFKC already makes fullwidth, small, super- and subscript ones plain).
PARENS = {"❨": "(", "❩": ")", "❪": "(", "❫": ")", "⸨": "(", "⸩": ")", "⦅": "(", "⦆": ")", "﴾": "(", "﴿": ")",
          "⟮": "(", "⟯": ")", "⦇": "(", "⦈": ")"}

# Printable characters that show as nothing (or as a space): taken off a skeleton, refused in a name.
BLANK = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0")

# The alphabets whose letters are drawn alike: one name keeps to one of them.
LOOKALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK", "ARMENIAN")


def skeleton(name: str) -> str:
    """What ``name`` looks like (see the module docstring): two names with
    one skeleton read as the same name."""
    out = []
    for char in unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name)):
        if char in BLANK or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        out.append(UPPER.get(char) or LOWER.get(char) or PARENS.get(char) or char)
    folded = unicodedata.normalize("NFKC", "".join(out)).casefold()
    return " ".join(folded.split())


def scripts(name: str) -> list[str]:
    """The look-alike alphabets (``LOOKALIKE_SCRIPTS``) ``name``'s letters
    come from, in the order first met: more than one is a mixed name."""
    found: list[str] = []
    for char in unicodedata.normalize("NFKC", name):
        if not char.isalpha():
            continue
        script = unicodedata.name(char, "").split(" ", 1)[0]
        if script in LOOKALIKE_SCRIPTS and script not in found:
            found.append(script)
    return found
