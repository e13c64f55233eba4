"""The lab's report as one self-contained HTML page (report.html): the findings, the
charts (the PNG embedded, so the page can be mailed or attached alone) and the tables,
the same as balance.md's (report_rows). Every text from the map or the run is escaped:
a map's title is the author's, not markup."""

from __future__ import annotations

import base64
from html import escape
from pathlib import Path

from game.balance import report_rows as rows
from game.board import BoardSpec

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 72rem; margin: 2rem auto;
       padding: 0 1rem; color: #28221e; line-height: 1.45; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
th, td { border: 1px solid #c9c1b4; padding: 0.25rem 0.6rem; text-align: left; }
td.n { text-align: right; }
tr.unfair td { background: #f6dcd7; }
tr.unfair td:last-child { font-weight: bold; color: #9c2b1f; }
img { max-width: 100%; height: auto; border: 1px solid #c9c1b4; }
"""
NUMERIC = {1, 3, 4, 5}  # right-aligned columns of the win-rate table


def page(results: dict, run_info: dict, board: BoardSpec, png: Path | None) -> str:
    title = f"Balance of {results['map']['title']}"
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           f"<title>{escape(title)}</title>", f"<style>{STYLE}</style>", "</head>",
           "<body>", f"<h1>{escape(title)}</h1>", f"<p>{escape(rows.plan_line(results))}</p>",
           "<h2>Findings</h2>", "<ul>"]
    out += [f"<li>{escape(line)}</li>" for line in results["findings"]]
    out.append("</ul>")
    if png is not None and png.is_file():
        data = base64.b64encode(png.read_bytes()).decode("ascii")
        out.append(f'<p><img alt="{escape(title)}: charts and heat maps" '
                   f'src="data:image/png;base64,{data}"></p>')
    out += ["<h2>Win rates</h2>", "<table>", _head(rows.RATE_HEAD)]
    for cells, unfair in rows.rate_rows(results):
        tds = "".join(f'<td class="n">{escape(c)}</td>' if i in NUMERIC
                      else f"<td>{escape(c)}</td>" for i, c in enumerate(cells))
        out.append(f'<tr class="unfair">{tds}</tr>' if unfair else f"<tr>{tds}</tr>")
    out.append("</table>")
    spawns = rows.spawn_rows(board, results)
    if spawns:
        out += ["<h2>Cavern spawns</h2>", f"<p>{escape(rows.SPAWN_NOTE)}</p>", "<table>",
                _head(rows.SPAWN_HEAD)]
        out += ["<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>"
                for cells in spawns]
        out.append("</table>")
    out += ["<h2>Run</h2>", f"<p>{escape(rows.run_line(run_info))}</p>", "</body>",
            "</html>", ""]
    return "\n".join(out)


def _head(cells) -> str:
    return "<tr>" + "".join(f"<th>{escape(c)}</th>" for c in cells) + "</tr>"
