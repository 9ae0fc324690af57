#!/usr/bin/env python3
"""docs/haproxy.cfg as shipped, in front of two instances (issues 57 and 60).

Run by ctest (label `haproxy`) as
    scripts/with-two-instances ENGINE -- python3 tests/haproxy/shipped_config_test.py
which starts PostgreSQL, two `serve --behind-proxy` instances and HAProxy with the file.
Checks, in this order (the last kills an instance):
  start-up   HAProxy starts with the file under tight open-file limits (1,024 and 20,000)
  headers    each answer names its instance (X-Ordo-Instance); HAProxy logs each request
  xff        log-in limits count the address HAProxy saw, not one the client wrote: 30
             failures with a forged X-Forwarded-For each are throttled, and failures sent
             with a victim's address do not lock the victim out
  latency    a live event through HAProxy arrives within a bound of direct (p50/p99 printed)
  kill       kill -9 of an instance under load: no request waits 1 s in HAProxy for a live
             instance (its log's timers), no read fails; writes lost and the slowest
             requests are counted (printed)
Arguments name the checks to run (default all, in this order). Exits 1 with the reasons
if any check fails.
"""
import http.client
import json
import os
import queue
import re
import resource
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROXY = urllib.parse.urlsplit(os.environ['ORDO_PAIR_URL'])
INSTANCE_A = urllib.parse.urlsplit(os.environ['ORDO_PAIR_A'])
INSTANCE_B = urllib.parse.urlsplit(os.environ['ORDO_PAIR_B'])
PATIENCE = 60.0  # seconds, for what must happen on a busy machine

failures = []


def check(condition, message):
    print(('ok    ' if condition else 'FAIL  ') + message, flush=True)
    if not condition:
        failures.append(message)


def request(url, method, path, body=None, headers=None, source=None, timeout=PATIENCE):
    """(status, headers as a dict with lower-case names, parsed JSON or text); one connection."""
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=timeout,
                                            source_address=(source, 0) if source else None)
    try:
        all_headers = {'Content-Type': 'application/json'} if body is not None else {}
        all_headers.update(headers or {})
        connection.request(method, path, json.dumps(body) if body is not None else None, all_headers)
        response = connection.getresponse()
        data = response.read()
        kind = response.getheader('Content-Type', '')
        return (response.status, {k.lower(): v for k, v in response.getheaders()},
                json.loads(data) if 'json' in kind and data else data.decode(errors='replace'))
    finally:
        connection.close()


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


# --- start-up ---------------------------------------------------------------------------

def haproxy_config():
    """The shipped file; as a user other than root without the three lines only root obeys
    (chroot, user, group), as scripts/with-two-instances does."""
    path = os.path.join(ROOT, 'docs', 'haproxy.cfg')
    if os.getuid() == 0:
        return path
    kept = [line for line in open(path) if line.split()[:1] not in (['chroot'], ['user'], ['group'])]
    copy = os.path.join(os.environ.get('TMPDIR', '/tmp'), f'haproxy-{os.getpid()}.cfg')
    with open(copy, 'w') as out:
        out.writelines(kept)
    return copy


def starts_under(limit):
    """Whether HAProxy with the shipped file serves /readyz under an open-file limit (soft and
    hard) of `limit`; with what it printed when not."""
    address = f'127.0.0.1:{free_port()}'
    env = dict(os.environ, ORDO_PROXY=address, ORDO_INSTANCE_A=INSTANCE_A.netloc,
               ORDO_INSTANCE_B=INSTANCE_B.netloc)
    process = subprocess.Popen(
        ['haproxy', '-db', '-f', haproxy_config()], env=env, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit)))
    url = urllib.parse.urlsplit('http://' + address)
    deadline = time.monotonic() + PATIENCE
    served = False
    while time.monotonic() < deadline and process.poll() is None and not served:
        try:
            served = request(url, 'GET', '/readyz', timeout=5)[0] == 200
        except OSError:
            time.sleep(0.1)
    process.terminate()
    output = process.communicate(timeout=PATIENCE)[0]
    return served, output


def check_start_up():
    for limit in (1024, 20000):
        served, output = starts_under(limit)
        check(served, f'HAProxy starts with the shipped file under an open-file limit of {limit}'
              + ('' if served else ':\n' + output[-2000:]))


# --- headers and log --------------------------------------------------------------------

def check_instance_header_and_log():
    seen = set()
    for _ in range(6):
        status, headers, _ = request(PROXY, 'GET', '/api/game-types')
        seen.add(headers.get('x-ordo-instance'))
    check(seen == {'a', 'b'}, f'answers name the instance that answered (X-Ordo-Instance: {sorted(map(str, seen))})')
    log = open(os.environ['ORDO_PAIR_PROXY_LOG']).read()
    logged = [line for line in log.splitlines() if 'GET /api/game-types' in line]
    check(any('instances/a' in line for line in logged) and any('instances/b' in line for line in logged),
          'HAProxy logs each request with its instance on standard output'
          + (f' (e.g. {logged[-1].strip()})' if logged else ''))


