# JupyterHub for a school: each student logs in and gets a Jupyter server of their own, with
# gamekit, their own copy of the lessons (notebooks/) and the apps (apps/, also as Voilà
# pages at /user/NAME/voila/render/apps/coffee.ipynb). `make hub` starts it; docs/classroom.md
# explains it, and how to go on to Kubernetes with Zero to JupyterHub.
#
# Settings read from the environment (the defaults try it out on this computer), checked by
# gamekit.hub.hub_settings, which stops the hub with the reason when they are not safe:
# - HUB_IP, HUB_PORT: where students connect (127.0.0.1:8000; HUB_IP=0.0.0.0 opens it to
#   the school's network, and then needs HUB_PASSWORD and the hub run as root).
# - HUB_PASSWORD: the class password (8 characters or more). Without it, on 127.0.0.1 only,
#   any name and any password log in (JupyterHub's DummyAuthenticator, to try it out).
# - HUB_TEACHER, HUB_TEACHER_PASSWORD: a teacher's name and password (32 characters or more)
#   who may open the hub's admin page, see every student's server and stop it; both are
#   needed, with HUB_PASSWORD, or anyone typing the teacher's name would be the teacher.
# - HUB_HOMES: where the students' folders go (classroom/homes/NAME); HUB_STATE: the hub's
#   own files (classroom/state/: its database, cookie secret), readable by the hub only.
# - HUB_IDLE: a student's server with nothing open is stopped after this many seconds (3600);
#   inside a server, a kernel with no page open is freed after 10 minutes.
# - HUB_CLASS_PORT: the port (on 127.0.0.1) of the class store's service (10101), which alone
#   holds the class's database: HUB_STATE/class.db, or CLASS_DB (a PostgreSQL address) if set.
#   Students play each other at tables and their puzzles count for their class through it,
#   as their login name; their servers get its address, never the database or a password.
#   The teacher makes a class with `python -m gamekit.store --folder HUB_STATE new-class 7B`
#   (with CLASS_DB set, if it is set for the hub).
#
# Run as root, the hub gives every student an account of the computer's own (gk-NAME,
# created at the first login, as The Littlest JupyterHub does: gamekit.hub.StudentSpawner):
# a student's Python cannot read the hub's secret, another student's folder, or change the
# lessons' code. Not as root (to try it out on 127.0.0.1 only), the students' servers run
# under the hub's own account.
import os
import sys
from pathlib import Path

from gamekit.classroom import give_lessons
from gamekit.hub import hub_settings, keep_private

c = get_config()  # noqa: F821  (traitlets gives config files get_config)

try:
    hub = hub_settings(os.environ)
except ValueError as error:
    sys.exit(f"make hub: {error}")  # stops the hub with the reason, not a traceback

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent  # the environment that runs the hub runs the students
STATE = Path(os.environ.get("HUB_STATE", ROOT / "classroom" / "state"))
HOMES = Path(os.environ.get("HUB_HOMES", ROOT / "classroom" / "homes"))
keep_private(STATE)  # the database and the cookie secret: the hub's alone

c.JupyterHub.ip = hub.ip
c.JupyterHub.port = hub.port
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")
c.ConfigurableHTTPProxy.command = [
    str(ROOT / "classroom/node_modules/.bin/configurable-http-proxy")
]

# Logins.
if hub.password is not None:
    c.JupyterHub.authenticator_class = "shared-password"
    c.SharedPasswordAuthenticator.user_password = hub.password
    c.SharedPasswordAuthenticator.allow_all = True
    if hub.teacher_password is not None:
        c.SharedPasswordAuthenticator.admin_password = hub.teacher_password
else:
    c.JupyterHub.authenticator_class = "dummy"  # 127.0.0.1 only: hub_settings says so
    c.DummyAuthenticator.allow_all = True
if hub.teacher is not None:
    c.Authenticator.admin_users = {hub.teacher}

# A server per student, in a folder of their own holding their copy of the lessons and apps
# (gamekit.classroom.give_lessons copies them at the first login, never over their work).
if hub.separate_accounts:  # as root: an account of the computer's own per student
    c.JupyterHub.spawner_class = "gamekit.hub.StudentSpawner"
    c.StudentSpawner.homes = str(HOMES)
    c.StudentSpawner.lessons = str(ROOT)
else:  # to try it out on this computer: the students' servers share the hub's account
    c.JupyterHub.spawner_class = "simple"
    c.SimpleLocalProcessSpawner.home_dir_template = str(HOMES / "{username}")
    c.Spawner.pre_spawn_hook = lambda spawner: give_lessons(Path(spawner.home_dir), ROOT)
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
c.Spawner.default_url = "/lab/tree/notebooks/00_start_here.ipynb"
c.Spawner.args = [f"--config={ROOT / 'classroom/student_server_config.py'}"]
# The class store's service (gamekit.store.service): the students' servers get its address
# only, and their own hub token (JupyterHub gives every server one) says who they are.
CLASS_SERVICE = f"http://127.0.0.1:{hub.class_port}"
c.Spawner.environment = {
    "JUPYTER_PATH": str(ROOT / "apps/.jupyter"),
    "GAMEKIT_CLASS_SERVICE": f"{CLASS_SERVICE}/services/class-store/",
}
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
            f"--timeout={hub.idle}",
            "--cull-every=60",
        ],  # fmt: skip
    },
    {
        "name": "class-store",
        "url": CLASS_SERVICE,
        "command": [sys.executable, "-m", "gamekit.store.service", f"--folder={STATE}"],
        # a PostgreSQL address (with its password) goes to the service, and to nobody else
        "environment": {"CLASS_DB": os.environ["CLASS_DB"]} if os.environ.get("CLASS_DB") else {},
    },
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    },
    {  # the class store asks the hub who is its admin: the teacher, who sees the whole class
        "name": "class-store",
        "scopes": ["read:users:name"],
        "services": ["class-store"],
    },
]
