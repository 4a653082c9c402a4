"""nginx in front of ``tavolo serve`` processes, run from docs/nginx-tavolo.conf as it is shipped
(only its addresses changed to free ports), in a folder of its own, in the foreground."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from tests.server.processes import free_port, healthy

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "nginx-tavolo.conf"
UPSTREAMS = ("127.0.0.1:8001", "127.0.0.1:8002")
"""The processes the example names: the balancer's are put in their place."""


def nginx_binary() -> str | None:
    """nginx on this machine (Debian puts it in /usr/sbin, not always on a user's PATH)."""
    return shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None)


class Balancer:
    """nginx from the example config in front of ``upstreams`` (``host:port``), on a free port
    until :meth:`stop`; ``url`` is its address."""

    def __init__(self, folder: Path, upstreams: list[str], connections: int = 4096) -> None:
        binary = nginx_binary()
        if binary is None:
            raise RuntimeError("nginx is not installed")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.folder = folder
        (folder / "logs").mkdir(parents=True, exist_ok=True)
        (folder / "tavolo.conf").write_text(site(upstreams, self.port))
        (folder / "nginx.conf").write_text(main_config(folder, connections))
        self.process = subprocess.Popen([binary, "-p", f"{folder}/", "-e", str(folder / "logs" / "error.log"),
                                         "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if healthy(self.url, self.process, 15, 0.1):
            return
        self.stop()
        raise RuntimeError(f"nginx did not start: {self.log()}")

    def log(self) -> str:
        path = self.folder / "logs" / "error.log"
        return path.read_text()[-2000:] if path.exists() else ""

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
        self.process.wait(10)
        self.process.stdout.close()


def site(upstreams: list[str], port: int) -> str:
    """The example config with ``upstreams`` in place of its processes and ``port`` to listen on."""
    text = EXAMPLE.read_text()
    assert all(address in text for address in UPSTREAMS) and "listen 80;" in text, "the example changed"
    servers = "".join(f"    server {address} max_fails=3 fail_timeout=10s;\n" for address in upstreams)
    for address in UPSTREAMS:
        text = text.replace(f"    server {address} max_fails=3 fail_timeout=10s;\n", "")
    return text.replace("    least_conn;\n", "    least_conn;\n" + servers).replace(
        "listen 80;", f"listen 127.0.0.1:{port};")


def main_config(folder: Path, connections: int) -> str:
    """A main config around the site: everything nginx writes under ``folder``; ``connections``
    open at once (each socket through it is two)."""
    user = "user root;\n" if os.geteuid() == 0 else ""  # its workers write the temp files in folder
    return f"""{user}pid {folder}/nginx.pid;
worker_processes 1;
worker_rlimit_nofile {connections + 100};
events {{ worker_connections {connections}; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    include {folder}/tavolo.conf;
}}
"""
