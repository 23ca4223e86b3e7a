"""The loop's way to the database (tables/db.py), on whichever store the
run uses: what follows a call (sending a change's views) runs the moment
its result is back, before the caller goes on, and never keeps the caller
waiting, even when it fails."""

import asyncio

import pytest

from tables import db


def _on_a_loop(coroutine):
    async def run():
        try:
            return await coroutine
        finally:
            await db.close_all()  # the calls' own connections

    return asyncio.run(run())


@pytest.mark.django_db(transaction=True)
def test_what_follows_a_call_runs_as_its_result_is_back_before_the_caller_goes_on(monkeypatch):
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # as the server allows (parlor/asgi.py)
    happened = []

    async def caller():
        result = await db.call(lambda: 6 * 7, then=lambda result: happened.append(("sent", result)))
        happened.append(("caller", result))

    _on_a_loop(caller())
    assert happened == [("sent", 42), ("caller", 42)]


@pytest.mark.django_db(transaction=True)
def test_a_failure_of_what_follows_never_keeps_the_caller_waiting(monkeypatch, caplog):
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

    def send(_result):
        raise RuntimeError("the sockets could not be told")

    async def caller():
        return await asyncio.wait_for(db.call(lambda: "moved", then=send), 30)

    assert _on_a_loop(caller()) == "moved"
    assert "what follows a database call failed" in caplog.text


@pytest.mark.django_db(transaction=True)
def test_a_call_that_fails_is_the_callers_to_hear_and_nothing_follows_it(monkeypatch):
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    followed = []

    def refused():
        raise ValueError("no such move")

    async def caller():
        return await db.call(refused, then=followed.append)

    with pytest.raises(ValueError, match="no such move"):
        _on_a_loop(caller())
    assert followed == []