# --- X-Forwarded-For --------------------------------------------------------------------

def log_in(name, password, source, forwarded):
    return request(PROXY, 'POST', '/api/login', {'name': name, 'password': password},
                   headers={'X-Forwarded-For': forwarded}, source=source)[0]


def check_forwarded_for():
    tag = secrets.token_hex(3)
    victim, victim_password = f'victim{tag}', 'the victim password'
    status = request(PROXY, 'POST', '/api/accounts', {'name': victim, 'password': victim_password},
                     source='127.0.0.3')[0]
    check(status == 201, f'the victim registers from 127.0.0.3 ({status})')

    # One client (127.0.0.2), a fresh name and a fresh forged address per try: the address
    # HAProxy saw is the one counted, so the limit per address (20 in 15 minutes) holds.
    answers = [log_in(f'nobody{tag}x{i}', 'wrong password', '127.0.0.2', f'198.51.100.{i + 1}')
               for i in range(30)]
    first = answers.index(429) + 1 if 429 in answers else None
    check(first is not None and answers.count(429) >= 5,
          f'30 failed log-ins with a forged X-Forwarded-For each are throttled (first 429 at try '
          f'{first}, {answers.count(429)} of 30 refused)')

    # Another client (127.0.0.4) fails 25 times claiming to be the victim's address.
    answers = [log_in(f'other{tag}x{i}', 'wrong password', '127.0.0.4', '127.0.0.3')
               for i in range(25)]
    check(429 in answers, f'the forger is throttled too ({answers.count(429)} of 25 refused)')
    status = log_in(victim, victim_password, '127.0.0.3', '127.0.0.3')
    check(status == 200, f'the victim, at the address named by the forger, still logs in ({status})')


# --- live event latency -----------------------------------------------------------------

class Watcher(threading.Thread):
    """Reads a game's event stream; puts (arrival time, ply) on `events` for each state."""

    def __init__(self, url, game_id):
        super().__init__(daemon=True)
        self.events = queue.Queue()
        self.connection = http.client.HTTPConnection(url.hostname, url.port, timeout=PATIENCE)
        self.sock = self.connection.sock = socket.create_connection((url.hostname, url.port), PATIENCE)
        self.connection.request('GET', f'/api/games/{game_id}/events')
        self.response = self.connection.getresponse()  # chunked: http.client undoes it
        assert self.response.status == 200, self.response.status

    def run(self):
        try:
            while line := self.response.readline():
                if line.startswith(b'data: '):
                    self.events.put((time.perf_counter(), json.loads(line[6:])['ply']))
        except (OSError, ValueError, http.client.HTTPException):
            pass

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.join(PATIENCE)
        self.connection.close()


def event_delays(watch_url, move_urls, rounds):
    """Milliseconds from just before each change (a move, then its undo, in turn) is posted
    to `move_urls` (in turn) until the watcher on `watch_url` has the new state."""
    status, _, created = request(PROXY, 'POST', '/api/games', {'mode': 'local'})
    assert status == 201, created
    game, token, move = created['id'], created['tokens']['white'], created['state']['legal'][0]
    watcher = Watcher(watch_url, game)
    watcher.start()
    watcher.events.get(timeout=PATIENCE)  # the state sent on connecting
    delays = []
    for i in range(rounds):
        url = move_urls[i % len(move_urls)]
        action, body, ply = (('moves', {'token': token, 'move': move}, 1) if i % 2 == 0
                             else ('undo', {'token': token}, 0))
        while not watcher.events.empty():
            watcher.events.get_nowait()
        start = time.perf_counter()
        status = request(url, 'POST', f'/api/games/{game}/{action}', body)[0]
        assert status == 200, (action, status)
        while True:
            arrived, seen_ply = watcher.events.get(timeout=PATIENCE)
            if seen_ply == ply:
                break
        delays.append((arrived - start) * 1000)
    watcher.close()
    return delays


def check_event_latency():
    rounds = 200
    # Direct: the watcher on one instance, the changes sent to each in turn (as round
    # robin does through HAProxy), so both runs have the same share crossing instances.
    direct = event_delays(INSTANCE_A, [INSTANCE_A, INSTANCE_B], rounds)
    proxied = event_delays(PROXY, [PROXY], rounds)
    figures = {name: (percentile(d, 0.5), percentile(d, 0.99)) for name, d in
               (('direct', direct), ('through HAProxy', proxied))}
    print('live event latency, ms (p50, p99) over %d changes: ' % rounds +
          ', '.join(f'{name} {p50:.1f}, {p99:.1f}' for name, (p50, p99) in figures.items()), flush=True)
    # A generous bound for a busy machine: the fault it guards against (no http-no-delay)
    # added about 200 ms to every event.
    extra = figures['through HAProxy'][0] - figures['direct'][0]
    check(extra < 50, f'a live event through HAProxy takes at most 50 ms more than direct (median: {extra:+.1f} ms)')


# --- an instance killed under load ------------------------------------------------------

