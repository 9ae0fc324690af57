#!/usr/bin/env python3
"""How fast a challenge reaches everyone watching the lobby.

Usage: lobby_fanout.py PORT [WATCHERS=1000] [CHALLENGES=10] [GAP_SECONDS=1]
against a running `ordo-engine serve` on 127.0.0.1:PORT (raise `ulimit -n` first).
Opens WATCHERS lobby streams (GET /api/lobby/events, raw SSE on asyncio), registers an
account, then posts CHALLENGES challenges one at a time (each cancelled again after
GAP_SECONDS). A delivery is one watcher's first event holding a challenge; its latency is
from just before the POST. Prints the deliveries and their p50, p99 and maximum. The
client is one Python thread: on a small machine it, not the server, may be the limit.
"""
import asyncio
import http.cookiejar
import json
import sys
import time
import urllib.request

HOST = '127.0.0.1'
PORT = int(sys.argv[1])
WATCHERS = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
CHALLENGES = int(sys.argv[3]) if len(sys.argv) > 3 else 10
GAP = float(sys.argv[4]) if len(sys.argv) > 4 else 1.0
BASE = f'http://{HOST}:{PORT}'

opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


def post(path, body, csrf=None):
    headers = {'Content-Type': 'application/json'}
    if csrf:
        headers['X-CSRF-Token'] = csrf
    request = urllib.request.Request(BASE + path, data=json.dumps(body).encode(), method='POST', headers=headers)
    return json.loads(opener.open(request).read())


posted_at = {}  # challenge id -> time just before its POST
arrivals = []  # (challenge id, time a watcher first saw it)


async def watch(ready):
    reader, writer = await asyncio.open_connection(HOST, PORT)
    writer.write(f'GET /api/lobby/events HTTP/1.1\r\nHost: {HOST}\r\n\r\n'.encode())
    await writer.drain()
    seen, first = set(), True
    while line := await reader.readline():
        if not line.startswith(b'data: '):
            continue
        now = time.perf_counter()
        if first:
            ready.release()
            first = False
        for challenge in json.loads(line[6:])['challenges']:
            if challenge['id'] not in seen:
                seen.add(challenge['id'])
                arrivals.append((challenge['id'], now))


async def main():
    csrf = post('/api/accounts', {'name': f'bench{int(time.time())}', 'password': 'bench password'})['csrf_token']
    ready = asyncio.Semaphore(0)
    watchers = [asyncio.create_task(watch(ready)) for _ in range(WATCHERS)]
    for _ in range(WATCHERS):
        await ready.acquire()
    loop = asyncio.get_running_loop()
    for _ in range(CHALLENGES):
        start = time.perf_counter()
        challenge = await loop.run_in_executor(None, lambda: post('/api/challenges', {}, csrf))
        cid = challenge['challenge']['id']
        posted_at[cid] = start
        await asyncio.sleep(GAP)
        await loop.run_in_executor(None, lambda: post(f'/api/challenges/{cid}/cancel', {}, csrf))
    delays = sorted(seen - posted_at[cid] for cid, seen in arrivals if cid in posted_at)
    count = len(delays)
    print(f'watchers {WATCHERS}, challenges {CHALLENGES}, deliveries {count} of {WATCHERS * CHALLENGES}; '
          f'ms p50 {delays[count // 2] * 1000:.1f} p99 {delays[max(0, int(count * 0.99) - 1)] * 1000:.1f} '
          f'max {delays[-1] * 1000:.1f}')
    for task in watchers:
        task.cancel()


asyncio.run(main())
