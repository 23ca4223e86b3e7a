"""The waiting room's QR code in a real browser: it shows beside the table's
code and link, inside the screen on a desktop and on a phone, and what a
phone's camera reads from it, as drawn on the screen, is the table's link;
it takes no room from the buttons below. A phone that reaches a family's
server on the home network by the laptop's .local name plays there, and the
code it shows leads to the same name."""

import io
import re

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from tests.browser.conftest import CHROMIUM, FLAGS, Person
from tests.live import on_the_home_network

LAPTOP = "family-laptop.local"
# Where each part of the waiting room the host uses sits, top to bottom.
BUTTONS = "['#fill-bots', '#start'].map(s => document.querySelector(s).getBoundingClientRect().top)"


def start_a_table(person) -> str:
    person.page.goto("/")
    person.page.get_by_label("Your name at the table").fill("Ada")
    person.page.get_by_role("button", name="Start a Euchre table").click()
    expect(person.page).to_have_url(re.compile(r"/t/[A-Z]{5}$"))
    return person.page.locator("#table-code").inner_text()


def read_qr(page) -> str:
    """What a camera reads from the QR code as the screen shows it."""
    drawn = page.locator("#table-qr")
    expect(drawn).to_be_visible()
    page.wait_for_function("document.getElementById('table-qr').complete && document.getElementById('table-qr').naturalWidth > 0")
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(drawn.screenshot())))
    assert [f.format for f in found] == [zxingcpp.BarcodeFormat.QRCode]
    return found[0].text


def test_the_waiting_room_shows_the_tables_link_as_a_qr_code_inside_the_screen(servers, people):
    server = servers.start()
    for width, height in ((1280, 800), (390, 844)):
        ada = people(server.url, width=width, height=height)
        code = start_a_table(ada)
        assert read_qr(ada.page) == f"{server.url}/t/{code}"
        box = ada.page.locator("#table-qr").bounding_box()
        assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height
        assert box["width"] >= 100  # big enough for a camera across the room
        assert ada.errors == []


@pytest.fixture
def home(servers, browser):
    """A family's server on the home network, and a browser that finds the
    laptop's .local name at loopback, as a phone on the Wi-Fi finds it by
    mDNS; it finds no other name."""
    server = servers.start(by=on_the_home_network)
    rules = f"MAP {LAPTOP} 127.0.0.1, MAP * ~NOTFOUND"
    on_the_wifi = browser.browser_type.launch(executable_path=CHROMIUM, args=[*FLAGS, f"--host-resolver-rules={rules}"])
    yield on_the_wifi, f"http://{LAPTOP}:{server.port}"
    on_the_wifi.close()


def test_the_qr_code_does_not_push_the_hosts_buttons_down_on_a_desktop(home):
    """Not with a link as long as a home network's either."""
    on_the_wifi, site = home
    ada = Person(on_the_wifi, site, width=1280, height=800)
    start_a_table(ada)
    read_qr(ada.page)
    beside = ada.page.evaluate(BUTTONS)
    ada.page.evaluate("document.querySelector('.share .qr').style.display = 'none'")
    assert ada.page.evaluate(BUTTONS) == beside


def test_a_phone_reaching_a_home_server_by_its_local_name_plays_and_its_qr_code_leads_there(home):
    on_the_wifi, site = home
    phone = Person(on_the_wifi, site, width=390, height=844)
    code = start_a_table(phone)  # drawn from the table's live connection
    expect(phone.page.locator("#seats li")).to_have_count(1)
    phone.page.get_by_role("button", name="Fill with bots").click()
    expect(phone.page.locator("#seats li")).to_have_count(4)
    assert read_qr(phone.page) == f"{site}/t/{code}"
    assert phone.errors == [], "\n".join(phone.errors)
