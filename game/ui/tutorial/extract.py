"""Babel extractor for lesson files (issue 38): the coach's words live in JSON, not in
Python, so `make translations` reads them with this (tools/translations.py's method map:
"game/ui/tutorial/*.json").

Each step's `title`, `say` and `after` becomes a message; the lesson shows them through
_() when it draws them (Step.heading, Step.text, Step.after_words). The step's id and its
{placeholders} go to the translator as a comment.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import IO, Any

FIELDS = {"title": "the step's heading (short)",
          "say": "what the coach says",
          "after": "shown while the others play after this step"}
PLACEHOLDERS = {"actions": "the number of actions a turn",
                "move_steps": "how many steps a Move flies",
                "to": "the cell to land on, e.g. (2, 6), or 'the glowing square'",
                "at": "the cell of the target, e.g. (0, 6), or 'the glowing square'",
                "dragon": "a dragon's name"}


def _lineno(raw: str, text: str) -> int:
    """The line of `text` (as JSON writes it) in the file, for the .po's references."""
    at = raw.find(json.dumps(text, ensure_ascii=False)[1:-1])
    return raw.count("\n", 0, at) + 1 if at >= 0 else 1


def extract_lesson(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                   options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor protocol: (lineno, funcname, message, comments) per string."""
    raw = fileobj.read().decode("utf-8")
    doc = json.loads(raw)
    for i, step in enumerate(doc.get("steps", []), 1):
        if not isinstance(step, dict):
            continue
        for key, what in FIELDS.items():
            text = step.get(key)
            if not isinstance(text, str) or not text:
                continue
            notes = [f"Lesson step {i} ({step.get('id', i)}): {what}."]
            notes += [f"{{{name}}} is {PLACEHOLDERS.get(name, 'filled in by the game')}."
                      for name in dict.fromkeys(re.findall(r"\{(\w+)\}", text))]
            yield _lineno(raw, text), "_", text, notes
