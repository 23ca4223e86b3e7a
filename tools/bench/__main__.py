"""make bench: every benchmark, one after another, each printing its own
figures: each game's own (its folder's bench.py, found by the registry),
then the ones in this folder. Pass names to run only some (load, euchre,
get-in-line, ...), and --quick for short runs."""

import importlib
import pkgutil
import sys
from pathlib import Path

from engine import registry


def benches() -> dict[str, str]:
    """Each benchmark's module by its name: the games' in the lobby's order,
    then this folder's, the load benchmark last (it is the longest and needs
    the servers)."""
    found = {slug: f"{registry.REGISTERED[slug]}.bench" for slug in registry.hooked("bench")}
    here = Path(__file__).parent
    own = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if not m.name.startswith("_"))
    for name in sorted(own, key=lambda n: n == "load"):
        found[name] = f"tools.bench.{name}"
    return found


def main(argv: list[str]) -> None:
    quick = ["--quick"] if "--quick" in argv else []
    wanted = {a.replace("_", "-") for a in argv if not a.startswith("-")}
    for name, bench in benches().items():
        if wanted and name.replace("_", "-") not in wanted:
            continue
        print(f"== {name} ==", flush=True)
        importlib.import_module(bench).main(quick)
        print(flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
