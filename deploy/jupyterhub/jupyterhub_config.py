"""JupyterHub for one school server: the dday tutorial for several classes.

Each learner gets a single-user Jupyter server of their own, with the tutorial copied into
``~/dday-tutorial`` when their server starts (a notebook they edited is kept: ``python -m dday
tutorial`` never overwrites one). Learners land in Voilà (the notebooks with the code hidden);
teachers land in JupyterLab. A server left idle is stopped by the idle culler, and each learner's
server has a memory limit.

Install, as root, in one environment that every account can read (for example /opt/dday)::

    python3 -m venv --upgrade-deps /opt/dday
    /opt/dday/bin/pip install "dday_tutorial-0.4.0-py3-none-any.whl[hub]"   # the wheel built by python -m build
    npm install -g configurable-http-proxy   # the hub's proxy (Node.js)
    cd /etc/jupyterhub && /opt/dday/bin/jupyterhub -f /path/to/this/jupyterhub_config.py

Put the hub behind the school's HTTPS (a reverse proxy, or ``c.JupyterHub.ssl_cert``/``ssl_key``).

What a school sets, by environment variable or by editing the lines below:

- ``DDAY_HUB_TEACHERS``: the teachers' user names, space-separated. They are the hub's admins:
  they approve the learners' sign-ups at ``/hub/authorize`` and can stop any server. A teacher
  signs up first, under one of these names, and is approved at once.
- ``DDAY_HUB_MEM_LIMIT``: memory per learner's server (default ``1G``; measured by
  ``benchmarks/bench_hub.py``: the server alone about 110 MiB, each notebook open about 120 MiB more).
- ``DDAY_HUB_IDLE_TIMEOUT``: seconds without activity before a server is stopped (default 3600).
- ``DDAY_HUB_URL``: where the hub listens (default ``http://:8000``, every interface).

Tested with JupyterHub 5.5 (``tests/app/test_hub.py`` runs this file with test logins and a local
spawner); JupyterHub 6 breaks NativeAuthenticator 1.3's login.
"""

import os
import shlex
import sys
from pathlib import Path

import nativeauthenticator

from dday.classroom import template_root

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (given by JupyterHub when it loads this file)

TEACHERS = set(os.environ.get("DDAY_HUB_TEACHERS", "teacher").split())
MEM_LIMIT = os.environ.get("DDAY_HUB_MEM_LIMIT", "1G")
IDLE_TIMEOUT = int(os.environ.get("DDAY_HUB_IDLE_TIMEOUT", "3600"))
TUTORIAL_DIR = "dday-tutorial"  # in each user's home
BIN = Path(sys.executable).parent  # the hub and the single-user servers share this environment

# --- Who logs in: NativeAuthenticator ---------------------------------------------------------
# Each learner signs up with a user name and a password of their own at /hub/signup; a teacher
# approves the sign-up at /hub/authorize (so a stranger cannot join, and no learner can log in as
# another). A forgotten password is reset by a teacher at /hub/change-password/<name>.
# For a one-off session where protecting learners from each other does not matter, JupyterHub's
# own shared-password authenticator is simpler (one class password):
#   c.JupyterHub.authenticator_class = "shared-password"
#   c.SharedPasswordAuthenticator.user_password = "..."   # 8 characters or more
#   c.SharedPasswordAuthenticator.admin_password = "..."  # 32 characters or more
c.JupyterHub.authenticator_class = "nativeauthenticator.NativeAuthenticator"
c.JupyterHub.template_paths = [str(Path(nativeauthenticator.__file__).parent / "templates")]
c.Authenticator.admin_users = TEACHERS
c.Authenticator.allow_all = True  # whoever a teacher approved; NativeAuthenticator refuses the others
c.NativeAuthenticator.open_signup = False  # a teacher approves each sign-up
c.NativeAuthenticator.minimum_password_length = 8
c.NativeAuthenticator.check_common_password = True
c.NativeAuthenticator.allowed_failed_logins = 5  # then a pause before the next try
c.NativeAuthenticator.seconds_before_next_try = 120
c.JupyterHub.load_groups = {"teachers": {"users": sorted(TEACHERS)}}

