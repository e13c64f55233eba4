"""The lab's HTML page (game/balance/html_report.py): self-contained, the same tables as
the Markdown, and every text from the map or the run escaped."""

from __future__ import annotations

import base64
import re
from html.parser import HTMLParser

from game.balance import html_report, report
from game.board import BoardSpec

PNG = b"\x89PNG\r\n\x1a\n" + b"not really a picture"
HOSTILE = '<script>alert("x")</script> & Co'


def results(title: str = HOSTILE) -> dict:
    def group(kind, label, key, wins, unfair):
        return {"kind": kind, "label": label, "key": key, "wins": wins, "games": 100,
                "fair": 0.25, "rate": wins / 100, "ci95": [wins / 100 - 0.08, wins / 100 + 0.09],
                "p": 0.001 if unfair else 0.7, "p_holm": 0.004 if unfair else 1.0,
                "unfair": unfair}
    return {"map": {"title": title}, "games": 100, "fair_share": 0.25,
            "plan": {"levels": ["normal"] * 2, "seed": 3, "target": 50, "round_cap": 60,
                     "dragons": None, "house": ["even-dragons"]},
            "groups": [group("spawn", "seat 1", 0, 41, True),
                       group("spawn", "seat 2", 1, 24, False)],
            "findings": ["Seat 1 wins 41% [33–50] <b>more</b> than chance"]}


class Tags(HTMLParser):
    """Checks every opened element is closed in order (void elements aside)."""
    VOID = {"meta", "img", "br", "hr", "link"}

    def __init__(self):
        super().__init__()
        self.stack: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack.pop() == tag


def test_the_page_escapes_what_the_map_and_findings_say(tmp_path):
    png = tmp_path / "balance.png"
    png.write_bytes(PNG)
    page = html_report.page(results(), {"games_played_now": 100, "seconds": 12.5,
                                        "games_per_second": 8.0, "workers": 2},
                            BoardSpec.plain(), png)
    assert "<script>" not in page and "<b>more" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co" in page
    assert "&lt;b&gt;more&lt;/b&gt; than chance" in page
    parser = Tags()
    parser.feed(page)
    parser.close()
    assert parser.stack == [] and "script" not in parser.tags
    assert "house rules: even-dragons" in page and "on 2 workers" in page


def test_the_picture_is_embedded_and_unfair_rows_are_marked(tmp_path):
    png = tmp_path / "balance.png"
    png.write_bytes(PNG)
    page = html_report.page(results("Vale"), {}, BoardSpec.plain(), png)
    data = re.search(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert data and base64.b64decode(data.group(1)) == PNG
    assert not re.search(r'src="(?!data:)', page)  # nothing linked: one file to send
    unfair = re.findall(r'<tr class="unfair">(.*?)</tr>', page)
    assert len(unfair) == 1 and "seat 1" in unfair[0] and "unfair" in unfair[0]
    assert "<td>seat 2</td>" in page
    # no picture (e.g. written before the charts): the page still stands
    assert "<img" not in html_report.page(results("Vale"), {}, BoardSpec.plain(), None)


def test_the_page_and_the_markdown_give_the_same_tables(tmp_path):
    board = BoardSpec(width=12, height=12, cavern_spots=((2, 2), (8, 8)), min_players=2,
                      max_players=2)
    page = html_report.page(results("Vale"), {}, board, None)
    markdown = report.markdown(results("Vale"), {}, board, "balance.png")
    for line in markdown.splitlines():
        if line.startswith("| ") and not line.startswith("| ---"):
            cells = [c.strip().strip("*") for c in line.strip("|").split("|")]
            row = "".join(f"<t[dh][^>]*>{re.escape(c)}</t[dh]>" for c in cells)
            assert re.search(row, page), line
    assert "Cavern spawns" in page and "<td>(8, 8)</td>" in page


def test_the_spawn_table_says_how_often_each_seat_moved_first():
    board = BoardSpec(width=12, height=12, cavern_spots=((2, 2), (8, 8)), min_players=2,
                      max_players=2)
    res = results("Vale")
    res["groups"][0].update({"moved_first": 0.62, "moved_last": 0.38,
                             "turn_expected": 0.21})
    markdown = report.markdown(res, {}, board, "balance.png")
    head = next(line for line in markdown.splitlines() if line.startswith("| seat |"))
    assert head.endswith("| moved first in round 1 (its turns predict) |")
    rows = [line for line in markdown.splitlines() if line.startswith(("| 1 |", "| 2 |"))]
    assert rows[0].endswith("| 62% (21%) |")
    assert rows[1].endswith("| - |")  # a report written before the lab counted it
    separator = markdown.splitlines()[markdown.splitlines().index(head) + 1]
    assert separator.count("---") == head.count("|") - 1
