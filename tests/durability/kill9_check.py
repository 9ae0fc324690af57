#!/usr/bin/env python3
"""Durability under kill -9: clients play moves on a running server, the server is killed
with SIGKILL mid-load, restarted on the same data, and every move the server acknowledged
(answered 200) must be stored. Prints one line of figures per round and exits 1 on a loss.

    tests/durability/kill9_check.py build/release/src/cli/ordo-engine --rounds 5
"""
import argparse
import http.client
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request


def request(port, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as answer:
        return json.loads(answer.read())


def start_server(binary, data, port):
    server = subprocess.Popen([binary, "serve", "--data", data, "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = server.stdout.readline()  # "Serving N stored games ..." once it listens
    if not line.startswith("Serving"):
        raise SystemExit(f"the server did not start: {line}{server.stdout.read()}")
    # The port it took ("Open http://HOST:PORT/"): a busy one is skipped for the next.
    bound = int(server.stdout.readline().rstrip().rstrip("/").rsplit(":", 1)[1])
    if bound != port:
        server.kill()
        raise SystemExit(f"port {port} is taken; give another with --port")
    threading.Thread(target=server.stdout.read, daemon=True).start()
    deadline = time.time() + 10
    while True:
        try:
            request(port, "GET", "/api/games?limit=1")
            return server
        except (urllib.error.URLError, ConnectionError):
            if time.time() > deadline:
                raise
            time.sleep(0.05)


def client(port, acknowledged, lock, stop, rng):
    """Plays random legal moves in local games; records each acknowledged move."""
    game = None
    while not stop.is_set():
        try:
            if game is None:
                created = request(port, "POST", "/api/games", {"mode": "local", "size": "8x8"})
                game = (created["id"], created["tokens"]["white"], created["state"])
                with lock:
                    acknowledged[game[0]] = []
            gid, token, state = game
            if not state["legal"]:
                game = None
                continue
            move = rng.choice(state["legal"])
            state = request(port, "POST", f"/api/games/{gid}/moves",
                            {"token": token, "move": move, "ply": state["ply"]})
            with lock:
                acknowledged[gid] = [m["move"] for m in state["moves"]]
            game = (gid, token, state)
        except (urllib.error.URLError, http.client.HTTPException, OSError, ValueError):
            return  # the server is gone: what was acknowledged stands


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=3.0, help="load before each kill")
    parser.add_argument("--port", type=int, default=28431)
    parser.add_argument("--seed", type=int, default=44)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    data = tempfile.mkdtemp(prefix="ordo-kill9-")
    acknowledged, lock = {}, threading.Lock()
    lost = round_checked = 0
    games = {}
    for round_number in range(1, args.rounds + 1):
        server = start_server(args.binary, data, args.port)
        stop = threading.Event()
        threads = [threading.Thread(target=client, args=(args.port, acknowledged, lock, stop,
                                                         random.Random(rng.random())))
                   for _ in range(args.clients)]
        for t in threads:
            t.start()
        time.sleep(args.seconds)
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
        stop.set()
        for t in threads:
            t.join()
        server = start_server(args.binary, data, args.port)
        with lock:
            games = dict(acknowledged)
        round_checked = round_lost = 0
        for gid, moves in games.items():
            stored = [m["move"] for m in request(args.port, "GET", f"/api/games/{gid}")["moves"]]
            round_checked += len(moves)
            if stored[:len(moves)] != moves:
                round_lost += 1
                print(f"  game {gid}: acknowledged {len(moves)} moves, stored {len(stored)}")
        server.send_signal(signal.SIGTERM)
        server.wait()
        lost += round_lost
        print(f"round {round_number}: {len(games)} games so far, {round_checked} acknowledged "
              f"moves of all rounds checked, {round_lost} games with a lost move")
    print(f"after {args.rounds} kill -9 rounds: {round_checked} acknowledged moves in "
          f"{len(games)} games checked, {lost} losses found")
    if not lost:
        shutil.rmtree(data)
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
