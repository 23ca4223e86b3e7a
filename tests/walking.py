"""Walking a JSON value: the tests look through states and views for what
they hold (a secret, a rule's section number, a container shared)."""

from __future__ import annotations


def nodes(value, keys: bool = False):
    """Every value inside a JSON value, itself first, depth first; with
    ``keys``, each dict's keys too."""
    yield value
    if isinstance(value, dict):
        for k, v in value.items():
            if keys:
                yield k
            yield from nodes(v, keys)
    elif isinstance(value, list):
        for v in value:
            yield from nodes(v, keys)


def strings(value, keys: bool = False):
    """Every string inside a JSON value (with ``keys``, keys included)."""
    return (n for n in nodes(value, keys) if isinstance(n, str))


def containers(value) -> dict:
    """Every dict and list inside a JSON value, itself included, by id."""
    return {id(n): n for n in nodes(value) if isinstance(n, (dict, list))}