# --- Where each learner's server runs: SystemdSpawner ---------------------------------------
# One systemd unit per learner, under a user created on the fly (DynamicUser: no system account
# to make for each learner; the home, /var/lib/<name>, is kept between sessions). systemd enforces
# the memory limit (MemoryMax=): a notebook that grows past it is stopped, not the machine.
# The hub must run as root on a machine booted with systemd.
# LocalProcessSpawner (JupyterHub's default, one system account per learner) does NOT enforce
# mem_limit: it only passes it on to the server as MEM_LIMIT; with it, the limit is advisory.
c.JupyterHub.spawner_class = "systemdspawner.SystemdSpawner"
c.SystemdSpawner.dynamic_users = True
c.SystemdSpawner.isolate_tmp = True
c.SystemdSpawner.isolate_devices = True
c.SystemdSpawner.disable_user_sudo = True
c.Spawner.mem_limit = MEM_LIMIT
c.Spawner.cpu_limit = 1.0  # one core at most per learner, so one busy notebook cannot stall a class

# The server's command: copy the tutorial into the home (a notebook the learner edited is kept),
# then start the single-user server. A failed copy does not stop the server: the learner's work
# stays reachable.
_copy = f"{shlex.quote(str(BIN / 'python'))} -m dday tutorial ~/{TUTORIAL_DIR} --no-browser"
_serve = f'exec {shlex.quote(str(BIN / "jupyterhub-singleuser"))} "$@"'
c.Spawner.cmd = ["/bin/sh", "-c", f"{_copy}; {_serve}", "dday-singleuser"]
# Inside each server, a kernel whose page was closed is shut down after 10 minutes (a Voilà tab
# holds one kernel, about 150 MB), so a learner who opens many notebooks stays under the limit.
c.Spawner.args = [
    "--MappingKernelManager.cull_idle_timeout=600",
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_connected=False",
    # The classroom app's Voilà template: the same pages without Voilà's links to a public CDN, and
    # MathJax from JupyterLab's own bundle instead of cdnjs, so a learner's browser asks nothing of
    # any other host (ipywidgets bundles the icons).
    "--VoilaConfiguration.template=dday",
    "--ServerApp.tornado_settings={'mathjax_url': None, 'mathjax_config': None}",
]

# --- Where each user lands: Voilà for learners, JupyterLab for teachers ------------------------
# A learner's server shows only the tutorial's folder; Voilà lists its notebooks on the tutorial's
# front page (dday's Voilà template draws the list), and each opens with the code hidden. A teacher's shows the whole home, in JupyterLab, on the lesson plan.
LEARNER_URL = "/voila/tree"
TEACHER_URL = f"/lab/tree/{TUTORIAL_DIR}/19_classroom_lesson.ipynb"


def landing_page(spawner):  # type: ignore[no-untyped-def]
    """Before a server starts: a teacher (an admin, or in the group "teachers") lands in
    JupyterLab, everyone else in Voilà."""
    user = spawner.user
    teacher = user.admin or any(group.name == "teachers" for group in user.groups)
    spawner.default_url = TEACHER_URL if teacher else LEARNER_URL
    spawner.notebook_dir = "~" if teacher else f"~/{TUTORIAL_DIR}"


c.Spawner.pre_spawn_hook = landing_page

# --- Idle servers are stopped: jupyterhub-idle-culler, as a hub service ----------------------
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [str(BIN / "python"), "-m", "jupyterhub_idle_culler", f"--timeout={IDLE_TIMEOUT}", f"--cull-every={max(IDLE_TIMEOUT // 10, 1)}"],
    }
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]
# How often the hub reads the proxy's and the servers' activity: a tenth of the idle timeout
# (JupyterHub's default, 5 minutes, is too coarse for a short timeout).
c.JupyterHub.last_activity_interval = max(IDLE_TIMEOUT // 10, 1)
c.Spawner.environment = {
    "JUPYTERHUB_ACTIVITY_INTERVAL": str(max(IDLE_TIMEOUT // 10, 1)),
    "JUPYTER_PATH": str(template_root()),  # where Voilà finds the template "dday"
}

# --- The hub itself ---------------------------------------------------------------------------
c.JupyterHub.bind_url = os.environ.get("DDAY_HUB_URL", "http://:8000")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops the learners' servers too
c.Spawner.start_timeout = 120  # a class logging in at once on a small server
c.Spawner.http_timeout = 120
