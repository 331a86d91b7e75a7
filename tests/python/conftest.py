"""Shared by the Python package's tests (ctest python.pytest): the `redist` command to compare with
($REDIST), the sources ($SRC), and the ring instances of tests/capi/instances.sh, made once."""

import os
import pathlib
import subprocess

import pytest

SRC = pathlib.Path(os.environ.get("SRC", pathlib.Path(__file__).resolve().parents[2]))
REDIST = os.environ.get("REDIST", str(SRC / "build" / "cli" / "redist"))


def cli(*args, check=True):
    """Runs `redist ARGS`: (status, stdout bytes, stderr text)."""
    done = subprocess.run([REDIST, *map(str, args)], capture_output=True)
    if check and done.returncode not in (0, 1, 2):
        raise AssertionError(f"redist {args}: status {done.returncode}: {done.stderr!r}")
    return done.returncode, done.stdout, done.stderr.decode()


@pytest.fixture(scope="session")
def instances(tmp_path_factory):
    """The ring instance files of instances.sh (valid and refused ones)."""
    folder = tmp_path_factory.mktemp("instances")
    script = SRC / "tests" / "capi" / "instances.sh"
    subprocess.run(["bash", "-c", f'source "{script}"; instances_into "{folder}"'], check=True,
                   env={**os.environ, "REDIST": REDIST, "SRC": str(SRC)})
    return sorted(folder.glob("*.json"))
