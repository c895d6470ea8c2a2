"""The kernel manager of ``make demo`` for a room of students (its settings are in
``apps/.jupyter/voila.py``), and the address students type.

Voilà starts one kernel per page. Jupyter's culler shuts down a kernel that has been idle
with no page connected (``cull_idle_timeout``); :class:`RoomKernelManager` adds what a room
needs on top of it:

- the **pool** of started kernels that Voilà keeps so that a page opens at once is never
  culled (those kernels wait for a student, idle and unconnected by design);
- :meth:`RoomKernelManager.kernels_in_use` counts the students' kernels, apart from the pool.

>>> RoomKernelManager.__mro__[1].__name__
'AsyncMappingKernelManager'
"""

from __future__ import annotations

import socket
import sys
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

__all__ = ["RoomKernelManager", "room_address"]


class RoomKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager, which leaves Voilà's pool of started kernels to wait."""

    def pool_kernel_ids(self) -> set[str]:
        """The kernels started ahead and waiting in Voilà's pool (none without a pool)."""
        found: set[str] = set()
        for items in getattr(self, "_pools", {}).values():
            for item in items:
                if item.done() and not item.cancelled() and item.exception() is None:
                    found.add(item.result()["kernel_id"])
        return found

    def kernels_in_use(self) -> int:
        """How many kernels serve a page (or did, and wait to be culled)."""
        return len(set(self.list_kernel_ids()) - self.pool_kernel_ids())

    async def cull_kernel_if_idle(self, kernel_id: str) -> Any:
        """Jupyter's culling, except for a kernel that waits in the pool."""
        if kernel_id in self.pool_kernel_ids():
            return None
        return await super().cull_kernel_if_idle(kernel_id)


def room_address(ip: str, port: int) -> str:
    """The address students type to open the apps: ``ip`` itself, or, when the server
    listens on every network (``0.0.0.0``), this computer's address on the room's network.

    >>> room_address("127.0.0.1", 8866)
    'http://127.0.0.1:8866/'
    """
    if ip in ("0.0.0.0", "", "*"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect(("10.255.255.255", 1))  # no packet is sent: it picks a route
                ip = probe.getsockname()[0]
        except OSError:
            ip = socket.gethostbyname(socket.gethostname())
    return f"http://{ip}:{port}/"


if __name__ == "__main__":  # make demo: python -m gamekit.classroom IP PORT
    where = room_address(sys.argv[1], int(sys.argv[2]))
    print(f"\nThe class opens: {where}\n(the apps' index; a kernel per page, idle ones freed)\n")
