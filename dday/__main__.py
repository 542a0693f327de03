"""``python -m dday`` entry point."""

import os
import sys

from .cli import main

try:
    sys.exit(main(prog="python -m dday"))
except BrokenPipeError:  # e.g. `python -m dday play | head`
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(0)
