"""The pseudo-locale ``qps``: every message wrapped in ⟦ ⟧, its vowels accented and its text made
40 % longer, its placeholders (``%(name)s``) left as they are. A page drawn in it shows at a glance
any word that did not come from the catalog (it has no brackets), and whether the layout holds
words longer than English's (German's are about that much longer)."""

from __future__ import annotations

import math
import re

from babel.messages.catalog import Catalog

PSEUDO = "qps"  # said again in console/i18n/__init__.py, which must not import Babel
# Python's %-placeholders (the templates' and the scripts' too): kept intact.
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|%[sd%]")
ACCENTS = str.maketrans("aeiouAEIOU", "áéíóúÁÉÍÓÚ")
GROWTH = 0.4
# Filler in short words, so a long message still breaks between words as a real language's would.
FILLER = "~~~~ "


def pseudo(message: str) -> str:
    """``Seat %(seat)s`` -> ``⟦Séát %(seat)s ~~~⟧``."""
    parts = PLACEHOLDER.split(message)
    kept = PLACEHOLDER.findall(message)
    accented = [part.translate(ACCENTS) for part in parts]
    text = "".join(accented[i] + (kept[i] if i < len(kept) else "") for i in range(len(accented)))
    visible = sum(len(part) for part in parts)
    extra = math.ceil(visible * GROWTH)
    filler = (FILLER * (extra // len(FILLER) + 1))[:extra].rstrip()
    return f"⟦{text}{' ' + filler if filler else ''}⟧"


def pseudo_catalog(template: Catalog) -> Catalog:
    """The template's every message in the pseudo-locale (two plural forms, as English has)."""
    made = Catalog(locale="en", domain=template.domain)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            made.add(message.id, tuple(pseudo(form) for form in message.id), locations=message.locations)
        else:
            made.add(message.id, pseudo(message.id), locations=message.locations)
    return made