# In an `option httplog` line: "instances/a TR/Tw/Tc/Tr/Ta status"; Tw the time queued, Tc
# the time to connect to an instance (-1: never).
LOG_TIMERS = re.compile(r' instances/\S+ -?\d+/(-?\d+)/(-?\d+)/-?\d+/-?\d+ \d{3} ')


def check_instance_killed_under_load():
    status, _, created = request(PROXY, 'POST', '/api/games', {'mode': 'local'})
    assert status == 201, created
    game = created['id']
    results = []  # (kind, started, seconds, outcome: status or exception name)
    lock = threading.Lock()
    stop = threading.Event()

    def client(kind):
        while not stop.is_set():
            started = time.monotonic()
            try:
                if kind == 'read':
                    outcome = request(PROXY, 'GET', f'/api/games/{game}', timeout=10)[0]
                else:
                    outcome = request(PROXY, 'POST', '/api/games', {'mode': 'local'}, timeout=10)[0]
            except (OSError, http.client.HTTPException) as e:
                outcome = type(e).__name__
            with lock:
                results.append((kind, started, time.monotonic() - started, outcome))

    log_path = os.environ['ORDO_PAIR_PROXY_LOG']
    log_from = os.path.getsize(log_path)
    threads = [threading.Thread(target=client, args=(kind,)) for kind in ['read'] * 6 + ['write'] * 2]
    for thread in threads:
        thread.start()
    time.sleep(2)  # load before the kill (the figures below need some)
    killed_at = time.monotonic()
    os.kill(int(os.environ['ORDO_PAIR_PID_A']), signal.SIGKILL)
    time.sleep(6)  # past two failed health checks (2 s apart): requests after, as well
    stop.set()
    for thread in threads:
        thread.join()

    def ok(outcome, kind):
        return outcome == 200 if kind == 'read' else outcome == 201

    reads = [r for r in results if r[0] == 'read']
    writes = [r for r in results if r[0] == 'write']
    failed_reads = [r for r in reads if not ok(r[3], 'read')]
    failed_writes = [r for r in writes if not ok(r[3], 'write')]
    slowest = max(results, key=lambda r: r[2])
    slowest_read = max(reads, key=lambda r: r[2])
    at_kill = max((r for r in results if abs(r[1] - killed_at) < 1), key=lambda r: r[2])
    after = [r for r in results if r[1] >= killed_at]
    print(f'instance killed under load: {len(results)} requests ({len(after)} after the kill), '
          f'{len(failed_reads)} of {len(reads)} reads and {len(failed_writes)} of {len(writes)} '
          f'writes failed {sorted(set(str(r[3]) for r in failed_reads + failed_writes))}; '
          f'slowest {slowest[2] * 1000:.0f} ms ({slowest[0]}, {slowest[1] - killed_at:+.2f} s from the kill), '
          f'slowest read {slowest_read[2] * 1000:.0f} ms, slowest started within 1 s of the kill '
          f'{at_kill[2] * 1000:.0f} ms ({at_kill[0]})', flush=True)
    # HAProxy's own part of each wait, from its log: queue and connect times, retries and
    # the pauses between them included (the instance's work, which a busy machine makes
    # slow whatever the proxy does, is not in them).
    with open(log_path) as log:
        log.seek(log_from)
        timers = [(int(m.group(1)), int(m.group(2))) for m in
                  (LOG_TIMERS.search(line) for line in log) if m]
    proxy_waits = [max(0, queued) + max(0, connect) for queued, connect in timers]
    retried = sum(1 for queued, connect in timers if connect > 0)
    print(f'HAProxy: {len(timers)} requests logged, {retried} with a connect time over 0 ms; the longest '
          f'wait for an instance (queue + connect, retries included) {max(proxy_waits, default=-1)} ms', flush=True)
    check(len(timers) > 0 and max(proxy_waits) < 1000,
          f'no request waited 1 s in HAProxy for a live instance (longest {max(proxy_waits, default=-1)} ms)')
    check(len(after) > 0, 'requests were served after the kill')
    # Generous: a busy machine alone can make a request take a second (the proxy's part is
    # checked above); a read stuck on the dead instance would take longer.
    check(slowest_read[2] < 5.0, f'no read waited 5 s (slowest {slowest_read[2] * 1000:.0f} ms)')
    check(not failed_reads, f'no read failed ({len(failed_reads)} did)')
    # A write the instance took (or its kernel queued) and died on cannot be sent again:
    # it may have been done. Those fail (502) at the kill; none after it.
    late = [r for r in failed_writes if abs(r[1] - killed_at) >= 1]
    check(not late, f'writes failed only at the kill ({len(failed_writes)} did, {len(late)} of them '
          f'more than 1 s from it)')


CHECKS = {'start-up': check_start_up, 'headers': check_instance_header_and_log,
          'xff': check_forwarded_for, 'latency': check_event_latency,
          'kill': check_instance_killed_under_load}  # last: instance a is gone after it


def main():
    for name in sys.argv[1:] or CHECKS:
        CHECKS[name]()
    if failures:
        print(f'{len(failures)} check(s) failed', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
