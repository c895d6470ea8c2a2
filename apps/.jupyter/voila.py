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
# - At most DEMO_MAX kernels serve the students' pages at once (30 by default; 0: no cap).
#   One more page gets "the room is full — try again in a minute" at once (HTTP 503) instead
#   of a page that hangs. It counts every kernel outside the pool: open pages, pages closed
#   but not yet freed, the pool's refills being started. It needs `make demo`'s Voilà
#   (python -m gamekit.classroom serve); plain `voila` ignores it.
# - DEMO_IP is the address the server listens on: 127.0.0.1 (this computer only) by
#   default; 0.0.0.0 opens it to the room's network.
import os
import sys
from pathlib import Path

from gamekit.classroom import class_pool

c = get_config()  # noqa: F821  (traitlets gives config files get_config)

c.Voila.ip = os.environ.get("DEMO_IP", "127.0.0.1")

c.VoilaConfiguration.preheat_kernel = True
c.VoilaConfiguration.default_pool_size = int(os.environ.get("DEMO_POOL", "1"))
room_class = os.environ.get("DEMO_CLASS")  # "coffee:20": the app a class opens, and its students
if room_class:
    try:
        notebook, students = class_pool(room_class, Path(__file__).parents[1])
    except ValueError as error:
        sys.exit(f"make demo: {error}")  # stops the server with the reason, not a traceback
    c.VoilaKernelManager.kernel_pools_config = {
        "default": {"pool_size": c.VoilaConfiguration.default_pool_size},
        notebook: {"pool_size": students},
    }
c.VoilaKernelManager.fill_delay = float(
    os.environ.get("DEMO_REFILL", "90" if room_class else "1")
)
c.VoilaConfiguration.multi_kernel_manager_class = "gamekit.classroom.RoomKernelManager"
c.RoomKernelManager.room_size = int(os.environ.get("DEMO_MAX", "30"))

# A page's board is the output of its notebook's cell. On a busy server that output can come
# more than nbclient's default 4 s after the cell has run; Voilà would then serve the page
# without its board. Wait for it.
c.VoilaExecutor.iopub_timeout = 60

c.MappingKernelManager.cull_idle_timeout = int(os.environ.get("DEMO_CULL", "60"))
c.MappingKernelManager.cull_interval = 10
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False
