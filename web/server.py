#!/usr/bin/env python3
"""Serves the browser build on 127.0.0.1 and keeps what a finished run posts.

  python3 web/server.py <folder to serve> <port> <results folder>

GET serves the folder (the .wasm as application/wasm, which the browser requires to
compile it while downloading). POST /result/<name> (stats.json, screenshot.png,
console.txt, error.txt: web/index.html sends them at the end of a run with frames=N) writes
the body to <results folder>/<name>; other names are refused."""
import http.server
import os
import sys

ALLOWED = {"stats.json", "screenshot.png", "console.txt", "error.txt"}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".data": "application/octet-stream"}

    def do_POST(self):
        name = self.path.rsplit("/", 1)[-1]
        if not self.path.startswith("/result/") or name not in ALLOWED:
            self.send_error(404)
            return
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        os.makedirs(self.server.results, exist_ok=True)
        part = os.path.join(self.server.results, name + ".part")
        with open(part, "wb") as f:  # whole or not at all: the test waits for stats.json
            f.write(body)
        os.replace(part, os.path.join(self.server.results, name))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):  # quiet: the page's requests are not news
        pass


def main():
    if len(sys.argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    folder, port, results = sys.argv[1], int(sys.argv[2]), os.path.abspath(sys.argv[3])
    os.chdir(folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.results = results
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
