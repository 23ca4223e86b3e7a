"""Self-hosting as docs/hosting.md says: a server started by the scale-out
section's commands (migrate, then `python -m parlor.serve`) in a fresh
folder, where nothing has collected the static files, serves its pages and
every file they name; and a server collects the files again once they
change, not before."""

import http.client
import json
import os
import re
import subprocess
import sys
from http.cookies import SimpleCookie
from urllib.parse import urljoin

from django.templatetags.static import static as static_url
from django.test import override_settings

from parlor import static
from tests.live import ROOT, Server, free_port

SITE = "games.example.org"
# What docs/hosting.md's proxy passes on with every request (the nginx example).
PROXIED = {"Host": SITE, "X-Forwarded-Proto": "https"}


def through_the_proxy(server, method: str, path: str, body: bytes | None = None, headers: dict = ()):
    asking = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    try:
        asking.request(method, path, body, headers={**PROXIED, **dict(headers)})
        answer = asking.getresponse()
        return answer.status, answer.headers, answer.read()
    finally:
        asking.close()


def test_a_server_started_as_the_scale_out_section_says_in_a_fresh_folder_serves_a_table_page_and_its_files(tmp_path):
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "REDIS_URL", "PARLOR_STATIC_ROOT")}  # the static files' place is the fresh folder's
    env.update(PARLOR_VAR=str(tmp_path), PARLOR_SECURE="1", ALLOWED_HOSTS=SITE, CSRF_TRUSTED_ORIGINS=f"https://{SITE}")
    subprocess.run([sys.executable, "manage.py", "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)
    assert not (tmp_path / "static").exists()
    server = Server(env, free_port())
    try:
        status, answer, _ = through_the_proxy(server, "GET", "/")
        assert status == 200
        csrf = SimpleCookie(answer["Set-Cookie"])["csrftoken"].value
        status, _, made = through_the_proxy(server, "POST", "/api/tables", json.dumps({"game": "line", "name": "Ada"}).encode(), {
            "Content-Type": "application/json", "Cookie": f"csrftoken={csrf}", "X-CSRFToken": csrf,
            "Origin": f"https://{SITE}", "Referer": f"https://{SITE}/"})
        assert status == 201, made
        status, _, table = through_the_proxy(server, "GET", f"/t/{json.loads(made)['code']}")
        assert status == 200
        named = re.findall(r'(?:href|src)="(/static/[^"]+)"', table.decode())
        assert any(n.endswith(".css") for n in named) and any(n.endswith(".js") for n in named)
        # Each file the page names, and each module those modules import.
        fetched, waiting = set(), list(named)
        while waiting:
            url = waiting.pop()
            if url in fetched:
                continue
            fetched.add(url)
            status, _, body = through_the_proxy(server, "GET", url)
            assert status == 200, url
            if url.endswith(".js"):
                waiting += [urljoin(url, imported) for imported in re.findall(r"""(?:from|import)\s*['"](\.{1,2}/[^'"]+)['"]""", body.decode())]
        assert len([url for url in fetched if url.endswith(".js")]) > 3
        assert "Collecting the static files" in server.said()
    finally:
        server.stop()


def test_the_static_files_are_collected_again_once_they_change_and_not_before(tmp_path):
    kit = tmp_path / "kit"
    kit.mkdir()
    (kit / "kit.css").write_text("body { color: black; }")
    said = []
    with override_settings(STATIC_ROOT=tmp_path / "static", STATICFILES_DIRS=[("kit", kit)],
                           STATICFILES_FINDERS=["django.contrib.staticfiles.finders.FileSystemFinder"]):
        assert static.collect_when_changed(said.append)
        first = static_url("kit/kit.css")
        assert not static.collect_when_changed(said.append)
        (kit / "kit.css").write_text("body { color: navy; }")
        assert static.collect_when_changed(said.append)
        assert static_url("kit/kit.css") != first
        (tmp_path / "static" / "staticfiles.json").unlink()  # the collection lost, its record kept
        assert static.collect_when_changed(said.append)
    assert said == [f"Collecting the static files into {tmp_path / 'static'} (once after each update)…"] * 3
