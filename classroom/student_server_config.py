# A student's own Jupyter server under the school's JupyterHub (classroom/jupyterhub_config.py
# passes this file with --config).
import os
from pathlib import Path

c = get_config()  # noqa: F821  (traitlets gives config files get_config)

ROOT = Path(__file__).resolve().parents[1]

# As in make lab: a saved lesson keeps a picture of each board instead of its live widget, and
# JupyterLab saves no widget state and fetches no news (notebooks/.jupyter/lab/settings).
load_subconfig(str(ROOT / "notebooks/.jupyter/jupyter_server_config.py"))  # noqa: F821
c.LabApp.app_settings_dir = str(ROOT / "notebooks/.jupyter/lab/settings")

# The apps as Voilà pages (/user/NAME/voila/render/apps/coffee.ipynb) use make demo's page
# template (found through JUPYTER_PATH): nothing from a CDN, and a red bar if the kernel is lost.
c.VoilaConfiguration.template = "gamekit"
# Voilà as a server extension would load MathJax from a CDN; as make demo, load none.
c.ServerApp.tornado_settings = {"mathjax_url": None, "mathjax_config": None}

# A kernel with no page open (a lesson closed, an app left) is freed after 10 minutes idle.
c.MappingKernelManager.cull_idle_timeout = 600
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = False

# JupyterHub runs as root on some school machines; the servers then run as root too.
if os.getuid() == 0:
    c.ServerApp.allow_root = True
