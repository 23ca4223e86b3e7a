"""make bench: every benchmark in this folder, one after another, each
printing its own figures. Pass names to run only some (load, euchre, ...),
and --quick for short runs."""

import importlib
import pkgutil
import sys
from pathlib import Path


def main(argv: list[str]) -> None:
    quick = ["--quick"] if "--quick" in argv else []
    wanted = [a for a in argv if not a.startswith("-")]
    here = Path(__file__).parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if not m.name.startswith("_"))
    # The load benchmark last: it is the longest and needs the servers.
    names.sort(key=lambda n: n == "load")
    for name in names:
        if wanted and name not in wanted:
            continue
        print(f"== {name} ==", flush=True)
        importlib.import_module(f"tools.bench.{name}").main(quick)
        print(flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
