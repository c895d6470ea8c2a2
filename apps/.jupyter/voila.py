# Voilà's settings for a class on one server: `make demo` reads this file (it points Voilà's
# config_file_paths here; Voilà reads voila.py).
#
# - Every page gets its own kernel (about 110 MB). A kernel with no page connected (a tab
#   closed, a reload, a student gone) is shut down once it has been idle for DEMO_CULL
#   seconds (60 by default); the culler looks every 10 seconds. A kernel whose page is still
#   open is kept however long it sits idle.
# - Voilà keeps DEMO_POOL started kernels for each app (1 by default), so that a page opens
#   at once; these waiting kernels are never culled, and a page that takes one has the whole
#   DEMO_CULL, from when the page has arrived, to connect to it.
# - DEMO_CLASS=coffee:20 names the app a class will open and how many students come: that
#   many pages of it are started and rendered before they arrive. A page taken from the pool
#   is replaced DEMO_REFILL seconds later (90 with DEMO_CLASS, else 1), so that while the
#   class arrives the machine serves students instead of starting kernels for the next ones.
# - At most DEMO_MAX kernels serve the students' pages at once (30 by default, 1 to 1000).
#   One more page gets "the room is full — try again in a minute" at once (HTTP 503) instead
#   of a page that hangs. It counts every kernel outside the pool: open pages, pages closed
#   but not yet freed, the pool's refills being started. It needs `make demo`'s Voilà
#   (python -m gamekit.classroom serve); plain `voila` ignores it.
# - DEMO_IP is the address the server listens on: 127.0.0.1 (this computer only) by
#   default; 0.0.0.0 opens it to the room's network.
# - Every value is checked (gamekit.classroom.room_settings): a number in its range, and the
#   kernels the settings can start (pools, the class's pages, DEMO_MAX) within this
#   computer's free memory at about 110 MB a kernel; anything else stops make demo with the
#   reason and what fits.
import os
import sys
from pathlib import Path

from gamekit.classroom import room_settings

c = get_config()  # noqa: F821  (traitlets gives config files get_config)

try:  # every DEMO_ setting checked, and bounded by the room and this computer's memory
    room = room_settings(os.environ, Path(__file__).parents[1])
except ValueError as error:
    sys.exit(f"make demo: {error}")  # stops the server with the reason, not a traceback

c.Voila.ip = room.ip
c.Voila.open_browser = False
c.VoilaConfiguration.preheat_kernel = True
c.VoilaConfiguration.default_pool_size = room.pool
if room.room_class is not None:
    notebook, students = room.room_class
    c.VoilaKernelManager.kernel_pools_config = {
        "default": {"pool_size": room.pool},
        notebook: {"pool_size": students},
    }
c.VoilaKernelManager.fill_delay = room.refill
c.VoilaConfiguration.multi_kernel_manager_class = "gamekit.classroom.RoomKernelManager"
c.RoomKernelManager.room_size = room.room_size

# A page's board is the output of its notebook's cell. On a busy server that output can come
# more than nbclient's default 4 s after the cell has run; Voilà would then serve the page
# without its board. Wait for it.
c.VoilaExecutor.iopub_timeout = 60

c.MappingKernelManager.cull_idle_timeout = room.cull
c.MappingKernelManager.cull_interval = 10
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False
