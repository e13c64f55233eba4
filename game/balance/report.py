"""The lab's report: balance.json (all figures; `results` only the games'), a PNG of
charts drawn with matplotlib, and a Markdown page and a self-contained HTML page
(report.html) beside it."""

from __future__ import annotations

import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, no window
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.colors import PowerNorm  # noqa: E402

from game.balance import html_report  # noqa: E402
from game.balance import report_rows as rows  # noqa: E402
from game.balance.findings import spawn_geography  # noqa: E402
from game.balance.picture import map_picture  # noqa: E402
from game.board import BoardSpec  # noqa: E402

KIND_TITLES = {"spawn": "per cavern spawn (seat)", "dragon": "per dragon",
               "turn": "per first-turn position", "entry": "per entry of --seats"}


def results_json(results: dict) -> str:
    """The `results` object as the report writes it: same games, same bytes."""
    return json.dumps(results, sort_keys=True, indent=1, ensure_ascii=False)


def write(out: Path, results: dict, run_info: dict, board: BoardSpec,
          map_path: str | None) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    paths = {"json": out / "balance.json", "png": out / "balance.png",
             "md": out / "balance.md", "html": out / "report.html"}
    doc = {"results": results, "run": run_info}
    paths["json"].write_text(json.dumps(doc, sort_keys=True, indent=1, ensure_ascii=False)
                             + "\n", encoding="utf-8")
    draw(paths["png"], results, board, map_path)
    paths["md"].write_text(markdown(results, run_info, board, paths["png"].name),
                           encoding="utf-8")
    paths["html"].write_text(html_report.page(results, run_info, board, paths["png"]),
                             encoding="utf-8")
    return paths


def draw(path: Path, results: dict, board: BoardSpec, map_path: str | None) -> None:
    fig, axes = plt.subplots(4, 2, figsize=(13, 19))
    plan = results["plan"]
    fig.suptitle(f"{results['map']['title']}: {results['games']} games of "
                 f"{', '.join(plan['levels'])}, seed {plan['seed']}, target {plan['target']}"
                 + "".join(f", {h}" for h in plan.get("house", ())), fontsize=14)
    for ax, kind in zip((axes[0, 0], axes[0, 1], axes[1, 0]), ("spawn", "dragon", "turn"),
                        strict=True):
        _rates(ax, [g for g in results["groups"] if g["kind"] == kind],
               KIND_TITLES[kind], results["fair_share"])
    _length(axes[1, 1], results)
    _coins(axes[2, 0], results)
    _ends(axes[2, 1], results)
    picture = map_picture(map_path)
    _heat(axes[3, 0], board, picture, results["heat"]["tribute"], "YlOrRd",
          "tribute earned (coins per game)")
    _heat(axes[3, 1], board, picture, results["heat"]["lost"], "PuBu",
          "claims lost (per game)")
    for row in spawn_geography(board, len(results["plan"]["levels"])):
        for ax in (axes[3, 0], axes[3, 1]):
            c, r = row["cavern"]
            ax.annotate(str(row["seat"]), (c + 0.5, r + 0.5), color="white", ha="center",
                        va="center", fontsize=9, weight="bold",
                        bbox={"boxstyle": "circle", "fc": "black", "alpha": 0.7})
    fig.tight_layout(rect=(0, 0, 1, 0.98))
    fig.savefig(path, dpi=80)
    plt.close(fig)


def _rates(ax, groups: list[dict], title: str, fair: float) -> None:
    labels = [g["label"].replace("first-turn position ", "#") for g in groups]
    rates = [100 * g["rate"] for g in groups]
    low = [100 * (g["rate"] - g["ci95"][0]) for g in groups]
    high = [100 * (g["ci95"][1] - g["rate"]) for g in groups]
    colours = ["#c0392b" if g["unfair"] else "#5b8cc9" for g in groups]
    ax.bar(labels, rates, color=colours, yerr=[low, high], capsize=4)
    ax.axhline(100 * fair, color="black", linestyle="--", linewidth=1,
               label=f"fair share {100 * fair:.0f}%")
    ax.set_ylabel("win rate, % (95% interval)")
    ax.set_title(f"Win rate {title}; red: differs by more than chance")
    ax.legend(loc="upper right")
    ax.tick_params(axis="x", labelrotation=30)


