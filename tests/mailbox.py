"""A mail server of the test's own on loopback: it takes every mail a
Parlor server sends it over SMTP and keeps it, for the test to read."""

from __future__ import annotations

import email
import email.policy
import socketserver
import threading
import time

from tests.live import free_port


class Mailbox:
    """Every mail received, parsed; ``settings`` are a server's environment
    to send through it."""

    def __init__(self):
        self.port = free_port()
        self.mails: list[email.message.EmailMessage] = []
        self.lock = threading.Lock()
        box = self

        class Session(socketserver.StreamRequestHandler):
            def handle(self):
                self.reply("220 mailbox ready")
                data = None
                while line := self.rfile.readline():
                    if data is not None:
                        if line.rstrip(b"\r\n") == b".":
                            box.keep(b"".join(data))
                            data = None
                            self.reply("250 kept")
                        else:
                            data.append(line[1:] if line.startswith(b"..") else line)
                        continue
                    verb = line[:4].upper()
                    if verb == b"QUIT":
                        self.reply("221 bye")
                        return
                    if verb == b"DATA":
                        data = []
                        self.reply("354 go on")
                    else:  # EHLO, HELO, MAIL, RCPT, RSET, NOOP
                        self.reply("250 ok")

            def reply(self, text: str):
                self.wfile.write(text.encode() + b"\r\n")

        socketserver.ThreadingTCPServer.allow_reuse_address = True
        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", self.port), Session)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def keep(self, raw: bytes) -> None:
        with self.lock:
            self.mails.append(email.message_from_bytes(raw, policy=email.policy.default))

    @property
    def settings(self) -> dict:
        return {"EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(self.port), "EMAIL_USE_TLS": "0"}

    def to(self, address: str) -> list:
        with self.lock:
            return [m for m in self.mails if m["To"] == address]

    def until(self, wanted, within: float = 20.0):
        """Wait for the mails to be as ``wanted(mails)`` says; the mails."""
        give_up = time.monotonic() + within
        while True:
            with self.lock:
                mails = list(self.mails)
            if wanted(mails):
                return mails
            assert time.monotonic() < give_up, f"the mails never came as wanted: {[m['To'] for m in mails]}"
            time.sleep(0.02)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
