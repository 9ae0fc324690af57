#!/usr/bin/env python3
"""A real SMTP server on loopback for tests/mail_test.cpp: aiosmtpd (Debian's
python3-aiosmtpd), keeping each message it receives as files in a directory.

Usage: smtp_sink.py DIR [PORT]   (no PORT, or 0: a free one)

Prints "port N" on standard output once it accepts connections, then serves until it is
killed. Message k (from 1) becomes DIR/k.eml, the bytes received, and DIR/k.json: the
envelope (mail_from, rcpt_tos), every header as Python's email package parses it
(decoded), the subject and the text body decoded (get_content()), and the defects the
parser found. Each file is written under another name and renamed, the JSON last, so a
reader that sees k.json sees both whole.
"""

import asyncio
import email
import email.policy
import json
import os
import sys

from aiosmtpd.smtp import SMTP


class Sink:
    def __init__(self, directory):
        self.directory = directory
        self.count = 0

    def write(self, name, data):
        path = os.path.join(self.directory, name)
        with open(path + ".part", "wb") as out:
            out.write(data)
        os.replace(path + ".part", path)

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        raw = envelope.original_content or envelope.content
        message = email.message_from_bytes(raw, policy=email.policy.default)
        defects = [type(d).__name__ for d in message.defects]
        headers = {}
        for name, value in message.items():
            headers[name] = str(value)
            defects += [type(d).__name__ for d in getattr(value, "defects", ())]
        record = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "headers": headers,
            "subject": str(message["subject"]),
            "body": message.get_content(),
            "defects": defects,
        }
        self.write(f"{self.count}.eml", raw)
        self.write(f"{self.count}.json", json.dumps(record).encode())
        return "250 OK"


async def main():
    directory = sys.argv[1]
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    handler = Sink(directory)
    server = await asyncio.get_running_loop().create_server(
        lambda: SMTP(handler, hostname="sink.test"), host="127.0.0.1", port=port)
    print(f"port {server.sockets[0].getsockname()[1]}", flush=True)
    await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
