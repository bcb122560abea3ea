#!/usr/bin/env python3
"""A loopback HTTP/1.1 proxy that passes every request and answer on in small chunks
(Transfer-Encoding: chunked), as WSS4J's clients and servers send messages longer than a few KB.
It checks that a secured gSOAP build reads chunked encrypted messages on both sides
(security/chunked_input.h). Prints `PROXY http://127.0.0.1:PORT` once listening.

Usage: chunking_proxy.py UPSTREAM_URL [--chunk BYTES]"""
import argparse
import socket
import socketserver
import sys
import threading
from urllib.parse import urlsplit

MAX_HEADER = 64 * 1024
MAX_BODY = 16 * 1024 * 1024


class Closed(Exception):
    pass


def read_line(stream):
    line = stream.readline(MAX_HEADER)
    if not line:
        raise Closed()
    return line


def read_message(stream):
    """(start line, [(name, value)], body) of one HTTP message, chunked or with a length."""
    start = read_line(stream).rstrip(b"\r\n")
    headers = []
    while True:
        line = read_line(stream).rstrip(b"\r\n")
        if not line:
            break
        name, _, value = line.partition(b":")
        headers.append((name.strip(), value.strip()))
    names = {name.lower(): value for name, value in headers}
    if b"chunked" in names.get(b"transfer-encoding", b"").lower():
        body = b""
        while True:
            size = int(read_line(stream).split(b";")[0], 16)
            if size == 0:
                while read_line(stream).strip():
                    pass
                break
            body += stream.read(size)
            read_line(stream)
            if len(body) > MAX_BODY:
                raise Closed()
    else:
        length = int(names.get(b"content-length", b"0"))
        if length > MAX_BODY:
            raise Closed()
        body = stream.read(length)
    return start, headers, body


def write_chunked(sock, start, headers, body, chunk):
    kept = [(n, v) for n, v in headers if n.lower() not in (b"content-length", b"transfer-encoding", b"connection")]
    head = start + b"\r\n" + b"".join(n + b": " + v + b"\r\n" for n, v in kept)
    out = head + b"Transfer-Encoding: chunked\r\n\r\n"
    for at in range(0, len(body), chunk):
        piece = body[at:at + chunk]
        out += b"%x\r\n" % len(piece) + piece + b"\r\n"
    sock.sendall(out + b"0\r\n\r\n")


def main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("upstream")
    parser.add_argument("--chunk", type=int, default=1000)
    args = parser.parse_args(argv)
    upstream = urlsplit(args.upstream)
    if upstream.hostname != "127.0.0.1":
        print("error: the upstream must be on 127.0.0.1", file=sys.stderr)
        return 2

    class Handler(socketserver.StreamRequestHandler):
        def handle(self):
            server = socket.create_connection((upstream.hostname, upstream.port))
            from_server = server.makefile("rb")
            try:
                while True:
                    start, headers, body = read_message(self.rfile)
                    write_chunked(server, start, headers, body, args.chunk)
                    status, answer_headers, answer = read_message(from_server)
                    write_chunked(self.connection, status, answer_headers, answer, args.chunk)
            except (Closed, OSError, ValueError):
                pass
            finally:
                server.close()

    class Server(socketserver.ThreadingTCPServer):
        daemon_threads = True
        allow_reuse_address = True

    with Server(("127.0.0.1", 0), Handler) as proxy:
        print(f"PROXY http://127.0.0.1:{proxy.server_address[1]}{upstream.path}", flush=True)
        threading.Thread(target=proxy.serve_forever, daemon=True).start()
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
