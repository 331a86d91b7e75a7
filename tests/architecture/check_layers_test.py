#!/usr/bin/env python3
"""scripts/check_layers.py on made-up trees: it must flag an up-include and a sibling include with
file:line and exit 1, accept downward includes with exit 0, check a layer's internal includes
("app/x.hpp") the same way, and count the CLI's lines, failing above 500."""

import pathlib
import subprocess
import sys
import tempfile

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "check_layers.py"


def write(root, path, text):
    target = root / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)


def run(root):
    done = subprocess.run([sys.executable, str(SCRIPT), str(root)], capture_output=True, text=True)
    return done.returncode, done.stdout


def main():
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        write(root, "include/redist/ring/plan.hpp", '#include "redist/sim/x.hpp"\n#include <redist/core/y.hpp>\n')
        write(root, "src/perm/a.cpp", '#include "redist/perm/b.hpp"\n#include "redist/io/c.hpp"\n')
        write(root, "cli/main.cpp", "int main() {}\n// two lines\n")
        code, out = run(root)
        assert code == 0, out
        assert "up-includes: 0" in out and "cli lines: 2" in out, out

        write(root, "include/redist/io/codec.hpp", '// a codec\n#include "redist/lau/planner.hpp"\n')
        write(root, "src/lau/x.cpp", '#include <redist/perm/instance.hpp>\n')
        code, out = run(root)
        assert code == 1, out
        assert "include/redist/io/codec.hpp:2: io -> lau" in out, out
        assert "src/lau/x.cpp:1: lau -> perm" in out, out
        assert "up-includes: 2" in out, out

    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        write(root, "src/app/a.cpp", '#include "app/b.hpp"\n#include "io/closest_name.hpp"\n')
        write(root, "src/ring/r.cpp", '#include "detail/x.hpp"\n')
        write(root, "cli/main.cpp", "// line\n" * 500)
        code, out = run(root)
        assert code == 0, out
        assert "up-includes: 0" in out and "cli lines: 500" in out, out

        write(root, "src/io/z.cpp", '#include "app/plan_output.hpp"\n')
        write(root, "cli/extra.cpp", "// one line too many\n")
        code, out = run(root)
        assert code == 1, out
        assert "src/io/z.cpp:1: io -> app" in out and "cli lines: 501" in out, out

        (root / "src/io/z.cpp").unlink()
        code, out = run(root)
        assert code == 1, out  # the CLI alone, over 500 lines
    print("check_layers: ok")


if __name__ == "__main__":
    main()
