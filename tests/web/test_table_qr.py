"""The table's QR code, beside its code and link in the waiting room: the
table's link by the address the page was opened by, which is how the family's
phones reach the server (a browser reads it: tests/browser/test_table_qr.py)."""

import html
import json

import pytest
from django.test import Client, override_settings

from web import qr
from web.nul import NUL_ADDRESS
from web.pages import NO_TABLE

pytestmark = pytest.mark.django_db


def new_table() -> str:
    made = Client().post("/api/tables", json.dumps({"game": "line", "name": "Ada"}), content_type="application/json")
    return made.json()["code"]


def test_the_qr_code_is_the_tables_link_by_the_address_the_page_was_opened_by():
    code = new_table()
    with override_settings(ALLOWED_HOSTS=["192.168.1.20", "laptop.local"]):
        for host in ("192.168.1.20:8000", "laptop.local:8000"):
            drawn = Client().get(f"/t/{code.lower()}/qr.svg", HTTP_HOST=host)
            assert drawn.status_code == 200 and drawn["Content-Type"] == "image/svg+xml"
            assert drawn.content == qr.svg(f"http://{host}/t/{code}")
            assert b"<script" not in drawn.content


def test_behind_the_proxy_the_qr_code_is_the_https_link():
    code = new_table()
    drawn = Client().get(f"/t/{code}/qr.svg", secure=True, HTTP_HOST="localhost")
    assert drawn.content == qr.svg(f"https://localhost/t/{code}")


@pytest.mark.parametrize("asked", ["ZZZZZ", "%00%ff%fe", "%3Cscript%3E", "12345", "A" * 300])
def test_no_qr_code_for_a_table_that_isnt_there(asked):
    new_table()
    answer = Client().get(f"/t/{asked}/qr.svg")
    assert answer.status_code == 404
    # (an address holding NUL is turned away at the door, in its own words)
    assert (html.escape(NUL_ADDRESS) if "%00" in asked else NO_TABLE) in answer.content.decode()
