"""MkDocs hooks (mkdocs.yml ``hooks:``): the command line's help texts on docs/cli.md.

A line ``<!-- mahjong-fast ARGS --help -->`` becomes a code block holding what
``python -m mahjong_fast ARGS --help`` prints, so the page follows the parser.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from typing import Any

HELP = re.compile(r"^<!-- mahjong-fast (?P<args>[^>]*?)--help -->$", re.MULTILINE)


def _help(args: str) -> str:
    env = dict(os.environ, COLUMNS="100", PYTHONIOENCODING="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "mahjong_fast", *args.split(), "--help"],
        capture_output=True, text=True, encoding="utf-8", env=env, check=True,
    ).stdout
    return "```text\n" + out.rstrip() + "\n```"


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    return HELP.sub(lambda m: _help(m.group("args")), markdown)
