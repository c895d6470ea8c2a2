# JupyterHub for a school: each student logs in and gets a Jupyter server of their own, with
# gamekit, their own copy of the lessons (notebooks/) and the apps (apps/, also as Voilà
# pages at /user/NAME/voila/render/apps/coffee.ipynb). `make hub` starts it; docs/classroom.md
# explains it, and how to go on to Kubernetes with Zero to JupyterHub.
#
# Settings read from the environment (the defaults try it out on this computer):
# - HUB_IP, HUB_PORT: where students connect (127.0.0.1:8000; HUB_IP=0.0.0.0 opens it to
#   the school's network).
# - HUB_PASSWORD: the class password (8 characters or more). Without it, any name and any
#   password log in (JupyterHub's DummyAuthenticator: for trying it out, never for a class).
# - HUB_TEACHER, HUB_TEACHER_PASSWORD: a teacher's name and password (32 characters or more)
#   who may open the hub's admin page, see every student's server and stop it.
# - HUB_HOMES: where the students' folders go (classroom/homes/NAME); HUB_STATE: the hub's
#   own files (classroom/state/: its database, cookie secret).
# - HUB_IDLE: a student's server with nothing open is stopped after this many seconds (3600);
#   inside a server, a kernel with no page open is freed after 10 minutes.
#
# Students share one operating-system account here (SimpleLocalProcessSpawner): fine for
# a lesson on a school machine, not for strangers on the internet.
import os
import sys
from pathlib import Path

from gamekit.classroom import give_lessons

c = get_config()  # noqa: F821  (traitlets gives config files get_config)

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent  # the environment that runs the hub runs the students
STATE = Path(os.environ.get("HUB_STATE", ROOT / "classroom" / "state"))
HOMES = Path(os.environ.get("HUB_HOMES", ROOT / "classroom" / "homes"))
STATE.mkdir(parents=True, exist_ok=True)

c.JupyterHub.ip = os.environ.get("HUB_IP", "127.0.0.1")
c.JupyterHub.port = int(os.environ.get("HUB_PORT", "8000"))
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")
c.ConfigurableHTTPProxy.command = [
    str(ROOT / "classroom/node_modules/.bin/configurable-http-proxy")
]

# Logins.
if os.environ.get("HUB_PASSWORD"):
    c.JupyterHub.authenticator_class = "shared-password"
    c.SharedPasswordAuthenticator.user_password = os.environ["HUB_PASSWORD"]
    c.SharedPasswordAuthenticator.allow_all = True
    if os.environ.get("HUB_TEACHER_PASSWORD"):
        c.SharedPasswordAuthenticator.admin_password = os.environ["HUB_TEACHER_PASSWORD"]
else:
    c.JupyterHub.authenticator_class = "dummy"
    c.DummyAuthenticator.allow_all = True
if os.environ.get("HUB_TEACHER"):
    c.Authenticator.admin_users = {os.environ["HUB_TEACHER"]}

# A server per student, in a folder of their own holding their copy of the lessons and apps
# (gamekit.classroom.give_lessons copies them at the first login, never over their work).
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(HOMES / "{username}")
c.Spawner.pre_spawn_hook = lambda spawner: give_lessons(Path(spawner.home_dir), ROOT)
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
c.Spawner.default_url = "/lab/tree/notebooks/00_start_here.ipynb"
c.Spawner.args = [f"--config={ROOT / 'classroom/student_server_config.py'}"]
c.Spawner.environment = {"JUPYTER_PATH": str(ROOT / "apps/.jupyter")}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120

# A student's server with nothing open is stopped after HUB_IDLE seconds (their files stay).
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={os.environ.get('HUB_IDLE', '3600')}",
            "--cull-every=60",
        ],  # fmt: skip
    }
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]
