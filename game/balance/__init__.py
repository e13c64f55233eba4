"""The balance lab (issue 37): seeded AI games on a map, their statistics and a report.

games.py plays one game into a compact record, plan.py lays out which games a run
plays, run.py sends chunks of them to Dask (a local cluster or `--cluster ADDRESS`),
stats.py and findings.py read the records, report.py writes JSON, PNG and Markdown,
cli.py is `narby balance`. Only run.py and report.py import dask and matplotlib (the
optional extra `balance`): importing the game, the window or the CLI never does.
"""