def _length(ax, results: dict) -> None:
    hist = results["length"]["histogram"]
    ax.bar([int(k) for k in hist], list(hist.values()), color="#7a9a5b")
    ax.set_xlabel("rounds")
    ax.set_ylabel("games")
    ax.set_title(f"Game length (mean {results['length']['mean_rounds']:.1f} rounds)")


def _coins(ax, results: dict) -> None:
    c = results["coins_by_round"]
    rounds = list(range(1, len(c["mean_score"]) + 1))
    ax.plot(rounds, c["mean_score"], label="every dragon")
    ax.plot(rounds, c["winner_score"], label="the eventual winner")
    ax.axhline(results["plan"]["target"], color="grey", linestyle=":", label="target")
    ax.set_xlabel("end of round")
    ax.set_ylabel("score (coins + treasure), mean")
    ax.set_title("Coins over rounds")
    ax.legend()


def _ends(ax, results: dict) -> None:
    ends = {k: v for k, v in results["ends"].items() if k != "extra_tie_rounds" and v}
    ax.bar(list(ends), list(ends.values()), color="#b08d57")
    ax.set_title(f"How games ended (extra tie rounds in "
                 f"{results['ends']['extra_tie_rounds']} games)")
    ax.set_ylabel("games")


def heat_grid(board: BoardSpec, cells: dict) -> np.ndarray:
    """A heat map's values by row and column: a playable cell with no events is 0 (it
    takes the scale's lowest colour, not the map's own brighter picture); a blocked
    cell is NaN, so the map shows there (no piece can stand on it, R5)."""
    grid = np.zeros((board.height, board.width))
    for c, r in board.blocked:
        if 0 <= c < board.width and 0 <= r < board.height:
            grid[r, c] = np.nan
    for key, value in cells.items():
        c, r = (int(v) for v in key.split(","))
        if 0 <= c < board.width and 0 <= r < board.height:
            grid[r, c] = value
    return grid


def _heat(ax, board: BoardSpec, picture, cells: dict, cmap: str, title: str) -> None:
    grid = heat_grid(board, cells)
    extent = (0, board.width, board.height, 0)
    if picture is not None:
        ax.imshow(picture, extent=extent)
    else:
        ax.set_facecolor("#eeeae0")
    # a square-root scale: one hot cell (a contested place) would otherwise leave every
    # other cell at the scale's palest colour
    top = float(np.nanmax(grid)) if np.isfinite(grid).any() else 0.0
    norm = PowerNorm(gamma=0.5, vmin=0.0, vmax=max(top, 1e-9))
    image = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, norm=norm, alpha=0.75,
                      extent=extent, interpolation="nearest")
    ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    ax.set_xlim(0, board.width)
    ax.set_ylim(board.height, 0)
    ax.set_title(title + "; numbers: cavern spawns")


def markdown(results: dict, run_info: dict, board: BoardSpec, png: str) -> str:
    lines = [f"# Balance of {results['map']['title']}", "", rows.plan_line(results), "",
             "## Findings", ""]
    lines += [f"- {line}" for line in results["findings"]]
    lines += ["", f"![charts]({png})", "", "## Win rates", "",
              _md_row(rows.RATE_HEAD), "| --- | ---: | --- | ---: | ---: | ---: | --- |"]
    for cells, unfair in rows.rate_rows(results):
        lines.append(_md_row(cells[:-1] + ["**unfair**" if unfair else "fair"]))
    spawns = rows.spawn_rows(board, results)
    if spawns:
        lines += ["", "## Cavern spawns", "", rows.SPAWN_NOTE, "", _md_row(rows.SPAWN_HEAD),
                  _md_row(["---"] * len(rows.SPAWN_HEAD))]
        lines += [_md_row(cells) for cells in spawns]
    lines += ["", "## Run", "", rows.run_line(run_info), ""]
    return "\n".join(lines)


def _md_row(cells) -> str:
    return "| " + " | ".join(cells) + " |"
