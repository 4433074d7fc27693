# SPDX-License-Identifier: MIT
# Hostile requests against a running `chopsticks serve` (tests/cli/serve.sh): bad and huge
# codes, path traversal, a 100 KB URL, unknown methods, a body, then 1,000 requests from 50
# concurrent clients, bounded in time. Each must get its status and a JSON error object;
# the server must keep answering and its RSS (/proc/PID/status) stay flat. Prints one line
# per failed check and "hostile: N passed, N failed"; exits 1 on any failure.
# usage: python3 serve_hostile.py HOST PORT PID
import json
import socket
import sys
import threading
import time

HOST, PORT, PID = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
passed = failed = 0


def check(ok, what, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {what} {detail}"[:400])


def raw(request: bytes, timeout=10.0):
    """Sends request as is; returns (status, headers text, body bytes)."""
    with socket.create_connection((HOST, PORT), timeout=timeout) as s:
        s.sendall(request)
        data = b""
        while True:
            try:
                chunk = s.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    line = head.split(b"\r\n", 1)[0].decode("latin-1")
    parts = line.split(" ")
    status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
    return status, head.decode("latin-1"), body


def get(path, method="GET", extra=b""):
    return raw(f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n".encode("latin-1") + extra + b"\r\n")


def expect(path, status, method="GET", extra=b"", is_json=True):
    got, head, body = get(path, method, extra)
    check(got == status, f"{method} {path[:80]}", f"status {got}, wanted {status}")
    if is_json and method != "HEAD":
        try:
            obj = json.loads(body)
            check(isinstance(obj, dict) and ("message" in obj if status >= 400 else True), f"{method} {path[:80]}: JSON", body[:200])
        except ValueError:
            check(False, f"{method} {path[:80]}: body is no JSON", body[:200])
    return body


def rss_kb():
    with open(f"/proc/{PID}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


# What the server answers.
expect("/api/v1/game", 200)
expect("/api/v1/position?code=1111", 200)
expect("/api/v1/strategy", 200)
expect("/", 200, is_json=False)
expect("/app.js", 200, is_json=False)
expect("/", 200, method="HEAD", is_json=False)
# Bad codes and parameters: 400.
for code in ["zz", "1", "11111", "9999", "1%0a1", "%00", "-1", "1.1/1.1/1.1", "4444", "x" * 300, "1" * 200]:
    expect(f"/api/v1/position?code={code}", 400)
expect("/api/v1/position", 400)
expect("/api/v1/position?code=", 400)
expect("/api/v1/position?code=1111&code=1111", 400)
expect("/api/v1/position?cod=1111", 400)
expect("/api/v1/game?x=1", 400)
# Unknown paths, traversal: 404.
for path in ["/nope", "/api/v1/", "/api/v1/../../etc/passwd", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
             "/web/app.js", "/index.html/..", "/api/v2/game", "//etc/passwd", "/api/v1/game/"]:
    expect(path, 404)
# Too large: a 100 KB URL, a 10 KB code, a body on a GET.
expect("/api/v1/position?code=" + "1" * 100_000, 413)
expect("/" + "a" * 100_000, 413)
expect("/api/v1/position?code=" + "9" * 10_000, 413)
status, _, body = raw(b"GET /api/v1/game HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 5\r\n\r\nhello")
check(status == 413 and b'"message"' in body, "GET with a body", f"status {status}")
# Wrong methods: 405, with Allow.
for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "FOO"]:
    body = expect("/api/v1/game", 405, method=method)
status, head, _ = get("/api/v1/game", "DELETE")
check("Allow: GET, HEAD" in head, "405 has Allow", head[:200])
status, _, _ = raw(b"POST /api/v1/game HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 1000000\r\n\r\n" + b"x" * 1000)
check(status == 405, "POST with a large body", f"status {status}")
# Garbage: the server answers (MHD: 400) or closes, and keeps serving.
raw(b"\x00\x01\x02 garbage\r\n\r\n", timeout=3)
raw(b"GET / HTTP/1.1\r\n" + b"X-Long: " + b"a" * 300_000 + b"\r\n\r\n", timeout=5)
expect("/api/v1/game", 200)

# Load: 1,000 requests from 50 clients at once, twice; RSS after each round.
PATHS = [("/api/v1/position?code=1312", 200), ("/api/v1/game", 200), ("/api/v1/position?code=bad", 400),
         ("/nope", 404), ("/api/v1/strategy", 200), ("/", 200)]


def client(n, errors):
    for i in range(n):
        path, status = PATHS[i % len(PATHS)]
        try:
            got, _, _ = get(path)
        except OSError as e:
            errors.append(f"{path}: {e}")
            continue
        if got != status:
            errors.append(f"{path}: status {got}, wanted {status}")


def round_of(requests=1000, clients=50):
    errors = []
    threads = [threading.Thread(target=client, args=(requests // clients, errors)) for _ in range(clients)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return time.monotonic() - start, errors


elapsed, errors = round_of()
rss1 = rss_kb()
check(not errors, "1,000 requests, 50 clients (first round)", "; ".join(errors[:5]))
check(elapsed < 60, "first round within 60 s", f"{elapsed:.1f} s")
elapsed2, errors = round_of()
rss2 = rss_kb()
check(not errors, "1,000 requests, 50 clients (second round)", "; ".join(errors[:5]))
check(elapsed2 < 60, "second round within 60 s", f"{elapsed2:.1f} s")
check(rss2 - rss1 < 4096, "RSS flat between rounds (< 4 MiB growth)", f"{rss1} kB then {rss2} kB")
expect("/api/v1/game", 200)
print(f"hostile: rounds of 1,000 requests in {elapsed:.2f} s and {elapsed2:.2f} s, RSS {rss1} kB then {rss2} kB")
print(f"hostile: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
