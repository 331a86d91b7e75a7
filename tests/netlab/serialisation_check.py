#!/usr/bin/env python3
"""Run by tests/netlab/netlab_test.sh as every rank of `netlab run ring4_ci.json`: does a burst of
small packets pay the link's rate, as on a real link and under netem's `rate`?

Rank 0 sends 5 UDP datagrams of 1200 bytes back to back to rank 3 over the 20 Mbit/s, 2 ms link
(both ways); rank 3 answers one byte when the last arrives. The round trip cannot be shorter than
the two latencies plus the 5 frames' time on the wire (4 ms + 2.5 ms); a token bucket's burst
(netlab's tbf let about 1 ms of data through at the veth's speed) passes the first frames at once
and comes in near 5 ms. The best of 30 rounds is printed as `best_round_trip_ms X`; a loaded
machine only makes rounds slower, so the check is a lower bound that load cannot break.
Other ranks exit at once."""
import os
import socket
import sys
import time

PORT = 40999
DATAGRAMS, SIZE, ROUNDS = 5, 1200, 30


def address(k):
    return f"198.18.{1 + k // 250}.{1 + k % 250}"  # tools/netlab's node_address


def echo():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind((address(3), PORT))
    s.settimeout(120)
    while True:
        data, sender = s.recvfrom(65536)
        if data == b"done":
            return
        if data[1] == DATAGRAMS - 1:  # the round's last datagram: answer with the round's number
            s.sendto(data[:1], sender)


def measure():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind((address(0), 0))
    s.settimeout(1.0)
    best, done = float("inf"), 0
    deadline = time.monotonic() + 120
    while done < ROUNDS and time.monotonic() < deadline:
        tag = done % 256
        started = time.monotonic()
        for i in range(DATAGRAMS):
            s.sendto(bytes([tag, i]) + bytes(SIZE - 2), (address(3), PORT))
        try:
            while s.recv(16)[0] != tag:  # a late answer of an earlier round
                pass
        except socket.timeout:  # rank 3 not listening yet, or a datagram lost: try again
            continue
        best = min(best, time.monotonic() - started)
        done += 1
        time.sleep(0.02)  # let the link go idle, so that a token bucket would refill
    s.sendto(b"done", (address(3), PORT))
    if done < ROUNDS:
        sys.exit(f"only {done} of {ROUNDS} rounds answered")
    print(f"best_round_trip_ms {best * 1000:.3f}")


rank = int(os.environ.get("OMPI_COMM_WORLD_RANK", "-1"))
if rank == 3:
    echo()
elif rank == 0:
    measure()
