"""``python -m mahjong_fast``: the ``mahjong-fast`` command."""
import sys

from ._cli import main

if __name__ == "__main__":
    sys.exit(main())
