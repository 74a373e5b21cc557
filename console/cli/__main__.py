"""``python -m console.cli``: the ``tabletop`` command without its installed script."""

import sys

from console.cli import main

sys.exit(main())
