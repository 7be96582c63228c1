"""Redis servers that tests and the fault drill own: a real `redis-server` on a free loopback port,
stopped (or killed) by its process id, and a listener that accepts connections and never answers.

Never the machine's shared Redis: nothing here touches port 6379.
"""

import shutil
import socket
import subprocess
import threading
import time

REDIS_SERVER = shutil.which("redis-server")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def closed_port_url() -> str:
    """A Redis URL where nothing listens (Redis down)."""
    return f"redis://127.0.0.1:{free_port()}/0"


class OwnRedis:
    """A redis-server of our own, without persistence, so a restart starts empty as a crashed one would."""

    def __init__(self, port: int | None = None):
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "OwnRedis":
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--daemonize", "no", "--protected-mode", "yes"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"redis-server did not start on port {self.port}")

    def kill(self) -> None:
        """SIGKILL, as a crash would: by its process id, never by name."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None


class HungRedis:
    """Accepts every connection and never answers, like a Redis stuck on a full disk or a dead VM."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(512)
        self.port = self.sock.getsockname()[1]
        self.held: list[socket.socket] = []
        self._stopped = threading.Event()
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def _accept(self) -> None:
        while not self._stopped.is_set():
            try:
                connection, _ = self.sock.accept()
            except OSError:
                return
            self.held.append(connection)  # read nothing, answer nothing

    def close(self) -> None:
        self._stopped.set()
        self.sock.close()
        for connection in self.held:
            connection.close()
